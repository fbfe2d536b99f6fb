import { DEFAULT_DAILY_CAPACITY_MINUTES } from '#contracts/profile.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import { randomUUID } from 'node:crypto';

import type { Db } from '#server/db/client.ts';
import { weekStart } from '#contracts/local-date.ts';
import {
  findClosedTasks,
  insertDayPicks,
  loadDayPickFacts,
  updateDayPicks,
  type BatchGoalRow,
  type BatchTaskRow,
  type PickedTask,
} from './day-picks.repo.ts';
import type { FrozenPick } from './today.repo.ts';
import { frozenPick, toScoringTask } from './today-scoring.ts';
import { selectTopThree, type TopThreeContext } from './top-three.ts';

/**
 * The frozen top three of many users at once, for the deliveries of a scheduler pass: the batch
 * counterpart of the today service's resolveToday (today.service.ts), with the same rules, so a
 * delivery carries exactly what /api/tasks/today shows for that local date (day-picks.test.ts
 * holds the two together):
 *
 * - a day already frozen keeps its picks while their task exists and is either closed or still
 *   a task of that day; an empty place is filled with the best task not yet picked or swapped out
 *   among those that were there when the day was frozen;
 * - a day not frozen yet is chosen now and frozen (top_three_days, one row per user and date;
 *   when a request froze it meanwhile, theirs stands);
 * - only tasks of active goals (or of no goal) take part, and a weekly occurrence left open from
 *   an earlier week does not (opening the app closes it as missed).
 *
 * A handful of statements per batch instead of six per user: this is what lets a morning of
 * 100,000 deliveries keep up with the mail server. The delivery engine receives this function
 * through its deps (it never reads the tasks tables itself).
 */

/** A task as a delivery's payload carries it. */
export interface PayloadTask {
  taskId: string;
  title: string;
  reason: string;
  goalTitle: string | null;
  estimatedMinutes: number | null;
  /** The goal's progress, 0–100 (null without a goal). */
  goalProgress: number | null;
}

export interface DayPicksRequest {
  userId: string;
  localDate: string;
}

export interface DayPicks {
  /** The frozen picks still open, in their order: what a message carries. */
  open: PayloadTask[];
  /** How many picks the day holds in all (done and skipped ones included). */
  total: number;
  /** The coach's voice the person chose, null when they have not chosen one. */
  coachTone: CoachTone | null;
}

export const dayKey = (userId: string, localDate: string) => `${userId}|${localDate}`;

type CandidateRow = BatchTaskRow & { localDate: string };

/** PGlite and node-postgres both parse uuid[]; a text form is tolerated for safety. */
function uuidArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',');
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
  const dates = [...new Set([...unique.values()].map((r) => r.localDate))];
  const { frozenRows, taskRows, goals, milestones, profiles } = await loadDayPickFacts(
    tx,
    [...new Set([...unique.values()].map((r) => r.userId))],
    dates,
  );

  const frozen = frozenRows.filter((row) => unique.has(dayKey(row.user_id, row.local_date)));
  const datesOf = new Map<string, string[]>();
  for (const request of unique.values()) {
    const list = datesOf.get(request.userId) ?? [];
    list.push(request.localDate);
    datesOf.set(request.userId, list);
  }
  // A task of today's view on each requested date: scheduled and snoozed until then at the latest.
  const candidates: CandidateRow[] = taskRows.flatMap((row) =>
    (datesOf.get(row.userId) ?? [])
      .filter(
        (date) =>
          (row.scheduledDate === null || row.scheduledDate <= date) &&
          (row.snoozedUntil === null || row.snoozedUntil <= date),
      )
      .map((date) => ({ ...row, localDate: date })),
  );

  const goalsByUser = new Map<string, BatchGoalRow[]>();
  const goalById = new Map<string, BatchGoalRow>();
  for (const goal of goals) {
    goalById.set(goal.id, goal);
    const list = goalsByUser.get(goal.user_id) ?? [];
    list.push(goal);
    goalsByUser.set(goal.user_id, list);
  }
  const milestoneById = new Map(milestones.map((m) => [m.id, m]));
  const profileOf = new Map(profiles.map((p) => [p.user_id, p]));
  const frozenByKey = new Map(frozen.map((row) => [dayKey(row.user_id, row.local_date), row]));

  const workable = (row: { goalId: string | null }) =>
    row.goalId === null || goalById.get(row.goalId)?.status === 'active';
  const candidatesByKey = new Map<string, CandidateRow[]>();
  for (const row of candidates) {
    if (!workable(row)) continue;
    // rollMissedWeeks closes these as missed the next time the user opens the app.
    if (
      row.recurrenceKind === 'weekly' &&
      row.seriesId !== null &&
      row.scheduledDate !== null &&
      row.scheduledDate < weekStart(row.localDate)
    )
      continue;
    const key = dayKey(row.userId, row.localDate);
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
    for (const row of await findClosedTasks(tx, missingIds)) closedById.set(row.id, row);
  }

  const inserts: Array<{ id: string; user_id: string; local_date: string; picks: FrozenPick[] }> =
    [];
  const updates: Array<{ id: string; picks: FrozenPick[] }> = [];

  for (const [key, request] of unique) {
    const userGoals = goalsByUser.get(request.userId) ?? [];
    const context: TopThreeContext = {
      localDate: request.localDate,
      capacityMinutes: profileOf.get(request.userId)?.capacity ?? DEFAULT_DAILY_CAPACITY_MINUTES,
      goalPriorities: Object.fromEntries(userGoals.map((g) => [g.id, g.priority])),
      topGoalIds: userGoals.filter((g) => g.pinned).map((g) => g.id),
      goalTitles: Object.fromEntries(userGoals.map((g) => [g.id, g.title])),
    };
    const pool = candidatesByKey.get(key) ?? [];
    const byId = new Map(pool.map((row) => [row.id, row]));
    const row = frozenByKey.get(key);
    let kept: Array<{ pick: FrozenPick; task: PickedTask }> = [];
    if (row) {
      kept = row.picks.flatMap((pick) => {
        const task = byId.get(pick.taskId) ?? closedById.get(pick.taskId);
        return task && task.userId === request.userId ? [{ pick, task }] : [];
      });
    }
    let picks = kept;
    if (kept.length < 3) {
      const excluded = new Set([
        ...kept.map((k) => k.pick.taskId),
        ...uuidArray(row?.swapped_out ?? null),
      ]);
      // A task added after the day was frozen waits for tomorrow (as in resolveToday).
      const frozenMs = row ? Number(row.frozen_ms) : Number.POSITIVE_INFINITY;
      const fill = selectTopThree(
        pool
          .filter((task) => !excluded.has(task.id) && Number(task.createdMs) <= frozenMs)
          .map((task) =>
            toScoringTask(
              task,
              task.milestoneId === null ? undefined : milestoneById.get(task.milestoneId),
            ),
          ),
        context,
      )
        .slice(0, 3 - kept.length)
        .flatMap((pick) => {
          const task = byId.get(pick.taskId);
          return task ? [{ pick: frozenPick(pick), task }] : [];
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
      coachTone: profileOf.get(request.userId)?.coach_tone ?? null,
      open: picks
        .filter((p) => p.task.status === 'open')
        .map((p) => {
          const goal = p.task.goalId === null ? undefined : goalById.get(p.task.goalId);
          return {
            taskId: p.task.id,
            title: p.task.title,
            reason: p.pick.reason,
            goalTitle: goal?.title ?? null,
            estimatedMinutes: p.task.estimatedMinutes,
            goalProgress: goal?.progress ?? null,
          };
        }),
    });
  }

  const stamp = now.toISOString();
  if (updates.length > 0) await updateDayPicks(tx, updates, stamp);
  if (inserts.length > 0) {
    const inserted = await insertDayPicks(tx, inserts, stamp);
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

/** What the delivery engine is given to freeze the day's picks inside its own transaction. */
export type ResolveDayPicks = typeof resolveDayPicks;
