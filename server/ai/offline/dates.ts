import { DateTime } from 'luxon';

/**
 * Luxon helpers of the offline engine's texts and parsing. Calendar arithmetic itself (addDays,
 * daysBetween) is the shared pure module #contracts/local-date.ts.
 */

export function toDateTime(isoDate: string): DateTime<true> {
  const value = DateTime.fromISO(isoDate, { zone: 'utc' });
  if (!value.isValid) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return value;
}

export function toIsoDate(value: DateTime): string {
  return value.toISODate() ?? '';
}

/** "1 June 2026": unambiguous in every locale that reads English. */
export function formatLongDate(isoDate: string): string {
  return toDateTime(isoDate).setLocale('en-GB').toFormat('d MMMM yyyy');
}
