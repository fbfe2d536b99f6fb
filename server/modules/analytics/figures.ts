import {
  openToDoneBuckets,
  type CalendarDay,
  type Completion,
  type WeekTrend,
} from '#contracts/analytics.ts';
import { coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { addDays, daysBetween, isoWeekday, weekStart } from '#contracts/local-date.ts';
import type { ClosedDayRow, OverdueRow } from './analytics.repo.ts';

// The analytics figures from the read model's grouped rows: pure, so every rule is tested without
// a database. The definitions are written once, in contracts/analytics.ts.

export function completionOf(done: number, skipped: number, overdueOpen: number): Completion {
  const total = done + skipped + overdueOpen;
  return { done, skipped, overdueOpen, rate: total === 0 ? null : done / total };
}

export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const length = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, length) }, (_, i) => addDays(from, i));
}

function sumBy<T>(rows: readonly T[], pick: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + pick(row), 0);
}

/** Completion over everything given. */
export function totalCompletion(closed: readonly ClosedDayRow[], overdue: readonly OverdueRow[]) {
  return completionOf(
    sumBy(closed, (r) => (r.status === 'done' ? r.count : 0)),
    sumBy(closed, (r) => (r.status === 'skipped' ? r.count : 0)),
    sumBy(overdue, (r) => r.count),
  );
}

/** Completion per domain in the coach's order, then tasks without a goal (domain null). */
export function completionByDomain(
  closed: readonly ClosedDayRow[],
  overdue: readonly OverdueRow[],
): Array<Completion & { domain: CoachDomain | null }> {
  return [...coachDomains, null].map((domain) => ({
    domain,
    ...totalCompletion(
      closed.filter((r) => r.domain === domain),
      overdue.filter((r) => r.domain === domain),
    ),
  }));
}

/** Tasks done on each date from `from` to `to`. */
export function donePerDay(closed: readonly ClosedDayRow[], from: string, to: string) {
  const done = new Map<string, number>();
  for (const row of closed) {
    if (row.status === 'done') done.set(row.date, (done.get(row.date) ?? 0) + row.count);
  }
  return datesBetween(from, to).map((date) => ({ date, done: done.get(date) ?? 0 }));
}

/**
 * The top-three figure over a period: days with a frozen top three, and those the streak counts.
 * Today joins only once all done, as the streak treats it (a day still under way is not missed).
 */
export function topThreeFigure(
  frozenDates: readonly string[],
  doneDates: ReadonlySet<string>,
  today: string,
) {
  const days = frozenDates.filter((date) => date !== today || doneDates.has(date));
  const allDone = days.filter((date) => doneDates.has(date)).length;
  return { days: days.length, allDone, rate: ratio(allDone, days.length) };
}

/** The Mondays of the `count` ISO weeks ending with `today`'s. */
export function weekStarts(today: string, count: number): string[] {
  const last = weekStart(today);
  return Array.from({ length: count }, (_, i) => addDays(last, (i - count + 1) * 7));
}

/** Each week's completion, minutes and punctuality. */
export function weeklyTrends(
  weeks: readonly string[],
  closed: readonly ClosedDayRow[],
  overdue: readonly OverdueRow[],
  planned: ReadonlyArray<{ date: string; minutes: number }>,
): WeekTrend[] {
  const index = new Map(weeks.map((monday, i) => [monday, i]));
  const blank = () => ({
    done: 0,
    skipped: 0,
    overdue: 0,
    planned: 0,
    doneMin: 0,
    dated: 0,
    on: 0,
  });
  const acc = weeks.map(blank);
  const at = (date: string) => {
    const i = index.get(weekStart(date));
    return i === undefined ? undefined : acc[i];
  };
  for (const row of closed) {
    const week = at(row.date);
    if (!week) continue;
    if (row.status === 'skipped') {
      week.skipped += row.count;
      continue;
    }
    week.done += row.count;
    week.doneMin += row.minutes;
    week.dated += row.dated;
    week.on += row.onTime;
  }
  for (const row of overdue) {
    const week = at(row.since);
    if (week) week.overdue += row.count;
  }
  for (const row of planned) {
    const week = at(row.date);
    if (week) week.planned += row.minutes;
  }
  return weeks.map((monday, i) => {
    const week = acc[i] ?? blank();
    return {
      weekStart: monday,
      ...completionOf(week.done, week.skipped, week.overdue),
      plannedMinutes: week.planned,
      doneMinutes: week.doneMin,
      dated: week.dated,
      onTime: week.on,
    };
  });
}

/** Tasks done on each ISO weekday, Monday first. */
export function weekdayPattern(closed: readonly ClosedDayRow[]) {
  const done = [0, 0, 0, 0, 0, 0, 0];
  for (const row of closed) {
    const weekday = isoWeekday(row.date) - 1;
    if (row.status === 'done') done[weekday] = (done[weekday] ?? 0) + row.count;
  }
  return done.map((count, i) => ({ weekday: i + 1, done: count }));
}

function bucketOf(days: number): (typeof openToDoneBuckets)[number] {
  if (days <= 0) return 'same day';
  if (days === 1) return '1 day';
  if (days <= 3) return '2–3 days';
  if (days <= 7) return '4–7 days';
  if (days <= 14) return '8–14 days';
  return '15+ days';
}

/** The median and the spread of days from opening to done, from a count per number of days. */
export function openToDone(rows: ReadonlyArray<{ days: number; count: number }>) {
  const sorted = [...rows].sort((a, b) => a.days - b.days);
  const total = sumBy(sorted, (r) => r.count);
  const nth = (n: number) => {
    let seen = 0;
    for (const row of sorted) {
      seen += row.count;
      if (seen > n) return row.days;
    }
    return 0;
  };
  const medianDays =
    total === 0
      ? null
      : total % 2 === 1
        ? nth((total - 1) / 2)
        : (nth(total / 2 - 1) + nth(total / 2)) / 2;
  const buckets = new Map(openToDoneBuckets.map((label) => [label, 0]));
  for (const row of sorted) {
    const label = bucketOf(row.days);
    buckets.set(label, (buckets.get(label) ?? 0) + row.count);
  }
  return {
    count: total,
    medianDays,
    buckets: openToDoneBuckets.map((label) => ({ label, count: buckets.get(label) ?? 0 })),
  };
}

/** Every day of the weeks: tasks done and what became of its top three. */
export function streakCalendar(options: {
  from: string;
  today: string;
  perDay: ReadonlyArray<{ date: string; done: number }>;
  frozenDates: readonly string[];
  doneDates: ReadonlySet<string>;
}): CalendarDay[] {
  const { from, today, doneDates } = options;
  const done = new Map(options.perDay.map((d) => [d.date, d.done]));
  const frozen = new Set(options.frozenDates);
  return datesBetween(from, addDays(weekStart(today), 6)).map((date) => ({
    date,
    done: done.get(date) ?? 0,
    topThree: doneDates.has(date)
      ? 'all-done'
      : date > today
        ? 'future'
        : date === today
          ? 'pending'
          : frozen.has(date)
            ? 'missed'
            : 'none',
  }));
}
