import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '#contracts/analytics.ts';
import type { DomainGoal } from '#contracts/domain-metrics.ts';
import {
  busiestOf,
  calendarStreaks,
  calendarWeeks,
  domainFromParam,
  domainName,
  formatDays,
  formatMinutes,
  formatRate,
  heatLevel,
  metricAxis,
  metricRows,
  metricSummary,
  periodFromSearch,
  searchForPeriod,
  shortDate,
} from './format.ts';

const day = (date: string, done: number, topThree: CalendarDay['topThree']): CalendarDay => ({
  date,
  done,
  topThree,
});

describe('the period in the URL', () => {
  it('reads 7, 30 and 90 and falls back to 30 for anything else', () => {
    expect(periodFromSearch(new URLSearchParams('days=7'))).toBe('7');
    expect(periodFromSearch(new URLSearchParams('days=90'))).toBe('90');
    expect(periodFromSearch(new URLSearchParams(''))).toBe('30');
    expect(periodFromSearch(new URLSearchParams('days=10000'))).toBe('30');
    expect(periodFromSearch(new URLSearchParams('days=7.0'))).toBe('30');
  });

  it('keeps the default out of the URL', () => {
    expect(searchForPeriod('30')).toBe('');
    expect(searchForPeriod('7')).toBe('?days=7');
    expect(periodFromSearch(new URLSearchParams(searchForPeriod('90')))).toBe('90');
  });
});

describe('how figures read', () => {
  it('writes rates as whole percentages and a dash for nothing to divide', () => {
    expect(formatRate(2 / 3)).toBe('67%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('—');
  });

  it('writes minutes, days and domains', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(150)).toBe('2 h 30 min');
    expect(formatDays(null)).toBe('—');
    expect(formatDays(0)).toBe('same day');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(2.5)).toBe('2.5 days');
    expect(domainName('personal_development')).toBe('Personal development');
    expect(domainName(null)).toBe('No goal');
  });

  it('keeps a calendar date on its day whatever the reader’s zone', () => {
    expect(shortDate('2025-03-10', 'en-GB')).toBe('10 Mar');
    expect(shortDate('2025-01-01', 'en-GB')).toBe('1 Jan');
  });
});

describe('chart shapes', () => {
  it('finds the busiest item, the first of ties, none when nothing was done', () => {
    expect(
      busiestOf([
        { id: 'a', done: 1 },
        { id: 'b', done: 3 },
        { id: 'c', done: 3 },
      ]),
    ).toEqual({
      id: 'b',
      done: 3,
    });
    expect(busiestOf([{ done: 0 }, { done: 0 }])).toBeNull();
  });

  it('shades days in four steps from the busiest one', () => {
    expect([0, 1, 2, 3, 4, 8].map((done) => heatLevel(done, 8))).toEqual([0, 1, 1, 2, 2, 4]);
    expect(heatLevel(3, 0)).toBe(0);
  });

  it('cuts the calendar into weeks and counts its runs of all-done days', () => {
    const days = [
      day('2025-03-03', 2, 'all-done'),
      day('2025-03-04', 1, 'all-done'),
      day('2025-03-05', 0, 'missed'),
      day('2025-03-06', 3, 'all-done'),
      day('2025-03-07', 0, 'none'),
      day('2025-03-08', 1, 'all-done'),
      day('2025-03-09', 1, 'all-done'),
      day('2025-03-10', 1, 'all-done'),
      day('2025-03-11', 0, 'pending'),
      day('2025-03-12', 0, 'future'),
    ];
    expect(calendarWeeks(days).map((week) => week.length)).toEqual([7, 3]);
    expect(calendarWeeks(days)[1]?.[0]?.date).toBe('2025-03-10');
    // Today still under way does not break the run that reaches it.
    expect(calendarStreaks(days)).toEqual({ longest: 3, total: 6 });
    expect(calendarStreaks([])).toEqual({ longest: 0, total: 0 });
  });
});

describe('domain metrics', () => {
  const goal = (over: Partial<DomainGoal> = {}): DomainGoal => ({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Run',
    status: 'active',
    pinned: false,
    progress: 40,
    deadline: '2025-12-31',
    metric: { name: 'distance', target: 42, unit: 'km' },
    measurements: [],
    periodTotal: 0,
    latest: null,
    ...over,
  });
  const value = (date: string, v: number) => ({
    id: `00000000-0000-4000-8000-0000000000${date.slice(-2)}`,
    goalId: '00000000-0000-4000-8000-000000000001',
    date,
    value: v,
    note: null,
    createdAt: `${date}T10:00:00.000Z`,
  });

  it('reads only the four domains from the URL', () => {
    expect(domainFromParam('personal_development')).toBe('personal_development');
    expect(domainFromParam('finance')).toBeNull();
    expect(domainFromParam(undefined)).toBeNull();
  });

  it('runs a total beside each value', () => {
    const rows = metricRows(
      goal({ measurements: [value('2025-03-06', 5), value('2025-03-11', 6.5)] }),
    );
    expect(rows.map((r) => [r.label, r.value, r.total])).toEqual([
      ['Mar 6', 5, 5],
      ['Mar 11', 6.5, 11.5],
    ]);
  });

  it('says the latest, the target and the period’s total, or how to start', () => {
    expect(metricSummary(goal(), 7)).toBe('No value logged yet; the target is 42 km.');
    const latest = value('2025-03-01', 4);
    expect(metricSummary(goal({ latest }), 7)).toBe(
      'Latest 4 km on Mar 1, target 42 km; nothing logged in the last 7 days.',
    );
    const measurements = [value('2025-03-06', 5), value('2025-03-11', 6.5)];
    expect(
      metricSummary(goal({ measurements, latest: measurements[1] ?? null, periodTotal: 11.5 }), 30),
    ).toBe(
      'Latest 6.5 km on Mar 11, target 42 km; 2 values in the last 30 days adding up to 11.5 km.',
    );
    expect(metricSummary(goal({ metric: null }), 7)).toBe(
      'This goal has no metric to measure against.',
    );
  });
});

describe('a metric chart’s axis', () => {
  it('spans the values and the target with room to spare, in round steps', () => {
    expect(metricAxis([82, 81.2, 79.8], 75)).toEqual({
      domain: [72.5, 85],
      ticks: [72.5, 75, 77.5, 80, 82.5, 85],
    });
    expect(metricAxis([2, 6], 10)).toEqual({
      domain: [0, 12.5],
      ticks: [0, 2.5, 5, 7.5, 10, 12.5],
    });
    expect(metricAxis([], 10).ticks).toEqual([9, 9.5, 10, 10.5, 11]);
    expect(metricAxis([0.31, 0.42], 0.5).ticks).toEqual([0.2, 0.3, 0.4, 0.5, 0.6]);
  });
});
