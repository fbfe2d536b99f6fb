import { describe, expect, it } from 'vitest';
import { completionOf, openToDone, topThreeFigure, weekStarts } from './figures.ts';

describe('analytics figures', () => {
  it('divides done by done, skipped and overdue, and says null for nothing', () => {
    expect(completionOf(3, 1, 2)).toEqual({ done: 3, skipped: 1, overdueOpen: 2, rate: 0.5 });
    expect(completionOf(0, 0, 0).rate).toBeNull();
    expect(completionOf(0, 2, 0).rate).toBe(0);
  });

  it('takes the median wait from counts, between the two middle tasks when even', () => {
    // 0, 0, 2, 5 days: the middle two are 0 and 2.
    expect(
      openToDone([
        { days: 5, count: 1 },
        { days: 0, count: 2 },
        { days: 2, count: 1 },
      ]),
    ).toMatchObject({ count: 4, medianDays: 1 });
    expect(openToDone([{ days: 20, count: 3 }])).toMatchObject({
      medianDays: 20,
      buckets: expect.arrayContaining([{ label: '15+ days', count: 3 }]) as unknown,
    });
    expect(openToDone([])).toMatchObject({ count: 0, medianDays: null });
  });

  it('counts today among the top-three days only once all done, as the streak does', () => {
    const frozen = ['2025-03-09', '2025-03-10', '2025-03-11'];
    expect(topThreeFigure(frozen, new Set(['2025-03-10']), '2025-03-11')).toEqual({
      days: 2,
      allDone: 1,
      rate: 0.5,
    });
    expect(topThreeFigure(frozen, new Set(['2025-03-10', '2025-03-11']), '2025-03-11')).toEqual({
      days: 3,
      allDone: 2,
      rate: 2 / 3,
    });
  });

  it('ends the weeks with the one today is in, Mondays across a year end', () => {
    expect(weekStarts('2025-01-01', 3)).toEqual(['2024-12-16', '2024-12-23', '2024-12-30']);
  });
});
