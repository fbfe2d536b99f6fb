/**
 * Calendar dates (YYYY-MM-DD, in the user's own zone, as the API sends them), shared by the client
 * and the server. A user's "today" is resolved once from a clock and their zone; from there every
 * date is a plain calendar day, computed at UTC midnight where each day has 24 hours, so neither a
 * DST change nor the reader's zone can skip, repeat or move a date.
 */

const DAY_MS = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The UTC midnight of `date`; a RangeError for anything that is not a real calendar date. Checked
 * with arithmetic (2024-02-30 has a day past the month's end) rather than a round trip through a
 * string: plans compute thousands of dates and this is their hot path.
 */
function toUtc(date: string): number {
  const parts = DATE_PATTERN.exec(date);
  const year = Number(parts?.[1]);
  const month = Number(parts?.[2]);
  const day = Number(parts?.[3]);
  if (!parts || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  // Date.UTC reads years 0–99 as 1900–1999.
  return year >= 100 ? Date.UTC(year, month - 1, day) : Date.parse(`${date}T00:00:00Z`);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The browser's (or the process's) IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date in the zone. */
/**
 * The date in `timeZone` at `now`; with a day-start hour, the date of the day that has begun (before
 * that hour the clock still belongs to the day before, as the server's day contract says).
 */
export function todayIn(timeZone: string, now: Date = new Date(), dayStartHour = 0): string {
  // en-CA writes dates as YYYY-MM-DD.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return Number(part('hour')) < dayStartHour ? addDays(date, -1) : date;
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return new Date(toUtc(date)).getUTCDay() || 7;
}

/** The Monday of the ISO week `date` is in. */
export function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
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

/**
 * A clock time ("07:30", "18:00") as the reader's locale writes it: "07:30" in Britain, "07:30 AM"
 * in the US, the same way the browser's own time inputs show it, so one screen never mixes the two.
 */
export function formatLocalTime(time: string, locale?: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
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
