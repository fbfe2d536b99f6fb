import { sql } from 'drizzle-orm';
import type { CoachDomain, CoachEngine, CoachSuggestionKind } from '#contracts/coach.ts';
import { queryRows, type Db } from '#server/db/client.ts';

// The read model's statements for /analytics/coach-effectiveness (ADR 030): the coach's record of
// suggestions (coaching's `coach_suggestions`) and the attribution the goals module writes on goals
// and tasks. As analytics.repo.ts: scoped to one user, aggregated in the database, writes nothing.

export interface SuggestionCountRow {
  coach: CoachDomain;
  engine: CoachEngine;
  kind: CoachSuggestionKind;
  made: number;
  accepted: number;
}

/** Suggestions made between `from` and `to` (local dates), and how many were accepted. */
export function suggestionCounts(db: Db, userId: string, from: string, to: string) {
  return queryRows<SuggestionCountRow>(
    db,
    sql`select coach, engine, kind, count(*)::int as made, count(accepted_at)::int as accepted
        from coach_suggestions
        where user_id = ${userId}::uuid and local_date between ${from}::date and ${to}::date
        group by 1, 2, 3`,
  );
}

export interface AttributedTasksRow {
  coach: CoachDomain;
  engine: CoachEngine;
  done: number;
  skipped: number;
  overdueOpen: number;
}

/**
 * A coach's tasks done or skipped between `from` and `today`, and those overdue open on `today`
 * since a date in the period (the definitions of analytics.repo.ts's closedByDay and overdueOpen).
 */
export function attributedTasks(db: Db, userId: string, from: string, today: string) {
  return queryRows<AttributedTasksRow>(
    db,
    sql`select proposed_by_coach as coach, proposed_by as engine,
               count(*) filter (where status = 'done')::int as done,
               count(*) filter (where status = 'skipped')::int as skipped,
               count(*) filter (where status = 'open')::int as "overdueOpen"
        from tasks
        where user_id = ${userId}::uuid and proposed_by is not null and proposed_by_coach is not null
          and (
            (status in ('done', 'skipped') and closed_on between ${from}::date and ${today}::date)
            or (status = 'open'
              and (snoozed_until is null or snoozed_until <= ${today}::date)
              and least(scheduled_date, due_date) >= ${from}::date
              and least(scheduled_date, due_date) < ${today}::date))
        group by 1, 2`,
  );
}

export interface GuidedGoalRow {
  coach: CoachDomain;
  engine: CoachEngine;
  goalId: string;
  progress: number;
}

/**
 * The person's goals (not archived) a coach guided, once per coach and engine: created from its
 * proposal, or given a plan it proposed.
 */
export function guidedGoals(db: Db, userId: string) {
  return queryRows<GuidedGoalRow>(
    db,
    sql`select g.proposed_by_coach as coach, g.proposed_by as engine, g.id as "goalId", g.progress
        from goals g
        where g.user_id = ${userId}::uuid and g.status <> 'archived'
          and g.proposed_by is not null and g.proposed_by_coach is not null
        union
        select s.coach, s.engine, g.id, g.progress
        from coach_suggestions s join goals g on g.id = s.goal_id and g.user_id = s.user_id
        where s.user_id = ${userId}::uuid and s.accepted_at is not null and g.status <> 'archived'`,
  );
}
