import { DateTime } from 'luxon';
import { daysBetween } from '#contracts/local-date.ts';

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

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "1 June 2026": unambiguous in every locale that reads English. Written from the date's own
 * parts (checked by `daysBetween`), as plans format a date for every milestone and note.
 */
export function formatLongDate(isoDate: string): string {
  daysBetween(isoDate, isoDate); // throws a RangeError for what is not a calendar date
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1] ?? ''} ${year}`;
}
