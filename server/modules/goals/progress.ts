import type { TaskRecurrence } from '#contracts/coach.ts';
import type { GoalStatus } from '#contracts/goals.ts';
import { daysBetween } from '#contracts/local-date.ts';
import type { TaskStatus } from '#contracts/tasks.ts';

/**
 * Goal progress, 0–100, from milestones and tasks. The rule:
 *
 * - A completed goal is 100.
 * - A planned item is a one-off task or a repeating series (all occurrences of one repeating task
 *   count as one item, as the user accepted one task). A skipped one-off task is no longer an item.
 *   A one-off task is 0 or 1. A series is its done occurrences over the occurrences expected from
 *   its first date to its last (`N times a week`: N a week, pro rata; `every N days`: one per N
 *   days), less the skipped ones; it stays below 1 while an occurrence is still open, and once it
 *   has run out it is its done occurrences over all of its closed ones.
 * - A milestone marked done is 1; otherwise it is the mean of its items (0 without items).
 * - With milestones, the goal is the mean of its milestones (tasks outside every milestone do not
 *   count); without, the mean of all its items.
 *
 * Rounded down, so 100 means everything is done. Thresholds of 25/50/75/100 are announced once
 * each: see `crossedThresholds`.
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

function seriesFraction(series: Series): number {
  const closed = series.done + series.skipped;
  if (series.open === 0) return closed === 0 ? 0 : series.done / closed;
  const expected =
    series.recurrence && series.first && series.repeatsUntil
      ? expectedOccurrences(series.recurrence, series.first, series.repeatsUntil)
      : 0;
  // An open occurrence means at least one more to do, whatever the estimate said.
  const units = Math.max(expected - series.skipped, series.done + 1);
  return series.done / units;
}

/** The mean fraction of the planned items among `tasks` (null when there is none). */
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
    count += 1;
    sum += seriesFraction(entry);
  }
  return count === 0 ? null : sum / count;
}

function percent(fraction: number): number {
  // The epsilon keeps 3 × (1/3) at 100, not 99.
  return Math.min(100, Math.max(0, Math.floor(fraction * 100 + 1e-9)));
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
