import { randomUUID } from 'node:crypto';
import type { CoachMessage } from '#contracts/coaching.ts';
import type { ServerEvent } from '#contracts/events.ts';
import type { Db } from '#server/db/client.ts';
import { eventNotification } from '#server/events/event-bus.ts';
import { notifyMany } from '#server/modules/notifications/notifications.service.ts';
import { announce } from './chat-reply.ts';
import { toMessage } from './chat-views.ts';
import * as chatRepo from './chat.repo.ts';
import * as repo from './human-coaches.repo.ts';

// Human coaches in the one thread model (ADR 034, 035). The coach-links module calls these inside
// its transactions: a share makes (or revives) the person's own coach row for the human coach,
// whose id is the thread's; a revocation ends it (the thread stays, read-only); the coach's
// message joins the thread with a `coach_message` notification for the person.

/** The person's own coach row for a human coach: created, or revived and renamed. Its id. */
export async function attachHumanCoach(
  tx: Db,
  values: { clientId: string; coachUserId: string; name: string; at: Date },
): Promise<string> {
  const row = await repo.upsertHumanCoach(tx, { id: randomUUID(), ...values });
  return row.id;
}

/** The person no longer shares with this human coach: no new messages either way. */
export function endHumanCoach(
  tx: Db,
  clientId: string,
  userCoachId: string,
  at: Date,
): Promise<void> {
  return repo.endHumanCoach(tx, clientId, userCoachId, at);
}

/**
 * The human coach's message in the person's thread, unread, with a `coach_message` notification
 * (coach_id: the thread's own coach id; skipped when the person muted that kind). Open pages hear
 * of both when `tx` commits.
 */
export async function postHumanCoachMessage(
  tx: Db,
  message: { clientId: string; userCoachId: string; coachName: string; text: string; at: Date },
): Promise<CoachMessage> {
  const row = await chatRepo.appendToThread(tx, {
    id: randomUUID(),
    userId: message.clientId,
    coachId: message.userCoachId,
    author: 'coach',
    kind: 'chat',
    state: 'complete',
    body: message.text,
    engine: null,
    model: null,
    at: message.at,
    seen: false,
  });
  const stored = toMessage(row, message.userCoachId);
  await announce(tx, message.clientId, stored);
  const firstLine = message.text.split('\n').find((line) => line.trim()) ?? message.text;
  await notifyMany(
    [
      {
        id: randomUUID(),
        userId: message.clientId,
        type: 'coach_message',
        title: `${message.coachName} sent you a message`.slice(0, 120),
        message: firstLine.trim().slice(0, 300),
        priority: 'medium',
        coachId: message.userCoachId,
        data: null,
      },
    ],
    tx,
    message.at,
  );
  return stored;
}

/** The person wrote to a human coach: the coach's open pages read the client again. */
export function tellHumanCoach(tx: Db, coachUserId: string, event: ServerEvent): Promise<void> {
  return chatRepo.notifyInTransaction(tx, eventNotification(coachUserId, event));
}

/** Per thread: the person's last message and whether the coach has answered it. */
export function humanThreadFigures(db: Db, userCoachIds: readonly string[]) {
  return repo.threadFigures(db, userCoachIds);
}
