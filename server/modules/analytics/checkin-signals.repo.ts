import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

// The read model's statement behind a coach's proactive check-in (issue 16): scoped to one person,
// it reads their top three, tasks and goals and writes nothing (ADR 016).

export interface CheckInSignalRow {
  yesterdayPicks: number;
  yesterdayDone: number;
  closedLastWeek: number;
  activeGoals: number;
  oldestActiveGoalAt: Date | null;
}

/** `yesterday` and `weekAgo` are the person's local dates (the seven days end yesterday). */
export async function checkInSignals(
  db: Db,
  userId: string,
  yesterday: string,
  weekAgo: string,
): Promise<CheckInSignalRow> {
  const [row] = await queryRows<
    Omit<CheckInSignalRow, 'oldestActiveGoalAt'> & {
      oldestActiveGoalAt: string | Date | null;
    }
  >(
    db,
    sql`with picks as (
          select (p->>'taskId')::uuid as task_id
          from top_three_days d, jsonb_array_elements(d.picks) p
          where d.user_id = ${userId}::uuid and d.local_date = ${yesterday}::date
        )
        select
          (select count(*)::int from picks) as "yesterdayPicks",
          (select count(*)::int from picks join tasks t on t.id = picks.task_id
            where t.user_id = ${userId}::uuid and t.status = 'done') as "yesterdayDone",
          (select count(*)::int from tasks t where t.user_id = ${userId}::uuid
            and t.status in ('done', 'skipped')
            and t.closed_on between ${weekAgo}::date and ${yesterday}::date) as "closedLastWeek",
          (select count(*)::int from goals g
            where g.user_id = ${userId}::uuid and g.status = 'active') as "activeGoals",
          (select min(g.created_at) from goals g
            where g.user_id = ${userId}::uuid and g.status = 'active') as "oldestActiveGoalAt"`,
  );
  if (!row) throw new Error('check-in signals returned no row');
  return {
    ...row,
    oldestActiveGoalAt: row.oldestActiveGoalAt === null ? null : new Date(row.oldestActiveGoalAt),
  };
}
