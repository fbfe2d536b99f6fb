import type { TaskRecurrence } from '#contracts/coach.ts';
import { addDays, isoWeekday } from '#contracts/local-date.ts';

/**
 * When the next occurrence of a repeating task falls, from the local date one was closed (done or
 * skipped) on. Pure and deterministic; weeks run Monday to Sunday in the user's zone.
 *
 * - `after_completion` every N days: N days after the day it was closed, whatever its schedule.
 * - `weekly` N times a week: the week's quota counts occurrences closed this week (this one
 *   included). Met → next Monday. Otherwise the rest of the week is shared out evenly among the
 *   occurrences still to do, so 3 a week done on Mondays lands on Monday, Wednesday, Friday; on
 *   Sunday with some still to do → next Monday (a week's misses do not pile up).
 */
export function nextOccurrenceDate(
  recurrence: TaskRecurrence,
  closedOn: string,
  closedThisWeek: number,
): string {
  if (recurrence.kind === 'after_completion') return addDays(closedOn, recurrence.everyDays);
  const weekday = isoWeekday(closedOn);
  const nextMonday = addDays(closedOn, 8 - weekday);
  const remaining = recurrence.timesPerWeek - closedThisWeek;
  const daysLeft = 7 - weekday;
  if (remaining <= 0 || daysLeft === 0) return nextMonday;
  return addDays(closedOn, Math.max(1, Math.ceil(daysLeft / (remaining + 1))));
}
