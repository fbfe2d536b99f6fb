import { DateTime } from 'luxon';

/**
 * Calendar arithmetic on local dates (YYYY-MM-DD). The user's "today" arrives already resolved in
 * their time zone, so from here on a date is a calendar day: Luxon works on it in UTC, where every
 * day is 24 hours long and no midnight is skipped by a DST change.
 */
export function toDateTime(isoDate: string): DateTime<true> {
  const value = DateTime.fromISO(isoDate, { zone: 'utc' });
  if (!value.isValid) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return value;
}

export function toIsoDate(value: DateTime): string {
  return value.toISODate() ?? '';
}

export function addDays(isoDate: string, days: number): string {
  return toIsoDate(toDateTime(isoDate).plus({ days }));
}

export function addWeeks(isoDate: string, weeks: number): string {
  return toIsoDate(toDateTime(isoDate).plus({ weeks }));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(toDateTime(to).diff(toDateTime(from), 'days').days);
}

/** "1 June 2026": unambiguous in every locale that reads English. */
export function formatLongDate(isoDate: string): string {
  return toDateTime(isoDate).setLocale('en-GB').toFormat('d MMMM yyyy');
}

export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a >= b ? a : b;
}
