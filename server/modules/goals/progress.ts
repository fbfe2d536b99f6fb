import type { TaskRecurrence } from '#contracts/coach.ts';
import type { GoalStatus } from '#contracts/goals.ts';
import { daysBetween } from '#contracts/local-date.ts';
import type { TaskStatus } from '#contracts/tasks.ts';

/**
 * Goal progress, 0–100, from milestones and tasks. The rule:
 *
 * - A completed goal is 100.
 * - Planned work is counted in sessions. A one-off task is one session (a skipped one is no longer
 *   planned). A repeating series is as many sessions as it is expected to hold from its first date
 *   to its last (`N times a week`: N a week, pro rata; `every N days`: one per N days), less the
 *   skipped ones, and at least one more than it has done while an occurrence is still open; once
 *   it has run out, its closed occurrences. So each session of a recurring "easy run" weighs as
 *   much as a one-off task, and the run moves its milestone and goal as the one-off does.
 * - A milestone marked done is 1; otherwise it is its done sessions over its planned sessions
 *   (0 without any).
 * - With milestones, the goal is the mean of its milestones (tasks outside every milestone do not
 *   count); without, the done sessions over the planned sessions of all its tasks.
 *
 * Rounded down, so 100 means everything is done, but never below 1 once something is done: a
 * done session always shows. Thresholds of 25/50/75/100 are announced once each: see
 * `crossedThresholds`.
 */

export interface ProgressMilestone {
  id: string;
  done: boolean;
}

export interface ProgressTask {
  milestoneId: string | null;
  status: TaskStatus;
  seriesId: string | null;
  scheduledDate: string | null;
  recurrence: TaskRecurrence | null;
  repeatsUntil: string | null;
}

export interface GoalProgress {
  goal: number;
  /** Per milestone id, 0–100. */
  milestones: Map<string, number>;
}

export const PROGRESS_THRESHOLDS = [25, 50, 75, 100] as const;

function expectedOccurrences(recurrence: TaskRecurrence, first: string, last: string): number {
  const days = daysBetween(first, last) + 1;
  if (days <= 0) return 1;
  return recurrence.kind === 'weekly'
    ? Math.max(1, Math.ceil((days * recurrence.timesPerWeek) / 7))
    : Math.floor((days - 1) / recurrence.everyDays) + 1;
}

interface Series {
  done: number;
  skipped: number;
  open: number;
  first: string | null;
  recurrence: TaskRecurrence | null;
  repeatsUntil: string | null;
}

/** The sessions a series is planned to hold (see the rule above). */
function seriesSessions(series: Series): number {
  if (series.open === 0) return series.done + series.skipped;
  const expected =
    series.recurrence && series.first && series.repeatsUntil
      ? expectedOccurrences(series.recurrence, series.first, series.repeatsUntil)
      : 0;
  // An open occurrence means at least one more to do, whatever the estimate said.
  return Math.max(expected - series.skipped, series.done + 1);
}

/** Done sessions over planned sessions among `tasks` (null when nothing is planned). */
function itemsFraction(tasks: readonly ProgressTask[]): number | null {
  let sum = 0;
  let count = 0;
  const series = new Map<string, Series>();
  for (const task of tasks) {
    if (task.seriesId === null) {
      if (task.status === 'skipped') continue;
      count += 1;
      if (task.status === 'done') sum += 1;
      continue;
    }
    let entry = series.get(task.seriesId);
    if (!entry) {
      entry = { done: 0, skipped: 0, open: 0, first: null, recurrence: null, repeatsUntil: null };
      series.set(task.seriesId, entry);
    }
    if (task.status === 'done') entry.done += 1;
    else if (task.status === 'skipped') entry.skipped += 1;
    else entry.open += 1;
    if (task.scheduledDate !== null && (entry.first === null || task.scheduledDate < entry.first)) {
      entry.first = task.scheduledDate;
    }
    // The open occurrence carries the series' current rule; a closed one is the fallback.
    if (task.status === 'open' || entry.recurrence === null) {
      entry.recurrence = task.recurrence ?? entry.recurrence;
      entry.repeatsUntil = task.repeatsUntil ?? entry.repeatsUntil;
    }
  }
  for (const entry of series.values()) {
    count += seriesSessions(entry);
    sum += entry.done;
  }
  return count === 0 ? null : sum / count;
}

function percent(fraction: number): number {
  // The epsilon keeps 3 × (1/3) at 100, not 99.
  const value = Math.min(100, Math.max(0, Math.floor(fraction * 100 + 1e-9)));
  return value === 0 && fraction > 0 ? 1 : value;
}

export function computeProgress(input: {
  status: GoalStatus;
  milestones: readonly ProgressMilestone[];
  tasks: readonly ProgressTask[];
}): GoalProgress {
  const byMilestone = new Map<string, ProgressTask[]>();
  for (const task of input.tasks) {
    if (task.milestoneId === null) continue;
    const list = byMilestone.get(task.milestoneId);
    if (list) list.push(task);
    else byMilestone.set(task.milestoneId, [task]);
  }
  const milestones = new Map<string, number>();
  let sum = 0;
  for (const milestone of input.milestones) {
    const fraction = milestone.done ? 1 : (itemsFraction(byMilestone.get(milestone.id) ?? []) ?? 0);
    milestones.set(milestone.id, percent(fraction));
    sum += fraction;
  }
  let goal: number;
  if (input.status === 'completed') goal = 100;
  else if (input.milestones.length > 0) goal = percent(sum / input.milestones.length);
  else goal = percent(itemsFraction(input.tasks) ?? 0);
  return { goal, milestones };
}

/** The thresholds `progress` reaches that were never reached before (`reached` is the highest so far). */
export function crossedThresholds(reached: number, progress: number): number[] {
  return PROGRESS_THRESHOLDS.filter((threshold) => threshold > reached && progress >= threshold);
}
