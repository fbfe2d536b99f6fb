import type { CheckInReason } from '#server/ai/conversation.ts';

/**
 * When a coach may write first (proactive check-ins, issue 16). Pure: the pass reads the state and
 * the person's signals, this decides.
 *
 * - At least two days between check-ins; each check-in left without a reply doubles the wait
 *   (2, 4, 8, 16, then 32 days at most), and a reply resets it. A coach that is ignored backs off
 *   instead of nagging.
 * - A reason is needed: yesterday's top three had picks and none was done, or a week without a
 *   task done or skipped while the person has had active goals for at least that week.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const CHECK_IN_BASE_GAP_DAYS = 2;
const MAX_DOUBLINGS = 4;

export interface CheckInState {
  lastCheckInAt: Date | null;
  /** Check-ins in a row that got no reply. */
  ignored: number;
}

/** The wait after a check-in before the next may be written, in days. */
export function checkInGapDays(ignored: number): number {
  return CHECK_IN_BASE_GAP_DAYS * 2 ** Math.min(Math.max(0, ignored), MAX_DOUBLINGS);
}

/** True when enough time has passed since the last check-in. */
export function checkInAllowed(state: CheckInState, now: Date): boolean {
  if (!state.lastCheckInAt) return true;
  return now.getTime() - state.lastCheckInAt.getTime() >= checkInGapDays(state.ignored) * DAY_MS;
}

/** The ignored count to store with a new check-in: reset by a reply since the last one. */
export function ignoredAfter(state: CheckInState, repliedSinceLast: boolean): number {
  if (!state.lastCheckInAt || repliedSinceLast) return 0;
  return state.ignored + 1;
}

export interface CheckInSignals {
  /** How many tasks yesterday's top three held, and how many of them are done. */
  yesterdayPicks: number;
  yesterdayDone: number;
  /** Tasks done or skipped on the seven local dates up to yesterday. */
  closedLastWeek: number;
  activeGoals: number;
  /** When the oldest active goal was created, or null. */
  oldestActiveGoalAt: Date | null;
}

/** Why a coach would write today, or null when there is no reason to. */
export function checkInReason(signals: CheckInSignals, now: Date): CheckInReason | null {
  if (signals.yesterdayPicks > 0 && signals.yesterdayDone === 0) return 'missed_top_three';
  if (
    signals.activeGoals > 0 &&
    signals.closedLastWeek === 0 &&
    signals.oldestActiveGoalAt !== null &&
    now.getTime() - signals.oldestActiveGoalAt.getTime() >= 7 * DAY_MS
  ) {
    return 'quiet_week';
  }
  return null;
}
