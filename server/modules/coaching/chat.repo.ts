import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { MEMORY_LIMIT } from '#contracts/coaching.ts';
import type { CoachDomain, CoachEngine } from '#contracts/coach.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { runPrepared, type PreparedStatement } from '#server/db/prepared-statements.ts';
import {
  coachMemories,
  coachMessages,
  coachProposals,
  coachThreads,
  teamConsultations,
  userCoaches,
} from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';
import type { UserCoachRow } from './team.repo.ts';

// The chat's statements (ADR 034): one thread per own coach, its messages keyset-paged by
// (created_at, id), the proposals tied to a message or a consultation. Every statement is scoped
// to the person; another person's thread, message or proposal is simply not found.

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

/**
 * Appends a message to the own coach's thread, creating the thread with its first message (two
 * first messages at once share one), in one statement. A thread's id is its own coach's (one
 * thread per own coach), so a page names it without reading it first (`readPage`).
 *
 * The message's time is `at`, or just after the thread's last message when the clock has not
 * moved on (a reply stored in the same millisecond as its question, or a clock set back): the
 * thread's order is its keyset order. The thread's last message time moves, and its read time
 * when the person saw the message as it arrived (their own, or a streamed reply).
 */
export async function appendToThread(
  db: Db,
  values: Omit<NewMessageRow, 'userId'> & {
    userId: string;
    coachId: string;
    at: Date;
    seen: boolean;
  },
): Promise<MessageRow> {
  const { userId, coachId, at, seen } = values;
  const when = at.toISOString();
  const [row] = await queryRows<Omit<MessageRow, 'createdAt'> & { createdAt: string | Date }>(
    db,
    sql`with thread as (
          insert into ${coachThreads} (id, user_id, user_coach_id, created_at, last_message_at, read_at)
          values (${coachId}::uuid, ${userId}::uuid, ${coachId}::uuid, ${when}::timestamptz,
                  ${when}::timestamptz, ${seen ? sql`${when}::timestamptz` : sql`null`})
          on conflict (id) do nothing
        ), message as (
          insert into ${coachMessages}
            (id, thread_id, user_id, author, kind, state, body, engine, model, notice, intent, created_at)
          values (${values.id}::uuid, ${coachId}::uuid, ${userId}::uuid, ${values.author},
                  ${values.kind}, ${values.state}, ${values.body}, ${values.engine ?? null},
                  ${values.model ?? null}, ${values.notice ?? null}, ${values.intent ?? null},
                  greatest(${when}::timestamptz,
                    (select max(m.created_at) + interval '1 millisecond' from ${coachMessages} m
                     where m.thread_id = ${coachId}::uuid)))
          returning *
        ), touched as (
          -- an existing thread (a new one was written with these times above)
          update ${coachThreads} t
          set last_message_at = message.created_at,
              read_at = ${seen ? sql`greatest(t.read_at, message.created_at)` : sql`t.read_at`}
          from message where t.id = ${coachId}::uuid
        )
        select id, thread_id as "threadId", user_id as "userId", author, kind, state, body, engine,
               model, notice, intent, created_at as "createdAt"
        from message`,
  );
  if (!row) throw new Error('insert returned no message');
  return { ...row, createdAt: new Date(row.createdAt) };
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

/** One page of an own coach's thread, read in one statement (see `readPage`). */
export interface ThreadPage {
  coach: UserCoachRow;
  lastMessageAt: Date | null;
  unread: number;
  /** Newest first. */
  messages: MessageRow[];
  proposals: ProposalRow[];
}

type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

const date = (value: string) => new Date(value);
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** The page statement, before (`older`) a cursor's position or from the thread's end. */
function pageText(older: boolean): string {
  return `with page as (
      select * from coach_messages m
      -- the person's own thread, or none; no filter beside the thread's, so even the generic
      -- plan of the prepared statement walks the keyset index backwards and stops at the limit
      where m.thread_id = (select id from coach_threads where id = $2::uuid and user_id = $1::uuid)
        ${older ? 'and (m.created_at, m.id) < ($4::timestamptz, $5::uuid)' : ''}
      order by m.created_at desc, m.id desc
      limit $3::int
    )
    select
      (select json_build_object(
         'id', c.id, 'userId', c.user_id, 'catalogueId', c.catalogue_id, 'domain', c.domain,
         'name', c.name, 'tone', c.tone, 'personality', c.personality,
         'teamPosition', c.team_position, 'addedAt', c.added_at, 'updatedAt', c.updated_at,
         'coachUserId', c.coach_user_id, 'endedAt', c.ended_at)
       from user_coaches c where c.id = $2::uuid and c.user_id = $1::uuid) as coach,
      t.last_message_at as "lastMessageAt",
      (select count(*)::int from coach_messages m
       where m.thread_id = t.id and m.created_at > coalesce(t.read_at, '-infinity')
         and m.author = 'coach') as unread,
      coalesce((select json_agg(json_build_object(
         'id', m.id, 'threadId', m.thread_id, 'userId', m.user_id, 'author', m.author,
         'kind', m.kind, 'state', m.state, 'body', m.body, 'engine', m.engine,
         'model', m.model, 'notice', m.notice, 'intent', m.intent, 'createdAt', m.created_at)
         order by m.created_at desc, m.id desc)
       from page m), '[]') as messages,
      coalesce((select json_agg(json_build_object(
         'id', p.id, 'userId', p.user_id, 'userCoachId', p.user_coach_id,
         'messageId', p.message_id, 'consultationId', p.consultation_id, 'draft', p.draft,
         'reason', p.reason, 'state', p.state, 'suggestionId', p.suggestion_id,
         'taskId', p.task_id, 'experimentId', p.experiment_id, 'createdAt', p.created_at,
         'decidedAt', p.decided_at)
         order by p.created_at, p.id)
       from coach_proposals p
       where p.user_id = $1::uuid and p.message_id in (select id from page)), '[]') as proposals
    from (select 1) as one
    left join coach_threads t on t.id = $2::uuid and t.user_id = $1::uuid`;
}

/**
 * Every open chat reads its thread's newest page, and scrolling up the older ones: one statement
 * each, prepared once per connection (ADR 013), since PostgreSQL plans it in about as long as it
 * runs it.
 */
const NEWEST_PAGE: PreparedStatement = {
  name: 'coach_thread_newest_page',
  types: ['uuid', 'uuid', 'int'],
  text: pageText(false),
};
const OLDER_PAGE: PreparedStatement = {
  name: 'coach_thread_older_page',
  types: ['uuid', 'uuid', 'int', 'timestamptz', 'uuid'],
  text: pageText(true),
};

/**
 * The own coach, its thread's figures (last message, unread coach messages), `limit` messages
 * before `before` (newest first) and their proposals, in one statement whatever the thread's
 * length. The page names its thread by id (the own coach's, see `appendToThread`), so the keyset
 * index is walked backwards and stops at the limit; the unread count reads only what came after
 * the read time. Undefined when the coach is not the person's.
 */
export async function readPage(
  db: Db,
  userId: string,
  coachId: string,
  before: PagePosition | null,
  limit: number,
): Promise<ThreadPage | undefined> {
  const values = [userId, coachId, String(limit)];
  const [row] = await runPrepared<{
    coach: Json<UserCoachRow> | null;
    lastMessageAt: string | Date | null;
    unread: number | null;
    messages: Array<Json<MessageRow>>;
    proposals: Array<Json<ProposalRow>>;
  }>(
    db,
    before ? OLDER_PAGE : NEWEST_PAGE,
    before ? [...values, before.at.toISOString(), before.id] : values,
  );
  if (!row?.coach) return undefined;
  const { coach } = row;
  return {
    coach: {
      ...coach,
      addedAt: date(coach.addedAt),
      updatedAt: date(coach.updatedAt),
      endedAt: dateOrNull(coach.endedAt),
    },
    lastMessageAt: row.lastMessageAt === null ? null : new Date(row.lastMessageAt),
    unread: Number(row.unread ?? 0),
    messages: row.messages.map((m) => ({ ...m, createdAt: date(m.createdAt) })),
    proposals: row.proposals.map((p) => ({
      ...p,
      createdAt: date(p.createdAt),
      decidedAt: dateOrNull(p.decidedAt),
    })),
  };
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
