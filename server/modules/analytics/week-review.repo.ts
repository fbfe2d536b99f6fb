import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

// The read model's statements behind a weekly insight (ADR 028): like analytics.repo.ts, each is
// scoped to one user, aggregates in the database and writes nothing.

export interface GoalDoneRow {
  goalId: string;
  title: string;
  progress: number;
  tasksDone: number;
  minutes: number;
}

/** Active goals with tasks done between `from` and `to`, the most done first. */
export function doneByGoal(db: Db, userId: string, from: string, to: string) {
  return queryRows<GoalDoneRow>(
    db,
    sql`select g.id as "goalId", g.title, g.progress, count(*)::int as "tasksDone",
               coalesce(sum(t.estimated_minutes), 0)::int as minutes
        from tasks t join goals g on g.id = t.goal_id and g.user_id = t.user_id
        where t.user_id = ${userId}::uuid and t.status = 'done' and g.status = 'active'
          and t.closed_on between ${from}::date and ${to}::date
        group by g.id, g.title, g.progress
        order by 4 desc, 5 desc, g.title, g.id`,
  );
}

export interface SlipRow {
  /** The task's open occurrence (or the task itself while open); null once closed. */
  taskId: string | null;
  title: string;
  slips: number;
  skipped: number;
  estimatedMinutes: number | null;
  goalId: string | null;
}

/**
 * Tasks that slipped at least `threshold` times between `from` and `to` (contracts/insights.ts):
 * each skipped occurrence, and each day a task sat in the frozen top three without being done or
 * skipped that day; a series counts as one task. The most slipped first, at most `limit`.
 */
export function slippingTasks(
  db: Db,
  userId: string,
  range: { from: string; to: string },
  threshold: number,
  limit: number,
) {
  const { from, to } = range;
  return queryRows<SlipRow>(
    db,
    sql`with picked as (
          select d.local_date, (p->>'taskId')::uuid as task_id
          from top_three_days d cross join lateral jsonb_array_elements(d.picks) p
          where d.user_id = ${userId}::uuid and d.local_date between ${from}::date and ${to}::date
        ), slips as (
          select coalesce(t.series_id, t.id) as key, 1 as slip, 0 as skip
          from picked join tasks t on t.id = picked.task_id and t.user_id = ${userId}::uuid
          where not (t.status in ('done', 'skipped') and t.closed_on <= picked.local_date)
          union all
          select coalesce(series_id, id), 1, 1 from tasks
          where user_id = ${userId}::uuid and status = 'skipped'
            and closed_on between ${from}::date and ${to}::date
        ), counted as (
          select key, sum(slip)::int as slips, sum(skip)::int as skipped from slips
          group by key having sum(slip) >= ${threshold}
        )
        select case when latest.status = 'open' then latest.id end as "taskId", latest.title,
               c.slips, c.skipped, latest.estimated_minutes as "estimatedMinutes",
               latest.goal_id as "goalId"
        from counted c cross join lateral (
          select id, title, status, estimated_minutes, goal_id from tasks
          where user_id = ${userId}::uuid and (id = c.key or series_id = c.key)
          order by (status = 'open') desc, updated_at desc limit 1
        ) latest
        order by c.slips desc, latest.title
        limit ${limit}`,
  );
}
