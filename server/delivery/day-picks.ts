import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_DAILY_CAPACITY_MINUTES } from '#contracts/profile.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import type { DeliveryPayload, FrozenPick } from '#server/db/schema.ts';
import { weekStart } from '#server/modules/profile/local-day.ts';
import { uuidList } from './delivery.repo.ts';
import {
  selectTopThree,
  type GoalPriority,
  type TaskStatus,
  type TopThreeContext,
  type TopThreeTask,
} from './top-three.ts';

/**
 * The frozen top three of many users at once, for the deliveries of a scheduler pass: the batch
 * counterpart of the tasks service's resolveToday (server/modules/tasks/tasks.service.ts), with
 * the same rules, so a delivery carries exactly what /api/tasks/today shows for that local date
 * (day-picks.test.ts holds the two together):
 *
 * - a day already frozen keeps its picks while their task exists and is either closed or still
 *   a task of that day; an empty place is filled with the best task not yet picked or swapped out;
 * - a day not frozen yet is chosen now and frozen (top_three_days, one row per user and date;
 *   when a request froze it meanwhile, theirs stands);
 * - only tasks of active goals (or of no goal) take part, and a weekly occurrence left open from
 *   an earlier week does not (opening the app closes it as missed).
 *
 * A handful of statements per batch instead of six per user: this is what lets a morning of
 * 100,000 deliveries keep up with the mail server.
 */

export type PayloadTask = DeliveryPayload['tasks'][number];

export interface DayPicksRequest {
  userId: string;
  localDate: string;
}

export interface DayPicks {
  /** The frozen picks still open, in their order: what a message carries. */
  open: PayloadTask[];
  /** How many picks the day holds in all (done and skipped ones included). */
  total: number;
}

export const dayKey = (userId: string, localDate: string) => `${userId}|${localDate}`;

interface TaskRow {
  id: string;
  user_id: string;
  local_date: string;
  title: string;
  status: TaskStatus;
  goal_id: string | null;
  milestone_id: string | null;
  scheduled_date: string | null;
  due_date: string | null;
  snoozed_until: string | null;
  estimated_minutes: number | null;
  open_since: string;
  recurrence_kind: string | null;
  series_id: string | null;
}

interface GoalRow {
  id: string;
  user_id: string;
  title: string;
  priority: GoalPriority;
  pinned: boolean;
  status: string;
}

interface MilestoneRow {
  id: string;
  title: string;
  due_date: string;
}

interface DayRow {
  id: string;
  user_id: string;
  local_date: string;
  picks: FrozenPick[];
  swapped_out: string[] | string;
}

interface PickedTask {
  id: string;
  user_id: string;
  title: string;
  status: TaskStatus;
  goal_id: string | null;
}

/** PGlite and node-postgres both parse uuid[]; a text form is tolerated for safety. */
function uuidArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',');
}

function toScoringTask(row: TaskRow, milestones: Map<string, MilestoneRow>): TopThreeTask {
  const milestone = row.milestone_id === null ? undefined : milestones.get(row.milestone_id);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    goalId: row.goal_id,
    // A snoozed task has waited since it came back, not since it was first planned.
    scheduledDate:
      row.snoozed_until !== null &&
      (row.scheduled_date === null || row.snoozed_until > row.scheduled_date)
        ? row.snoozed_until
        : row.scheduled_date,
    dueDate: row.due_date,
    milestone: milestone ? { title: milestone.title, dueDate: milestone.due_date } : null,
    estimatedMinutes: row.estimated_minutes,
    openSince: row.open_since,
  };
}

/**
 * Resolves (and freezes where needed) the top three of each (user, local date) in `requests`,
 * inside the caller's transaction. Users without any open task get an empty result and no row.
 */
export async function resolveDayPicks(
  tx: Db,
  requests: readonly DayPicksRequest[],
  now: Date,
): Promise<Map<string, DayPicks>> {
  const result = new Map<string, DayPicks>();
  const unique = new Map(requests.map((r) => [dayKey(r.userId, r.localDate), r]));
  if (unique.size === 0) return result;
  const userIds = uuidList([...new Set([...unique.values()].map((r) => r.userId))]);

  const dates = [...new Set([...unique.values()].map((r) => r.localDate))];
  const latest = dates.reduce((a, b) => (a > b ? a : b));
  // Lists of keys with `= any(...)`, so each lookup walks its index whatever the statistics say.
  // One after the other: a transaction's connection runs one statement at a time.
  const frozenRows = await queryRows<DayRow>(
    tx,
    sql`select t.id, t.user_id, t.local_date::text as local_date, t.picks, t.swapped_out
        from top_three_days t
        where t.user_id = any(${userIds}) and t.local_date = any(${`{${dates.join(',')}}`}::date[])
        for update of t`,
  );
  const taskRows = await queryRows<Omit<TaskRow, 'local_date'>>(
    tx,
    sql`select t.id, t.user_id, t.title, t.status, t.goal_id,
               t.milestone_id, t.scheduled_date::text as scheduled_date, t.due_date::text as due_date,
               t.snoozed_until::text as snoozed_until, t.estimated_minutes,
               t.open_since::text as open_since, t.recurrence_kind, t.series_id
        from tasks t
        where t.user_id = any(${userIds}) and t.status = 'open'
          and (t.scheduled_date is null or t.scheduled_date <= ${latest}::date)`,
  );
  const goals = await queryRows<GoalRow>(
    tx,
    sql`select g.id, g.user_id, g.title, g.priority, g.pinned, g.status
        from goals g
        where g.user_id = any(${userIds})`,
  );
  const milestones = await queryRows<MilestoneRow>(
    tx,
    sql`select m.id, m.title, m.due_date::text as due_date
        from milestones m
        where m.user_id = any(${userIds})`,
  );
  const capacities = await queryRows<{ user_id: string; capacity: number }>(
    tx,
    sql`select p.user_id, p.daily_capacity_minutes as capacity
        from profiles p
        where p.user_id = any(${userIds})`,
  );

  const frozen = frozenRows.filter((row) => unique.has(dayKey(row.user_id, row.local_date)));
  const datesOf = new Map<string, string[]>();
  for (const request of unique.values()) {
    const list = datesOf.get(request.userId) ?? [];
    list.push(request.localDate);
    datesOf.set(request.userId, list);
  }
  // A task of today's view on each requested date: scheduled and snoozed until then at the latest.
  const candidates: TaskRow[] = taskRows.flatMap((row) =>
    (datesOf.get(row.user_id) ?? [])
      .filter(
        (date) =>
          (row.scheduled_date === null || row.scheduled_date <= date) &&
          (row.snoozed_until === null || row.snoozed_until <= date),
      )
      .map((date) => ({ ...row, local_date: date })),
  );

  const goalsByUser = new Map<string, GoalRow[]>();
  const goalById = new Map<string, GoalRow>();
  for (const goal of goals) {
    goalById.set(goal.id, goal);
    const list = goalsByUser.get(goal.user_id) ?? [];
    list.push(goal);
    goalsByUser.set(goal.user_id, list);
  }
  const milestoneById = new Map(milestones.map((m) => [m.id, m]));
  const capacityOf = new Map(capacities.map((c) => [c.user_id, c.capacity]));
  const frozenByKey = new Map(frozen.map((row) => [dayKey(row.user_id, row.local_date), row]));

  const workable = (row: { goal_id: string | null }) =>
    row.goal_id === null || goalById.get(row.goal_id)?.status === 'active';
  const candidatesByKey = new Map<string, TaskRow[]>();
  for (const row of candidates) {
    if (!workable(row)) continue;
    // rollMissedWeeks closes these as missed the next time the user opens the app.
    if (
      row.recurrence_kind === 'weekly' &&
      row.series_id !== null &&
      row.scheduled_date !== null &&
      row.scheduled_date < weekStart(row.local_date)
    )
      continue;
    const key = dayKey(row.user_id, row.local_date);
    const list = candidatesByKey.get(key) ?? [];
    list.push(row);
    candidatesByKey.set(key, list);
  }

  // Picks of frozen days that are no longer candidates: kept only when closed (done or skipped).
  const candidateIds = new Set(candidates.map((row) => row.id));
  const missingIds = frozen.flatMap((row) =>
    row.picks.map((pick) => pick.taskId).filter((id) => !candidateIds.has(id)),
  );
  const closedById = new Map<string, PickedTask>();
  if (missingIds.length > 0) {
    const rows = await queryRows<PickedTask>(
      tx,
      sql`select t.id, t.user_id, t.title, t.status, t.goal_id from tasks t
          where t.id = any(${uuidList(missingIds)})
            and t.status <> 'open'`,
    );
    for (const row of rows) closedById.set(row.id, row);
  }

  const inserts: Array<{ id: string; user_id: string; local_date: string; picks: FrozenPick[] }> =
    [];
  const updates: Array<{ id: string; picks: FrozenPick[] }> = [];

  for (const [key, request] of unique) {
    const userGoals = goalsByUser.get(request.userId) ?? [];
    const context: TopThreeContext = {
      localDate: request.localDate,
      capacityMinutes: capacityOf.get(request.userId) ?? DEFAULT_DAILY_CAPACITY_MINUTES,
      goalPriorities: Object.fromEntries(userGoals.map((g) => [g.id, g.priority])),
      topGoalIds: userGoals.filter((g) => g.pinned).map((g) => g.id),
    };
    const pool = candidatesByKey.get(key) ?? [];
    const byId = new Map(pool.map((row) => [row.id, row]));
    const row = frozenByKey.get(key);
    let kept: Array<{ pick: FrozenPick; task: PickedTask }> = [];
    if (row) {
      kept = row.picks.flatMap((pick) => {
        const task = byId.get(pick.taskId) ?? closedById.get(pick.taskId);
        return task && task.user_id === request.userId ? [{ pick, task }] : [];
      });
    }
    let picks = kept;
    if (kept.length < 3) {
      const excluded = new Set([
        ...kept.map((k) => k.pick.taskId),
        ...uuidArray(row?.swapped_out ?? null),
      ]);
      const fill = selectTopThree(
        pool
          .filter((task) => !excluded.has(task.id))
          .map((task) => toScoringTask(task, milestoneById)),
        context,
      )
        .slice(0, 3 - kept.length)
        .flatMap((pick) => {
          const task = byId.get(pick.taskId);
          return task
            ? [
                {
                  pick: {
                    taskId: pick.taskId,
                    score: pick.score,
                    reason: pick.reason,
                    reasons: pick.reasons,
                    breakdown: { ...pick.breakdown },
                  },
                  task,
                },
              ]
            : [];
        });
      picks = [...kept, ...fill];
      const changed = !row || fill.length > 0 || kept.length !== row.picks.length;
      if (changed && row) updates.push({ id: row.id, picks: picks.map((p) => p.pick) });
      else if (changed && picks.length > 0) {
        inserts.push({
          id: randomUUID(),
          user_id: request.userId,
          local_date: request.localDate,
          picks: picks.map((p) => p.pick),
        });
      }
    }
    result.set(key, {
      total: picks.length,
      open: picks
        .filter((p) => p.task.status === 'open')
        .map((p) => ({
          taskId: p.task.id,
          title: p.task.title,
          reason: p.pick.reason,
          goalTitle: p.task.goal_id === null ? null : (goalById.get(p.task.goal_id)?.title ?? null),
        })),
    });
  }

  const stamp = now.toISOString();
  if (updates.length > 0) {
    await tx.execute(
      sql`update top_three_days t set picks = u.picks, updated_at = ${stamp}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(id uuid, picks jsonb)
          where t.id = any(${uuidList(updates.map((u) => u.id))}) and t.id = u.id`,
    );
  }
  if (inserts.length > 0) {
    const inserted = await queryRows<{ user_id: string; local_date: string }>(
      tx,
      sql`insert into top_three_days (id, user_id, local_date, picks, swapped_out, frozen_at, updated_at)
          select i.id, i.user_id, i.local_date, i.picks, '{}'::uuid[], ${stamp}::timestamptz, ${stamp}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
            as i(id uuid, user_id uuid, local_date date, picks jsonb)
          on conflict (user_id, local_date) do nothing
          returning user_id, local_date::text as local_date`,
    );
    if (inserted.length < inserts.length) {
      // A request froze some of these days meanwhile: theirs stands, read again.
      const won = new Set(inserted.map((r) => dayKey(r.user_id, r.local_date)));
      const again = inserts
        .filter((i) => !won.has(dayKey(i.user_id, i.local_date)))
        .map((i) => ({ userId: i.user_id, localDate: i.local_date }));
      for (const [key, picks] of await resolveDayPicks(tx, again, now)) result.set(key, picks);
    }
  }
  return result;
}
