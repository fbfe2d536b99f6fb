import { describe, expect, it } from 'vitest';
import {
  formatLocalTime,
  addDays,
  daysBetween,
  formatDate,
  formatDaysLeft,
  formatRelativeDate,
  isoWeekday,
  todayIn,
  weekStart,
} from './local-date.ts';

describe('local dates', () => {
  it('adds days across month, year and DST boundaries', () => {
    expect(addDays('2024-01-31', 1)).toBe('2024-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-03-31', -31)).toBe('2024-02-29');
    // The European and American DST changes of 2024 do not skip or repeat a date.
    expect(addDays('2024-03-30', 1)).toBe('2024-03-31');
    expect(addDays('2024-11-03', 1)).toBe('2024-11-04');
  });

  it('counts whole days, negative backwards', () => {
    expect(daysBetween('2024-03-01', '2024-03-31')).toBe(30);
    expect(daysBetween('2024-03-31', '2024-03-01')).toBe(-30);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('knows ISO weekdays and the Monday of the week', () => {
    expect(isoWeekday('2024-05-13')).toBe(1);
    expect(isoWeekday('2024-05-19')).toBe(7);
    expect(weekStart('2024-05-19')).toBe('2024-05-13');
    expect(weekStart('2024-05-13')).toBe('2024-05-13');
    expect(weekStart('2025-01-01')).toBe('2024-12-30');
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-5-1',
      '',
      'tomorrow',
    ]) {
      expect(() => addDays(bad, 1), bad).toThrow(RangeError);
    }
  });

  it('resolves today in a zone from an instant', () => {
    const now = new Date('2024-05-13T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2024-05-13');
    expect(todayIn('Europe/Berlin', now)).toBe('2024-05-14');
    expect(todayIn('America/New_York', now)).toBe('2024-05-13');
  });

  it('keeps the hours before a day-start hour on the day before', () => {
    // 01:30 in Berlin on 14 May: with days starting at 04:00, still 13 May.
    const now = new Date('2024-05-13T23:30:00Z');
    expect(todayIn('Europe/Berlin', now, 4)).toBe('2024-05-13');
    expect(todayIn('Europe/Berlin', now, 1)).toBe('2024-05-14');
    expect(todayIn('UTC', new Date('2024-05-14T03:59:00Z'), 4)).toBe('2024-05-13');
    expect(todayIn('UTC', new Date('2024-05-14T04:00:00Z'), 4)).toBe('2024-05-14');
  });

  it('formats dates relative to today', () => {
    expect(formatRelativeDate('2024-05-13', '2024-05-13', 'en-GB')).toBe('Today');
    expect(formatRelativeDate('2024-05-14', '2024-05-13', 'en-GB')).toBe('Tomorrow');
    expect(formatRelativeDate('2024-05-12', '2024-05-13', 'en-GB')).toBe('Yesterday');
    expect(formatRelativeDate('2024-05-17', '2024-05-13', 'en-GB')).toBe('Friday');
    expect(formatDate('2024-05-20', '2024-05-13', 'en-GB')).toBe('Mon 20 May');
    expect(formatDaysLeft('2024-05-10', '2024-05-13')).toBe('3 days overdue');
    expect(formatDaysLeft('2024-05-14', '2024-05-13')).toBe('1 day left');
  });
});

describe('formatLocalTime', () => {
  it('writes a clock time as the locale does, like the browser’s own time inputs', () => {
    expect(formatLocalTime('07:30', 'en-GB')).toBe('07:30');
    expect(formatLocalTime('18:05', 'en-GB')).toBe('18:05');
    expect(formatLocalTime('07:30', 'en-US')).toBe('07:30 AM');
    expect(formatLocalTime('00:00', 'en-US')).toBe('12:00 AM');
    expect(formatLocalTime('18:05', 'de-DE')).toBe('18:05');
  });

  it('leaves anything that is not HH:MM as it is', () => {
    expect(formatLocalTime('now', 'en-US')).toBe('now');
  });
});
