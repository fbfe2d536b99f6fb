import { DateTime } from 'luxon';

/**
 * Calendar arithmetic on local dates (YYYY-MM-DD). The user's "today" arrives already resolved in
 * their time zone, so from here on a date is a calendar day: Luxon works on it in UTC, where every
 * day is 24 hours long and no midnight is skipped by a DST change.
 *
 * Plans do this arithmetic thousands of times on a few hundred distinct dates, so each date's day
 * number (days since 1970-01-01) and each day number's date are computed by Luxon once and kept.
 */
const MS_PER_DAY = 86_400_000;
const CACHE_LIMIT = 20_000;
const dayNumbers = new Map<string, number>();
const isoDates = new Map<number, string>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

export function toDateTime(isoDate: string): DateTime<true> {
  const value = DateTime.fromISO(isoDate, { zone: 'utc' });
  if (!value.isValid) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return value;
}

export function toIsoDate(value: DateTime): string {
  return value.toISODate() ?? '';
}

function dayNumber(isoDate: string): number {
  return (
    dayNumbers.get(isoDate) ??
    remember(dayNumbers, isoDate, Math.round(toDateTime(isoDate).toMillis() / MS_PER_DAY))
  );
}

function fromDayNumber(day: number): string {
  return (
    isoDates.get(day) ??
    remember(isoDates, day, toIsoDate(DateTime.fromMillis(day * MS_PER_DAY, { zone: 'utc' })))
  );
}

export function addDays(isoDate: string, days: number): string {
  return fromDayNumber(dayNumber(isoDate) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** "1 June 2026": unambiguous in every locale that reads English. */
export function formatLongDate(isoDate: string): string {
  return toDateTime(isoDate).setLocale('en-GB').toFormat('d MMMM yyyy');
}
