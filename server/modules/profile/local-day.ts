import { DateTime } from 'luxon';

/**
 * Calendar arithmetic for the planning modules. A user's "today" is resolved once from the
 * injected clock by their day contract (server/delivery/schedule.ts localDayOf); from there every
 * date is a plain calendar day, computed in UTC where each day has 24 hours, so a DST change never
 * skips or repeats a date.
 */

function day(date: string): DateTime<true> {
  const value = DateTime.fromISO(date, { zone: 'utc' });
  if (!value.isValid) throw new RangeError(`Not a calendar date: ${date}`);
  return value;
}

export function addDays(date: string, days: number): string {
  return day(date).plus({ days }).toISODate();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(day(to).diff(day(from), 'days').days);
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return day(date).weekday;
}

/** The Monday of the ISO week `date` is in. */
export function weekStart(date: string): string {
  return day(date).startOf('week').toISODate();
}
