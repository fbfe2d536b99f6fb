import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '#contracts/analytics.ts';
import {
  busiestOf,
  calendarStreaks,
  calendarWeeks,
  domainName,
  formatDays,
  formatMinutes,
  formatRate,
  heatLevel,
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
