/**
 * Calendar dates (YYYY-MM-DD, in the user's own zone, as the API sends them) and timestamps,
 * formatted with Intl. A calendar date is a day, not an instant: it is read and written at UTC
 * midnight so no zone can move it to the day before.
 */

const DAY_MS = 86_400_000;

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function toUtc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** "Mon, 12 May" (with the year when it is not `today`'s year). */
export function formatDate(date: string, today?: string, locale?: string): string {
  const sameYear = today ? today.slice(0, 4) === date.slice(0, 4) : false;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(new Date(toUtc(date)));
}

/** "Today", "Tomorrow", "Yesterday", "Fri" within a week ahead, else the date. */
export function formatRelativeDate(date: string, today: string, locale?: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  if (days > 1 && days < 7) {
    return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long' }).format(
      new Date(toUtc(date)),
    );
  }
  return formatDate(date, today, locale);
}

/** "In 12 days", "3 days left"-style distance to a deadline. */
export function formatDaysLeft(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'Due today';
  if (days === 1) return '1 day left';
  if (days > 1) return `${days} days left`;
  if (days === -1) return '1 day overdue';
  return `${-days} days overdue`;
}

/** A timestamp in the user's zone: "12 May, 14:05". */
export function formatTimestamp(iso: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
