import { describe, expect, it } from 'vitest';
import { experimentResult, type ResultInput } from './result.ts';
import { compareExperiments, lastCheckinDay, statusOf } from './status.ts';

const rating: ResultInput['metric'] = { kind: 'rating' };
const days = (values: Record<string, number>) =>
  Object.entries(values).map(([date, value]) => ({ date, value }));

describe('experimentResult', () => {
  it('compares the first three days with the rest, to one decimal', () => {
    // Before: 2, 3, 3 → 2.7; after: 4, 4, 3, 5 → 4; change +1.3.
    const result = experimentResult({
      metric: rating,
      baseline: null,
      startDate: '2025-03-01',
      status: 'done',
      checkins: days({
        '2025-03-01': 2,
        '2025-03-02': 3,
        '2025-03-03': 3,
        '2025-03-04': 4,
        '2025-03-06': 4,
        '2025-03-07': 3,
        '2025-03-08': 5,
      }),
    });
    expect(result).toEqual({
      before: {
        source: 'first_days',
        from: '2025-03-01',
        to: '2025-03-03',
        checkins: 3,
        average: 2.7,
      },
      after: { from: '2025-03-04', to: '2025-03-08', checkins: 4, average: 4 },
      change: 1.3,
      verdict: 'helps',
      conclusion: 'Your rating rose from 2.7 to 4 on average (+1.3) — the change seems to help.',
    });
  });

  it('uses a given baseline against every check-in, and says "so far" while running', () => {
    const result = experimentResult({
      metric: { kind: 'number', unit: 'cigarettes', better: 'lower' },
      baseline: 10,
      startDate: '2025-03-01',
      status: 'running',
      checkins: days({ '2025-03-01': 8, '2025-03-02': 6, '2025-03-03': 7 }),
    });
    expect(result.before).toEqual({
      source: 'baseline',
      from: null,
      to: null,
      checkins: 0,
      average: 10,
    });
    expect(result.after).toMatchObject({ checkins: 3, average: 7 });
    expect(result.change).toBe(-3);
    expect(result.verdict).toBe('helps');
    expect(result.conclusion).toBe(
      'Your check-ins fell from 10 to 7 cigarettes on average (-3) so far — the change seems to help.',
    );
  });

  it('says a rise is worse when lower is better, and small moves are no clear change', () => {
    const worse = experimentResult({
      metric: { kind: 'number', unit: 'min', better: 'lower' },
      baseline: 20,
      startDate: '2025-03-01',
      status: 'done',
      checkins: days({ '2025-03-01': 30, '2025-03-02': 30 }),
    });
    expect(worse.verdict).toBe('hurts');
    expect(worse.conclusion).toContain('the change seems to make it worse');

    const flat = experimentResult({
      metric: rating,
      baseline: 3,
      startDate: '2025-03-01',
      status: 'done',
      checkins: days({ '2025-03-01': 3, '2025-03-02': 3, '2025-03-03': 4 }),
    });
    // 3.3 − 3 = 0.3 counts; 3 → 3.2 would not.
    expect(flat.verdict).toBe('helps');
    const same = experimentResult({
      metric: rating,
      baseline: 3,
      startDate: '2025-03-01',
      status: 'done',
      checkins: days({ '2025-03-01': 3, '2025-03-02': 3, '2025-03-03': 3, '2025-03-04': 4 }),
    });
    expect(same.change).toBe(0.3);
    expect(same.verdict).toBe('helps');
    const tiny = experimentResult({
      metric: rating,
      baseline: 3,
      startDate: '2025-03-01',
      status: 'done',
      checkins: days({
        '2025-03-01': 3,
        '2025-03-02': 3,
        '2025-03-03': 3,
        '2025-03-04': 3,
        '2025-03-05': 4,
      }),
    });
    expect(tiny.change).toBe(0.2);
    expect(tiny.verdict).toBe('no_clear_change');
    expect(tiny.conclusion).toBe(
      'Your rating stayed about the same (3 before, 3.2 since) — no clear effect.',
    );
  });

  it('asks for what is missing before saying anything', () => {
    const noStart = experimentResult({
      metric: rating,
      baseline: null,
      startDate: '2025-03-01',
      status: 'running',
      checkins: days({ '2025-03-05': 4, '2025-03-06': 4 }),
    });
    expect(noStart).toMatchObject({ verdict: 'not_enough', change: null });
    expect(noStart.conclusion).toMatch(/first 3 days set your starting point/);

    const fewAfter = experimentResult({
      metric: rating,
      baseline: null,
      startDate: '2025-03-01',
      status: 'running',
      checkins: days({ '2025-03-01': 2, '2025-03-04': 4 }),
    });
    expect(fewAfter.verdict).toBe('not_enough');
    expect(fewAfter.conclusion).toBe(
      'Not enough check-ins yet: check in on 1 more day after the first 3 days to see a result.',
    );

    const none = experimentResult({
      metric: rating,
      baseline: 2,
      startDate: '2025-03-01',
      status: 'planned',
      checkins: [],
    });
    expect(none.conclusion).toBe(
      'Not enough check-ins yet: check in on 2 more days to see a result.',
    );
  });
});

describe('status', () => {
  const facts = { startDate: '2025-03-10', endDate: '2025-03-16', closed: null, closedOn: null };

  it('follows the dates, then what the person did', () => {
    expect(statusOf(facts, '2025-03-09')).toBe('planned');
    expect(statusOf(facts, '2025-03-10')).toBe('running');
    expect(statusOf(facts, '2025-03-16')).toBe('running');
    expect(statusOf(facts, '2025-03-17')).toBe('done');
    expect(statusOf({ ...facts, closed: 'ended', closedOn: '2025-03-12' }, '2025-03-12')).toBe(
      'done',
    );
    expect(statusOf({ ...facts, closed: 'abandoned', closedOn: '2025-03-12' }, '2025-03-20')).toBe(
      'abandoned',
    );
  });

  it('takes check-ins up to today, the end, or the day it was ended', () => {
    expect(lastCheckinDay(facts, '2025-03-12')).toBe('2025-03-12');
    expect(lastCheckinDay(facts, '2025-03-30')).toBe('2025-03-16');
    expect(
      lastCheckinDay({ ...facts, closed: 'ended', closedOn: '2025-03-13' }, '2025-03-30'),
    ).toBe('2025-03-13');
  });

  it('orders running, planned, done, abandoned; newest start first', () => {
    const list = [
      { status: 'done' as const, startDate: '2025-01-01' },
      { status: 'abandoned' as const, startDate: '2025-03-01' },
      { status: 'running' as const, startDate: '2025-02-01' },
      { status: 'planned' as const, startDate: '2025-04-01' },
      { status: 'running' as const, startDate: '2025-02-10' },
    ].sort(compareExperiments);
    expect(list.map((e) => `${e.status} ${e.startDate}`)).toEqual([
      'running 2025-02-10',
      'running 2025-02-01',
      'planned 2025-04-01',
      'done 2025-01-01',
      'abandoned 2025-03-01',
    ]);
  });
});
