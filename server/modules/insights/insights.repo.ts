import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { InsightContent } from '#contracts/insights.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { weeklyInsights } from '#server/db/schema.ts';
import { uuidList } from '#server/db/uuid-list.ts';

// The only writer of weekly_insights (ADR 028). The worker's statements follow the deliveries'
// claim with a lease (deliveries/delivery-queue.repo.ts): a claim is one committed statement
// (FOR UPDATE SKIP LOCKED), and a write-back holds only while the same claim does.

export type InsightRow = typeof weeklyInsights.$inferSelect;
const iso = (date: Date) => date.toISOString();

/**
 * The next local week of each user of `users` (a subquery of user ids): its Monday and the instant
 * it starts, by the person's home zone and day-start hour (a trip's zone is left out). The one
 * read across owners here: profiles and delivery_schedules, in the statement, so the worker seeds
 * a batch of people at once (ADR 028).
 */
function nextWeekOf(users: SQL, now: Date): SQL {
  return sql`select p.user_id, w.next_week,
                    ((w.next_week + make_interval(hours => w.hour))::timestamp
                      at time zone p.time_zone) as due_at
             from profiles p
             left join delivery_schedules s on s.user_id = p.user_id
             cross join lateral (select coalesce(s.day_start_hour, 0)::int as hour) h
             cross join lateral (
               select h.hour,
                 (date_trunc('week', (${iso(now)}::timestamptz at time zone p.time_zone)
                   - make_interval(hours => h.hour))::date + 7) as next_week
             ) w
             where p.user_id in (${users})`;
}

function insertPending(source: SQL, now: Date): SQL {
  return sql`insert into weekly_insights (id, user_id, week_start, status, due_at, attempts,
               created_at, updated_at)
             select gen_random_uuid(), n.user_id, n.next_week, 'pending', n.due_at, 0,
               ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
             from (${source}) n
             on conflict (user_id, week_start) do nothing`;
}

/**
 * Gives up to `limit` people with a profile and no insight row yet their next week's pending row
 * (due when that week starts for them): nobody gets a mid-week insight unasked.
 */
export async function seedPending(db: Db, now: Date, limit: number): Promise<number> {
  const users = sql`select p2.user_id from profiles p2
    where not exists (select 1 from weekly_insights i where i.user_id = p2.user_id)
    limit ${limit}`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`${insertPending(nextWeekOf(users, now), now)} returning id`,
  );
  return rows.length;
}

/** The pending row of each user's next week (after an insight was written for this one). */
export async function scheduleNextWeek(db: Db, userIds: readonly string[], now: Date) {
  if (userIds.length === 0) return;
  const users = sql`select unnest(${uuidList(userIds)})`;
  await db.execute(insertPending(nextWeekOf(users, now), now));
}

export interface ClaimedInsight {
  id: string;
  userId: string;
  weekStart: string;
  /** The claim's number: the write-back holds only with it. */
  attempt: number;
}

/**
 * Claims up to `limit` rows due now: pending ones whose week has started, and writing ones whose
 * lease ran out (their worker stopped). Each becomes 'writing' with attempts + 1 and a lease
 * until `leaseUntil`. One statement, committed at once.
 */
export async function claimDue(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedInsight[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    week_start: string;
    attempts: number;
  }>(
    db,
    sql`with due as (
          select id from weekly_insights
          where (status = 'pending' and due_at <= ${iso(now)}::timestamptz)
             or (status = 'writing' and lease_until <= ${iso(now)}::timestamptz)
          order by due_at
          limit ${limit}
          for update skip locked
        )
        update weekly_insights w
        set status = 'writing', attempts = w.attempts + 1,
          lease_until = ${iso(leaseUntil)}::timestamptz, updated_at = ${iso(now)}::timestamptz
        from due where w.id = due.id
        returning w.id, w.user_id, w.week_start::text as week_start, w.attempts`,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    weekStart: r.week_start,
    attempt: r.attempts,
  }));
}

/**
 * Writes a claimed row's insight while the claim holds (still 'writing' with the same attempt):
 * a worker that outlived its lease, or a row a refresh made ready meanwhile, writes nothing.
 * A row written after its week has passed (the worker was down) becomes the person's current
 * week's (`currentWeek`), unless that week has one already. True when written.
 */
export async function completeClaim(
  db: Db,
  claim: Pick<ClaimedInsight, 'id' | 'attempt'>,
  written: { content: InsightContent; engine: string; currentWeek?: string },
  now: Date,
): Promise<boolean> {
  const week = written.currentWeek;
  const rows = await db
    .update(weeklyInsights)
    .set({
      ...(week
        ? {
            weekStart: sql`case when exists (
                select 1 from weekly_insights o
                where o.user_id = ${weeklyInsights.userId} and o.week_start = ${week}::date
                  and o.id <> ${weeklyInsights.id}) then ${weeklyInsights.weekStart}
              else ${week}::date end`,
          }
        : {}),
      status: 'ready',
      content: written.content,
      engine: written.engine,
      generatedAt: now,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(weeklyInsights.id, claim.id),
        eq(weeklyInsights.attempts, claim.attempt),
        eq(weeklyInsights.status, 'writing'),
      ),
    )
    .returning({ id: weeklyInsights.id });
  return rows.length === 1;
}

/** Gives a claim back at once (its insight could not be written): due again after `retryAt`. */
export async function releaseClaim(db: Db, claim: ClaimedInsight, retryAt: Date, now: Date) {
  await db
    .update(weeklyInsights)
    .set({ status: 'pending', dueAt: retryAt, leaseUntil: null, updatedAt: now })
    .where(
      and(
        eq(weeklyInsights.id, claim.id),
        eq(weeklyInsights.attempts, claim.attempt),
        eq(weeklyInsights.status, 'writing'),
      ),
    );
}

/** One user's row of a week, locked for the caller's transaction when `lock`. */
export async function findWeek(
  db: Db,
  userId: string,
  weekStart: string,
  options: { lock?: boolean } = {},
): Promise<InsightRow | null> {
  const query = db
    .select()
    .from(weeklyInsights)
    .where(and(eq(weeklyInsights.userId, userId), eq(weeklyInsights.weekStart, weekStart)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/** One user's insight by id, locked for the caller's transaction. */
export async function findForUpdate(
  db: Db,
  userId: string,
  id: string,
): Promise<InsightRow | null> {
  const [row] = await db
    .select()
    .from(weeklyInsights)
    .where(and(eq(weeklyInsights.id, id), eq(weeklyInsights.userId, userId)))
    .for('update');
  return row ?? null;
}

/** The user's written insights of weeks before `weekStart`, newest first. */
export function listPast(db: Db, userId: string, weekStart: string, limit: number) {
  return db
    .select()
    .from(weeklyInsights)
    .where(
      and(
        eq(weeklyInsights.userId, userId),
        eq(weeklyInsights.status, 'ready'),
        lt(weeklyInsights.weekStart, weekStart),
      ),
    )
    .orderBy(desc(weeklyInsights.weekStart))
    .limit(limit);
}

/** Makes a week's insight ready with this content (a refresh), whatever state its row was in. */
export async function saveReady(
  db: Db,
  row: { id: string; userId: string; weekStart: string; content: InsightContent; engine: string },
  now: Date,
): Promise<InsightRow> {
  const [saved] = await db
    .insert(weeklyInsights)
    .values({
      ...row,
      status: 'ready',
      dueAt: now,
      generatedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [weeklyInsights.userId, weeklyInsights.weekStart],
      set: {
        status: 'ready',
        content: row.content,
        engine: row.engine,
        generatedAt: now,
        leaseUntil: null,
        updatedAt: now,
      },
    })
    .returning();
  if (!saved) throw new Error('saving an insight returned no row');
  return saved;
}

/** Replaces a ready insight's content (a suggestion decided). */
export async function saveContent(db: Db, id: string, content: InsightContent, now: Date) {
  const [saved] = await db
    .update(weeklyInsights)
    .set({ content, updatedAt: now })
    .where(eq(weeklyInsights.id, id))
    .returning();
  if (!saved) throw new Error('saving an insight returned no row');
  return saved;
}
