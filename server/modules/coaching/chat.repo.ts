import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { MEMORY_LIMIT } from '#contracts/coaching.ts';
import type { CoachDomain, CoachEngine } from '#contracts/coach.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import {
  coachMemories,
  coachMessages,
  coachProposals,
  coachThreads,
  teamConsultations,
  userCoaches,
} from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';

// The chat's statements (ADR 034): one thread per own coach, its messages keyset-paged by
// (created_at, id), the proposals tied to a message or a consultation. Every statement is scoped
// to the person; another person's thread, message or proposal is simply not found.

export type ThreadRow = typeof coachThreads.$inferSelect;
export type MessageRow = typeof coachMessages.$inferSelect;
export type NewMessageRow = Omit<typeof coachMessages.$inferInsert, 'createdAt' | 'threadId'>;
export type ProposalRow = typeof coachProposals.$inferSelect;
export type NewProposalRow = typeof coachProposals.$inferInsert;

/** The texts of the person's coach memory a coach may use (`coachId` null: all), newest first. */
export async function listMemoryTexts(
  db: Db,
  userId: string,
  coachId: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ body: coachMemories.body })
    .from(coachMemories)
    .where(
      and(
        eq(coachMemories.userId, userId),
        coachId === null
          ? undefined
          : or(isNull(coachMemories.userCoachId), eq(coachMemories.userCoachId, coachId)),
      ),
    )
    .orderBy(desc(coachMemories.createdAt), desc(coachMemories.id))
    .limit(MEMORY_LIMIT);
  return rows.map((row) => row.body);
}

export async function findThread(
  db: Db,
  userId: string,
  coachId: string,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(coachThreads)
    .where(and(eq(coachThreads.userId, userId), eq(coachThreads.userCoachId, coachId)))
    .limit(1);
  return row;
}

/** The own coach's thread, created on its first message (two first messages at once share one). */
export async function ensureThread(
  db: Db,
  values: { id: string; userId: string; coachId: string; at: Date },
): Promise<ThreadRow> {
  await db
    .insert(coachThreads)
    .values({
      id: values.id,
      userId: values.userId,
      userCoachId: values.coachId,
      createdAt: values.at,
    })
    .onConflictDoNothing({ target: coachThreads.userCoachId });
  const row = await findThread(db, values.userId, values.coachId);
  if (!row) throw new Error('the thread was not created');
  return row;
}

/**
 * Appends a message to a thread. Its time is `at`, or just after the thread's last message when
 * the clock has not moved on (a reply stored in the same millisecond as its question, or a clock
 * set back): the thread's order is its keyset order. Moves the thread's last message time, and
 * its read time when the person saw the message as it arrived (their own, or a streamed reply).
 */
export async function appendMessage(
  db: Db,
  threadId: string,
  values: NewMessageRow & { at: Date; seen: boolean },
): Promise<MessageRow> {
  const { at, seen, ...fields } = values;
  const [row] = await db
    .insert(coachMessages)
    .values({
      ...fields,
      threadId,
      createdAt: sql`greatest(${at.toISOString()}::timestamptz,
        (select max(m.created_at) + interval '1 millisecond' from ${coachMessages} m
         where m.thread_id = ${threadId}::uuid))`,
    })
    .returning();
  if (!row) throw new Error('insert returned no message');
  await db
    .update(coachThreads)
    .set({
      lastMessageAt: row.createdAt,
      ...(seen
        ? {
            readAt: sql`greatest(${coachThreads.readAt}, ${row.createdAt.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(coachThreads.id, threadId));
  return row;
}

/** One of the person's own messages in this thread, or undefined (a retry of it is a 404). */
export async function findPersonMessage(
  db: Db,
  userId: string,
  threadId: string,
  id: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(coachMessages)
    .where(
      and(
        eq(coachMessages.id, id),
        eq(coachMessages.userId, userId),
        eq(coachMessages.threadId, threadId),
        eq(coachMessages.author, 'person'),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A page of the thread, newest first: `limit` messages before `before` (the whole thread's end
 * when null). The index on (thread_id, created_at, id) answers it.
 */
export function pageMessages(
  db: Db,
  userId: string,
  threadId: string,
  before: PagePosition | null,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(coachMessages)
    .where(
      and(
        eq(coachMessages.threadId, threadId),
        eq(coachMessages.userId, userId),
        before === null
          ? undefined
          : sql`(${coachMessages.createdAt}, ${coachMessages.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`,
      ),
    )
    .orderBy(desc(coachMessages.createdAt), desc(coachMessages.id))
    .limit(limit);
}

/** The proposals of the person's messages, in the order they were made. */
export async function proposalsOfMessages(
  db: Db,
  userId: string,
  messageIds: readonly string[],
): Promise<ProposalRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(coachProposals)
    .where(
      and(eq(coachProposals.userId, userId), inArray(coachProposals.messageId, [...messageIds])),
    )
    .orderBy(asc(coachProposals.createdAt), asc(coachProposals.id));
}

export async function insertProposals(
  db: Db,
  rows: readonly NewProposalRow[],
): Promise<ProposalRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(coachProposals)
    .values([...rows])
    .returning();
}

/** A proposal with what deciding it needs: its coach and the engine that proposed it. */
export interface ProposalForDecision extends ProposalRow {
  coachName: string;
  coachDomain: CoachDomain;
  /** The engine of the message or consultation it came with. */
  engine: CoachEngine;
}

/** The person's proposal, locked until the transaction ends (two decisions take turns). */
export async function findProposalForUpdate(
  db: Db,
  userId: string,
  id: string,
): Promise<ProposalForDecision | undefined> {
  const [row] = await db
    .select({
      proposal: coachProposals,
      coachName: userCoaches.name,
      coachDomain: userCoaches.domain,
      messageEngine: coachMessages.engine,
      consultationEngine: teamConsultations.engine,
    })
    .from(coachProposals)
    .innerJoin(userCoaches, eq(userCoaches.id, coachProposals.userCoachId))
    .leftJoin(coachMessages, eq(coachMessages.id, coachProposals.messageId))
    .leftJoin(teamConsultations, eq(teamConsultations.id, coachProposals.consultationId))
    .where(and(eq(coachProposals.id, id), eq(coachProposals.userId, userId)))
    .for('update', { of: coachProposals })
    .limit(1);
  if (!row) return undefined;
  return {
    ...row.proposal,
    coachName: row.coachName,
    coachDomain: row.coachDomain,
    engine: row.messageEngine ?? row.consultationEngine ?? 'offline',
  };
}

export async function decideProposal(
  db: Db,
  id: string,
  set: Pick<ProposalRow, 'state' | 'decidedAt'> &
    Partial<Pick<ProposalRow, 'taskId' | 'experimentId' | 'suggestionId'>>,
): Promise<ProposalRow> {
  const [row] = await db
    .update(coachProposals)
    .set(set)
    .where(eq(coachProposals.id, id))
    .returning();
  if (!row) throw new Error('the proposal was not updated');
  return row;
}

/** What the hub shows beside an own coach: the thread's last message and the unread ones. */
export async function threadFigures(
  db: Db,
  userId: string,
  coachId: string,
): Promise<{ lastMessageAt: Date | null; unread: number }> {
  const [row] = await queryRows<{ lastMessageAt: string | Date | null; unread: number }>(
    db,
    sql`select t.last_message_at as "lastMessageAt",
               (select count(*)::int from ${coachMessages} m
                where m.thread_id = t.id and m.author = 'coach'
                  and (t.read_at is null or m.created_at > t.read_at)) as unread
        from ${coachThreads} t
        where t.user_id = ${userId}::uuid and t.user_coach_id = ${coachId}::uuid`,
  );
  if (!row) return { lastMessageAt: null, unread: 0 };
  return {
    lastMessageAt: row.lastMessageAt === null ? null : new Date(row.lastMessageAt),
    unread: Number(row.unread),
  };
}

/**
 * Marks the thread read: every message in it now, even one stamped just after `at` to keep the
 * thread's order (a read time never moves back).
 */
export async function markThreadRead(
  db: Db,
  userId: string,
  coachId: string,
  at: Date,
): Promise<void> {
  await db
    .update(coachThreads)
    .set({
      readAt: sql`greatest(${coachThreads.readAt}, ${coachThreads.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(coachThreads.userId, userId), eq(coachThreads.userCoachId, coachId)));
}

/** Sends a live event in the caller's transaction: delivered when it commits (event-bus.ts). */
export async function notifyInTransaction(
  db: Db,
  notification: { channel: string; payload: string },
): Promise<void> {
  await db.execute(sql`select pg_notify(${notification.channel}, ${notification.payload})`);
}
