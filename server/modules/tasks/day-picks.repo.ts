import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { uuidList } from '#server/db/uuid-list.ts';
import type { FrozenPick } from './today.repo.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { GoalPriority, TaskStatus } from './top-three.ts';

// The batch statements of the delivery's top three (day-picks.ts): a handful per scheduler pass
// whatever the number of users. They read goals, milestones and profiles beside tasks and
// top_three_days (and the coach's tone from onboarding_progress) because the day's picks are one
// planning aggregate read in one go on the delivery's hot path; they write only top_three_days, which this module owns.

export interface BatchTaskRow {
  id: string;
  userId: string;
  title: string;
  status: TaskStatus;
  goalId: string | null;
  milestoneId: string | null;
  scheduledDate: string | null;
  dueDate: string | null;
  snoozedUntil: string | null;
  estimatedMinutes: number | null;
  openSince: string;
  recurrenceKind: string | null;
  seriesId: string | null;
  /** When the task was created, in epoch milliseconds. */
  createdMs: number;
}

export interface BatchGoalRow {
  id: string;
  user_id: string;
  title: string;
  priority: GoalPriority;
  pinned: boolean;
  status: string;
  progress: number;
}

/** What a user's delivery needs of their profile: the day's capacity and the coach's voice. */
export interface BatchProfileRow {
  user_id: string;
  /** Null without a profile (the default capacity applies). */
  capacity: number | null;
  coach_tone: CoachTone | null;
}

export interface BatchMilestoneRow {
  id: string;
  title: string;
  dueDate: string;
}

export interface BatchDayRow {
  id: string;
  user_id: string;
  local_date: string;
  picks: FrozenPick[];
  swapped_out: string[] | string;
  /** When the day was first frozen, in epoch milliseconds. */
  frozen_ms: number;
}

export interface PickedTask {
  id: string;
  userId: string;
  title: string;
  status: TaskStatus;
  goalId: string | null;
  estimatedMinutes: number | null;
}

/**
 * Everything the picks of `userIds` on `dates` need, one statement after the other (a
 * transaction's connection runs one statement at a time); the frozen days stay locked.
 */
export async function loadDayPickFacts(
  tx: Db,
  userIdList: readonly string[],
  dates: readonly string[],
) {
  const userIds = uuidList(userIdList);
  const latest = dates.reduce((a, b) => (a > b ? a : b));
  const frozenRows = await queryRows<BatchDayRow>(
    tx,
    sql`select t.id, t.user_id, t.local_date::text as local_date, t.picks, t.swapped_out,
               (extract(epoch from t.frozen_at) * 1000)::float8 as frozen_ms
        from top_three_days t
        where t.user_id = any(${userIds}) and t.local_date = any(${`{${dates.join(',')}}`}::date[])
        for update of t`,
  );
  const taskRows = await queryRows<BatchTaskRow>(
    tx,
    sql`select t.id, t.user_id as "userId", t.title, t.status, t.goal_id as "goalId",
               t.milestone_id as "milestoneId", t.scheduled_date::text as "scheduledDate",
               t.due_date::text as "dueDate", t.snoozed_until::text as "snoozedUntil",
               t.estimated_minutes as "estimatedMinutes", t.open_since::text as "openSince",
               t.recurrence_kind as "recurrenceKind", t.series_id as "seriesId",
               (extract(epoch from t.created_at) * 1000)::float8 as "createdMs"
        from tasks t
        where t.user_id = any(${userIds}) and t.status = 'open'
          and (t.scheduled_date is null or t.scheduled_date <= ${latest}::date)`,
  );
  const goals = await queryRows<BatchGoalRow>(
    tx,
    sql`select g.id, g.user_id, g.title, g.priority, g.pinned, g.status, g.progress
        from goals g
        where g.user_id = any(${userIds})`,
  );
  const milestones = await queryRows<BatchMilestoneRow>(
    tx,
    sql`select m.id, m.title, m.due_date::text as "dueDate"
        from milestones m
        where m.user_id = any(${userIds})`,
  );
  // The coach's voice is chosen in onboarding: read beside the profile, in the same statement.
  const profiles = await queryRows<BatchProfileRow>(
    tx,
    sql`select u.id as user_id, p.daily_capacity_minutes as capacity, o.coach_tone
        from unnest(${userIds}) as u(id)
        left join profiles p on p.user_id = u.id
        left join onboarding_progress o on o.user_id = u.id`,
  );
  return { frozenRows, taskRows, goals, milestones, profiles };
}

/** The given tasks that are closed (done or skipped). */
export async function findClosedTasks(tx: Db, ids: readonly string[]): Promise<PickedTask[]> {
  return queryRows<PickedTask>(
    tx,
    sql`select t.id, t.user_id as "userId", t.title, t.status, t.goal_id as "goalId",
               t.estimated_minutes as "estimatedMinutes"
        from tasks t
        where t.id = any(${uuidList(ids)})
          and t.status <> 'open'`,
  );
}

export async function updateDayPicks(
  tx: Db,
  updates: ReadonlyArray<{ id: string; picks: FrozenPick[] }>,
  stamp: string,
): Promise<void> {
  await tx.execute(
    sql`update top_three_days t set picks = u.picks, updated_at = ${stamp}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(id uuid, picks jsonb)
        where t.id = any(${uuidList(updates.map((u) => u.id))}) and t.id = u.id`,
  );
}

/** Freezes new days; returns the ones written (a request may have frozen others meanwhile). */
export async function insertDayPicks(
  tx: Db,
  inserts: ReadonlyArray<{ id: string; user_id: string; local_date: string; picks: FrozenPick[] }>,
  stamp: string,
): Promise<Array<{ user_id: string; local_date: string }>> {
  return queryRows<{ user_id: string; local_date: string }>(
    tx,
    sql`insert into top_three_days (id, user_id, local_date, picks, swapped_out, frozen_at, updated_at)
        select i.id, i.user_id, i.local_date, i.picks, '{}'::uuid[], ${stamp}::timestamptz, ${stamp}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
          as i(id uuid, user_id uuid, local_date date, picks jsonb)
        on conflict (user_id, local_date) do nothing
        returning user_id, local_date::text as local_date`,
  );
}
