import { sql } from 'drizzle-orm';
import type { CoachDomain } from '#contracts/coach.ts';
import type { GoalStatus } from '#contracts/goals.ts';
import { queryRows, type Db } from '#server/db/client.ts';

// The analytics read model's statements (ADR 016): the one place allowed to read across other
// modules' tables (tasks, goals, milestones, top_three_days, goal_measurements). It writes nothing.
// Every statement is scoped to one user id and aggregates in the database, so a person with years
// of history costs a few grouped rows, not their whole task list. Dates are the local dates the tasks module stores.

export interface ClosedDayRow {
  date: string;
  status: 'done' | 'skipped';
  domain: CoachDomain | null;
  count: number;
  /** Sum of estimated minutes (0 when none were estimated). */
  minutes: number;
  /** Tasks with a due or scheduled date, and those closed on or before it. */
  dated: number;
  onTime: number;
}

/** Done and skipped tasks closed between `from` and `to`, grouped by date, status and domain. */
export function closedByDay(db: Db, userId: string, from: string, to: string) {
  return queryRows<ClosedDayRow>(
    db,
    sql`select t.closed_on::text as date, t.status, g.domain,
               count(*)::int as count,
               coalesce(sum(t.estimated_minutes), 0)::int as minutes,
               count(coalesce(t.due_date, t.scheduled_date))::int as dated,
               count(*) filter (where t.closed_on <= coalesce(t.due_date, t.scheduled_date))::int as "onTime"
        from tasks t left join goals g on g.id = t.goal_id and g.user_id = t.user_id
        where t.user_id = ${userId}::uuid and t.status in ('done', 'skipped')
          and t.closed_on between ${from}::date and ${to}::date
        group by 1, 2, 3`,
  );
}

export interface OverdueRow {
  /** The earliest of the task's scheduled and due dates: the day it fell behind from. */
  since: string;
  domain: CoachDomain | null;
  count: number;
}

/**
 * Open tasks overdue on `today` (the tasks' "overdue" view: scheduled or due before today, not
 * snoozed past it) whose earliest date is on or after `from`.
 */
export function overdueOpen(db: Db, userId: string, from: string, today: string) {
  return queryRows<OverdueRow>(
    db,
    sql`select least(t.scheduled_date, t.due_date)::text as since, g.domain, count(*)::int as count
        from tasks t left join goals g on g.id = t.goal_id and g.user_id = t.user_id
        where t.user_id = ${userId}::uuid and t.status = 'open'
          and (t.snoozed_until is null or t.snoozed_until <= ${today}::date)
          and least(t.scheduled_date, t.due_date) >= ${from}::date
          and least(t.scheduled_date, t.due_date) < ${today}::date
        group by 1, 2`,
  );
}

export interface ActiveGoalRow {
  id: string;
  title: string;
  domain: CoachDomain;
  pinned: boolean;
  progress: number;
}

/** Active goals with the progress the goals service keeps, in the goals list's order. */
export function activeGoals(db: Db, userId: string) {
  return queryRows<ActiveGoalRow>(
    db,
    sql`select id, title, domain, pinned, progress from goals
        where user_id = ${userId}::uuid and status = 'active'
        order by pinned desc, deadline asc, title asc, id asc`,
  );
}

/** The local dates between `from` and `to` with a frozen top three that picked something. */
export async function topThreeDates(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await queryRows<{ date: string }>(
    db,
    sql`select local_date::text as date from top_three_days
        where user_id = ${userId}::uuid and local_date between ${from}::date and ${to}::date
          and jsonb_array_length(picks) > 0
        order by local_date`,
  );
  return rows.map((row) => row.date);
}

/**
 * Estimated minutes of the tasks planned for each date between `from` and `to`: a task's
 * scheduled date, else its due date, else the day it was opened (a task added without a date is
 * planned for the day it was added).
 */
export function plannedMinutes(db: Db, userId: string, from: string, to: string) {
  return queryRows<{ date: string; minutes: number }>(
    db,
    sql`select coalesce(scheduled_date, due_date, open_since)::text as date,
               coalesce(sum(estimated_minutes), 0)::int as minutes
        from tasks
        where user_id = ${userId}::uuid and estimated_minutes is not null
          and coalesce(scheduled_date, due_date, open_since) between ${from}::date and ${to}::date
        group by 1`,
  );
}

/** How many done tasks took each number of days from opening to completion. */
export function openToDoneDays(db: Db, userId: string, from: string, to: string) {
  return queryRows<{ days: number; count: number }>(
    db,
    sql`select greatest(closed_on - open_since, 0)::int as days, count(*)::int as count
        from tasks
        where user_id = ${userId}::uuid and status = 'done'
          and closed_on between ${from}::date and ${to}::date
        group by 1 order by 1`,
  );
}

/** Open tasks that carry a snooze. */
export async function snoozedOpen(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from tasks
        where user_id = ${userId}::uuid and status = 'open' and snoozed_until is not null`,
  );
  return row?.count ?? 0;
}

/**
 * Milestones due between `from` and `today` (one due today only once done), and those completed
 * on or before their due date in the person's zone.
 */
export async function milestoneHits(
  db: Db,
  userId: string,
  options: { from: string; today: string; timeZone: string },
): Promise<{ due: number; hit: number }> {
  const { from, today, timeZone } = options;
  const [row] = await queryRows<{ due: number; hit: number }>(
    db,
    sql`select count(*)::int as due,
               count(*) filter (
                 where completed_at is not null
                   and (completed_at at time zone ${timeZone})::date <= due_date)::int as hit
        from milestones
        where user_id = ${userId}::uuid and due_date between ${from}::date and ${today}::date
          and (due_date < ${today}::date or completed_at is not null)`,
  );
  return row ?? { due: 0, hit: 0 };
}

// --- One domain (/analytics/metrics/{domain}, ADR 026) ------------------------------------------

export interface DomainGoalRow {
  id: string;
  title: string;
  status: GoalStatus;
  pinned: boolean;
  progress: number;
  deadline: string;
  metric: unknown;
}

/** The domain's goals that are not archived, in the goals list's order. */
export function domainGoals(db: Db, userId: string, domain: CoachDomain) {
  return queryRows<DomainGoalRow>(
    db,
    sql`select id, title, status, pinned, progress, deadline::text as deadline, metric from goals
        where user_id = ${userId}::uuid and domain = ${domain} and status <> 'archived'
        order by pinned desc, deadline asc, title asc, id asc`,
  );
}

export interface MeasurementRow {
  id: string;
  goalId: string;
  date: string;
  value: number;
  note: string | null;
  createdAt: string;
}

const measurementColumns = sql`m.id, m.goal_id as "goalId", m.local_date::text as date, m.value, m.note,
  to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/**
 * Values logged against the domain's goals between `from` and `to`, oldest first, at most
 * `limit` (the newest of them): a chart's points, never the whole history.
 */
export async function domainMeasurements(
  db: Db,
  userId: string,
  options: { domain: CoachDomain; from: string; to: string; limit: number },
) {
  const rows = await queryRows<MeasurementRow>(
    db,
    sql`select ${measurementColumns}
        from goal_measurements m join goals g on g.id = m.goal_id and g.user_id = m.user_id
        where m.user_id = ${userId}::uuid and g.domain = ${options.domain} and g.status <> 'archived'
          and m.local_date between ${options.from}::date and ${options.to}::date
        order by m.local_date desc, m.created_at desc, m.id
        limit ${options.limit}`,
  );
  return rows.reverse();
}

/** The newest value of each of the domain's goals, whenever it was logged. */
export function latestMeasurements(db: Db, userId: string, domain: CoachDomain) {
  return queryRows<MeasurementRow>(
    db,
    sql`select distinct on (m.goal_id) ${measurementColumns}
        from goal_measurements m join goals g on g.id = m.goal_id and g.user_id = m.user_id
        where m.user_id = ${userId}::uuid and g.domain = ${domain} and g.status <> 'archived'
        order by m.goal_id, m.local_date desc, m.created_at desc`,
  );
}

export interface DomainMilestoneRow {
  id: string;
  goalId: string;
  goalTitle: string;
  title: string;
  dueDate: string;
  /** The local date it was marked done in the person's zone, or null. */
  doneOn: string | null;
}

/** The milestones of the domain's goals that are not archived, by due date. */
export function domainMilestones(
  db: Db,
  userId: string,
  options: { domain: CoachDomain; timeZone: string },
) {
  return queryRows<DomainMilestoneRow>(
    db,
    sql`select m.id, m.goal_id as "goalId", g.title as "goalTitle", m.title, m.due_date::text as "dueDate",
               (m.completed_at at time zone ${options.timeZone})::date::text as "doneOn"
        from milestones m join goals g on g.id = m.goal_id and g.user_id = m.user_id
        where m.user_id = ${userId}::uuid and g.domain = ${options.domain} and g.status <> 'archived'
        order by m.due_date, m.position, m.id`,
  );
}

/**
 * Tasks picked into a frozen top three between `from` and `to`, and those of the domain's goals
 * (a pick whose task is gone counts only in the whole).
 */
export async function topThreePicks(
  db: Db,
  userId: string,
  options: { domain: CoachDomain; from: string; to: string },
): Promise<{ picks: number; domainPicks: number }> {
  const [row] = await queryRows<{ picks: number; domainPicks: number }>(
    db,
    sql`select count(*)::int as picks,
               count(*) filter (where g.domain = ${options.domain})::int as "domainPicks"
        from top_three_days d
        cross join lateral jsonb_array_elements(d.picks) as p(pick)
        left join tasks t on t.id = (p.pick ->> 'taskId')::uuid and t.user_id = d.user_id
        left join goals g on g.id = t.goal_id and g.user_id = d.user_id
        where d.user_id = ${userId}::uuid
          and d.local_date between ${options.from}::date and ${options.to}::date`,
  );
  return row ?? { picks: 0, domainPicks: 0 };
}
