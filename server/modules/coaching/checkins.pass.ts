import { randomUUID } from 'node:crypto';
import type { CheckInReason, ConversationAi, PersonFacts } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import type { CheckInSignals } from '#server/modules/analytics/checkin-signals.service.ts';
import {
  notifyMany,
  type BatchNotification,
} from '#server/modules/notifications/notifications.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import { checkInAllowed, checkInReason, ignoredAfter } from './checkin-budget.ts';
import * as repo from './checkins.repo.ts';
import { findOwnCoach, personaOf } from './team.repo.ts';

export interface CheckInsPassDeps {
  db: Db;
  clock: () => Date;
  profile: Pick<ProfileService, 'day'>;
  /** The analytics read model's signals for the person's local date. */
  signals: (tx: Db, userId: string, today: string) => Promise<CheckInSignals>;
  facts: (tx: Db, userId: string, coachId: string) => Promise<PersonFacts>;
  ai: Pick<ConversationAi, 'checkIn'>;
  /** Stores the coach's message in its thread (the chat's writer) and announces it live. */
  postCheckIn: (
    tx: Db,
    message: { userId: string; coachId: string; text: string; at: Date },
  ) => Promise<{ messageId: string }>;
  batchSize: number;
  log: { error(details: object, message: string): void };
}

const TITLES: Record<CheckInReason, (coach: string) => string> = {
  missed_top_three: (coach) => `${coach} checked in about yesterday`,
  quiet_week: (coach) => `${coach} checked in: it has been a quiet week`,
};

function announcement(
  userId: string,
  coachId: string,
  title: string,
  text: string,
): BatchNotification {
  // The notification's text is the reply's first line, without Markdown marks.
  const firstLine = (text.split('\n').find((line) => line.trim()) ?? text).replace(/[*_#>`]/g, '');
  return {
    id: randomUUID(),
    userId,
    type: 'coach_message',
    title,
    message: firstLine.slice(0, 300),
    priority: 'medium',
    coachId,
    data: null,
  };
}

/**
 * One pass of the proactive check-ins, run by the delivery worker beside its scheduler: claims up
 * to `batchSize` people not looked at in 20 hours (check-ins on, a team), and for each with a
 * reason (yesterday's top three untouched, a quiet week) and room in the budget (checkin-budget.ts)
 * the first coach on the team writes in its thread, with a `coach_message` notification (skipped
 * when the person muted that kind), in one transaction.
 */
export async function checkInsPass(
  deps: CheckInsPassDeps,
): Promise<{ claimed: number; written: number }> {
  const { db, clock, log } = deps;
  const claims = await repo.claimCandidates(db, clock(), deps.batchSize);
  let written = 0;
  for (const claim of claims) {
    try {
      const now = clock();
      if (!checkInAllowed({ lastCheckInAt: claim.lastCheckInAt, ignored: claim.ignored }, now)) {
        continue;
      }
      const { localDate } = await deps.profile.day(claim.userId);
      const wrote = await db.transaction(async (tx) => {
        const reason = checkInReason(await deps.signals(tx, claim.userId, localDate), now);
        const coach = await findOwnCoach(tx, claim.userId, claim.coachId);
        if (!reason || !coach) return false;
        const facts = await deps.facts(tx, claim.userId, coach.id);
        const text = deps.ai.checkIn({ coach: personaOf(coach), facts, reason });
        await deps.postCheckIn(tx, { userId: claim.userId, coachId: coach.id, text, at: now });
        const replied = claim.lastCheckInAt
          ? await repo.repliedSince(tx, claim.userId, claim.lastCheckInAt)
          : false;
        await repo.recordCheckIn(tx, claim.userId, {
          at: now,
          ignored: ignoredAfter(claim, replied),
        });
        await notifyMany(
          [announcement(claim.userId, coach.id, TITLES[reason](coach.name), text)],
          tx,
          now,
        );
        return true;
      });
      if (wrote) written += 1;
    } catch (error: unknown) {
      log.error({ err: error, userId: claim.userId }, 'check-in failed; trying again tomorrow');
    }
  }
  return { claimed: claims.length, written };
}
