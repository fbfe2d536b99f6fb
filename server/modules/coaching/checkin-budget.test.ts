import { describe, expect, it } from 'vitest';
import {
  checkInAllowed,
  checkInGapDays,
  checkInReason,
  ignoredAfter,
  type CheckInSignals,
} from './checkin-budget.ts';

const now = new Date('2026-11-29T09:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

const quiet: CheckInSignals = {
  yesterdayPicks: 0,
  yesterdayDone: 0,
  closedLastWeek: 0,
  activeGoals: 1,
  oldestActiveGoalAt: daysAgo(10),
};

describe('check-in budget', () => {
  it('doubles the wait for each check-in left without a reply, up to 32 days', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(checkInGapDays)).toEqual([2, 4, 8, 16, 32, 32, 32]);
  });

  it('allows a first check-in, then waits out the gap', () => {
    expect(checkInAllowed({ lastCheckInAt: null, ignored: 0 }, now)).toBe(true);
    expect(checkInAllowed({ lastCheckInAt: daysAgo(1.9), ignored: 0 }, now)).toBe(false);
    expect(checkInAllowed({ lastCheckInAt: daysAgo(2), ignored: 0 }, now)).toBe(true);
    expect(checkInAllowed({ lastCheckInAt: daysAgo(7), ignored: 2 }, now)).toBe(false);
    expect(checkInAllowed({ lastCheckInAt: daysAgo(8), ignored: 2 }, now)).toBe(true);
  });

  it('counts a check-in as ignored only when the person did not reply since the last one', () => {
    expect(ignoredAfter({ lastCheckInAt: null, ignored: 3 }, false)).toBe(0);
    expect(ignoredAfter({ lastCheckInAt: daysAgo(3), ignored: 1 }, false)).toBe(2);
    expect(ignoredAfter({ lastCheckInAt: daysAgo(3), ignored: 4 }, true)).toBe(0);
  });
});

describe('check-in reason', () => {
  it('writes after a top three with none done', () => {
    expect(checkInReason({ ...quiet, yesterdayPicks: 3, closedLastWeek: 4 }, now)).toBe(
      'missed_top_three',
    );
    expect(
      checkInReason({ ...quiet, yesterdayPicks: 3, yesterdayDone: 1, closedLastWeek: 4 }, now),
    ).toBeNull();
  });

  it('writes after a quiet week, but not in a person’s first week or without goals', () => {
    expect(checkInReason(quiet, now)).toBe('quiet_week');
    expect(checkInReason({ ...quiet, closedLastWeek: 1 }, now)).toBeNull();
    expect(checkInReason({ ...quiet, oldestActiveGoalAt: daysAgo(6) }, now)).toBeNull();
    expect(checkInReason({ ...quiet, activeGoals: 0, oldestActiveGoalAt: null }, now)).toBeNull();
  });
});
