import { sql, type SQL } from 'drizzle-orm';
import type { SessionEventType } from '#contracts/engagement.ts';
import { queryRows, type Db } from '#server/db/client.ts';

// The only writer of session_events and engagement_days. Every read is scoped to one user id and
// aggregates in the database (grouped rows, never a person's whole event stream).

export interface NewSessionEvent {
  id: string;
  sessionId: string;
  type: SessionEventType;
  occurredAt: string;
  localDate: string;
  localHour: number;
}

/** Stores the events not stored before (by the person's event id); returns how many were new. */
export async function insertEvents(
  db: Db,
  userId: string,
  events: readonly NewSessionEvent[],
  receivedAt: Date,
): Promise<number> {
  const values = events.map(
    (e) =>
      sql`(${userId}::uuid, ${e.id}::uuid, ${e.sessionId}::uuid, ${e.type}, ${e.occurredAt}::timestamptz, ${e.localDate}::date, ${e.localHour}, ${receivedAt.toISOString()}::timestamptz)`,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into session_events (user_id, id, session_id, type, occurred_at, local_date, local_hour, received_at)
        values ${sql.join(values, sql`, `)}
        on conflict (user_id, id) do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * One row per session of `events` (a relation with the session_events columns): the local date
 * and hour of its earliest event, and its foreground seconds (each stretch from a start or
 * foreground event to the session's next event, at most `capSeconds`). The reads and the roll-up
 * share it, so a session counts the same before and after it is folded.
 */
function sessionTotals(events: SQL, capSeconds: number): SQL {
  // A session's last event has no next one: its open stretch counts nothing (never the cap).
  return sql`select user_id, session_id,
                    (array_agg(local_date order by occurred_at, id))[1] as date,
                    (array_agg(local_hour order by occurred_at, id))[1] as hour,
                    count(*)::int as events,
                    coalesce(sum(least(coalesce(gap, 0), ${capSeconds}))
                      filter (where type in ('start', 'foreground')), 0)::int as seconds
             from (
               select user_id, session_id, id, type, local_date, local_hour, occurred_at,
                      extract(epoch from lead(occurred_at) over (
                        partition by user_id, session_id order by occurred_at, id) - occurred_at) as gap
               from ${events}
             ) stretches
             group by user_id, session_id`;
}

/** The user's raw events that may belong to sessions begun between `from` and `to`. */
function rawEvents(userId: string, from: string, to: string): SQL {
  // A session begun late on the day before `from` is left out by the caller's date filter; its
  // events are read so that a session's first event decides its day.
  return sql`(select * from session_events
              where user_id = ${userId}::uuid
                and local_date between (${from}::date - 1) and ${to}::date) raw`;
}

export interface SessionSlotRow {
  date: string;
  hour: number;
  sessions: number;
  /** Sessions with more than their first event: their time in front is known. */
  measured: number;
  seconds: number;
}

/** Sessions begun between `from` and `to` (raw events), grouped by local date and hour. */
export function sessionSlots(db: Db, userId: string, from: string, to: string, capSeconds: number) {
  return queryRows<SessionSlotRow>(
    db,
    sql`select date::text as date, hour::int as hour, count(*)::int as sessions,
               count(*) filter (where events > 1)::int as measured, sum(seconds)::int as seconds
        from (${sessionTotals(rawEvents(userId, from, to), capSeconds)}) s
        where date between ${from}::date and ${to}::date
        group by 1, 2`,
  );
}

/**
 * The median foreground seconds of the sessions begun between `from` and `to` (raw events) with
 * more than their first event (one that only started, the one open now say, is not known yet).
 */
export async function medianForeground(
  db: Db,
  userId: string,
  from: string,
  to: string,
  capSeconds: number,
): Promise<number | null> {
  const [row] = await queryRows<{ median: number | null }>(
    db,
    sql`select (percentile_cont(0.5) within group (order by seconds))::float8 as median
        from (${sessionTotals(rawEvents(userId, from, to), capSeconds)}) s
        where date between ${from}::date and ${to}::date and events > 1`,
  );
  return row?.median ?? null;
}

/** Sessions per local date from the roll-up (days older than the raw events), `from` to `to`. */
export function rolledUpDays(db: Db, userId: string, from: string, to: string) {
  return queryRows<{ date: string; sessions: number; seconds: number }>(
    db,
    sql`select local_date::text as date, sessions, foreground_seconds as seconds
        from engagement_days
        where user_id = ${userId}::uuid and local_date between ${from}::date and ${to}::date`,
  );
}

/** Every local date the user had a session, raw or rolled up, oldest first. */
export async function activeDates(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ date: string }>(
    db,
    sql`select local_date::text as date from session_events where user_id = ${userId}::uuid
        union
        select local_date::text from engagement_days where user_id = ${userId}::uuid and sessions > 0
        order by date`,
  );
  return rows.map((row) => row.date);
}

/** Key of the transaction-scoped advisory lock one roll-up pass holds. */
const ROLLUP_LOCK = sql`hashtext('trellis.engagement.rollup')`;

/**
 * Folds up to `limit` sessions whose every event happened before `before` into engagement_days
 * and deletes their events, in one statement. The caller runs it in a transaction: this takes the
 * roll-up's advisory lock first and does nothing (null) when another worker holds it, so two
 * workers never fold the same session twice or split one between them.
 */
export async function rollUpSessions(
  db: Db,
  before: Date,
  limit: number,
  capSeconds: number,
): Promise<{ sessions: number; events: number } | null> {
  const [lock] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`,
  );
  if (!lock?.locked) return null;
  const cutoff = before.toISOString();
  const [row] = await queryRows<{ sessions: number; events: number }>(
    db,
    sql`with old as (
          select distinct user_id, session_id from session_events e
          where occurred_at < ${cutoff}::timestamptz
            and not exists (
              select 1 from session_events n
              where n.user_id = e.user_id and n.session_id = e.session_id
                and n.occurred_at >= ${cutoff}::timestamptz)
          limit ${limit}
        ), taken as (
          delete from session_events e using old
          where e.user_id = old.user_id and e.session_id = old.session_id
          returning e.*
        ), totals as (
          ${sessionTotals(sql`taken`, capSeconds)}
        ), folded as (
          insert into engagement_days (user_id, local_date, sessions, foreground_seconds)
          select user_id, date, count(*)::int, sum(seconds)::int from totals group by 1, 2
          on conflict (user_id, local_date) do update set
            sessions = engagement_days.sessions + excluded.sessions,
            foreground_seconds = engagement_days.foreground_seconds + excluded.foreground_seconds
          returning 1
        )
        select (select count(*)::int from totals) as sessions,
               (select count(*)::int from taken) as events`,
  );
  return row ?? { sessions: 0, events: 0 };
}
