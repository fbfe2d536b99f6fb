import type { Goal } from '#contracts/goals.ts';

// "Goals at risk" on /coach (ADR 035): an active goal whose progress is behind the share of time
// gone between the day it was set and its deadline, by more than a little slack.

/** Percentage points a goal may lag the calendar before it counts as at risk. */
export const PACE_SLACK = 10;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS;

/** True when an active goal is behind its pace on `today` (the person's local date). */
export function behindPace(
  goal: Pick<Goal, 'status' | 'progress' | 'createdAt' | 'deadline'>,
  today: string,
): boolean {
  if (goal.status !== 'active' || goal.progress >= 100) return false;
  const start = dayNumber(goal.createdAt);
  const end = dayNumber(goal.deadline);
  const now = dayNumber(today);
  if (now >= end) return true;
  if (end <= start || now <= start) return false;
  const timeGone = ((now - start) / (end - start)) * 100;
  return goal.progress + PACE_SLACK < timeGone;
}
