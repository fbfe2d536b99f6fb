import { describe, expect, it } from 'vitest';
import { weekStart } from '#contracts/local-date.ts';
import { nextOccurrenceDate } from './recurrence.ts';

// 2025-03-03 is a Monday.
describe('next occurrence', () => {
  it('every N days counts from the day it was closed', () => {
    expect(nextOccurrenceDate({ kind: 'after_completion', everyDays: 3 }, '2025-03-03', 0)).toBe(
      '2025-03-06',
    );
    expect(nextOccurrenceDate({ kind: 'after_completion', everyDays: 1 }, '2025-12-31', 0)).toBe(
      '2026-01-01',
    );
  });

  it.each([
    [1, ['2025-03-03'], '2025-03-10'],
    [2, ['2025-03-03'], '2025-03-06'],
    [3, ['2025-03-03'], '2025-03-05'],
    [3, ['2025-03-03', '2025-03-05'], '2025-03-07'],
    [3, ['2025-03-03', '2025-03-05', '2025-03-07'], '2025-03-10'],
    [7, ['2025-03-03'], '2025-03-04'],
    [3, ['2025-03-08'], '2025-03-09'],
    [3, ['2025-03-09'], '2025-03-10'],
  ])('%i a week, closed on %j → %s', (timesPerWeek, closed, expected) => {
    const last = closed.at(-1) ?? '';
    expect(nextOccurrenceDate({ kind: 'weekly', timesPerWeek }, last, closed.length)).toBe(
      expected,
    );
  });

  it('N times a week, each done on its day, lands exactly N times in every week', () => {
    for (let times = 1; times <= 7; times += 1) {
      const dates = ['2025-03-03'];
      while (dates.length < times * 3) {
        const last = dates.at(-1) ?? '';
        const closedThisWeek = dates.filter((d) => weekStart(d) === weekStart(last)).length;
        dates.push(
          nextOccurrenceDate({ kind: 'weekly', timesPerWeek: times }, last, closedThisWeek),
        );
      }
      const perWeek = new Map<string, number>();
      for (const date of dates)
        perWeek.set(weekStart(date), (perWeek.get(weekStart(date)) ?? 0) + 1);
      expect([...perWeek.values()]).toEqual([times, times, times]);
    }
  });
});
