import {
  DEFAULT_ANALYTICS_PERIOD,
  analyticsPeriods,
  type AnalyticsPeriod,
  type CalendarDay,
} from '#contracts/analytics.ts';
import { coachDomains, type CoachDomain } from '#contracts/coach.ts';
import type { DomainGoal } from '#contracts/domain-metrics.ts';
import { formatMeasure } from '#contracts/measurements.ts';

// Pure pieces of the analytics screens: the period in the URL, how figures read, and the shapes
// the charts and their tables share.

/** The period in `?days=`; anything else (missing, 10000, "abc") reads as the default. */
export function periodFromSearch(search: URLSearchParams): AnalyticsPeriod {
  const value = search.get('days');
  return analyticsPeriods.find((period) => period === value) ?? DEFAULT_ANALYTICS_PERIOD;
}

/** The search string for a period: the default leaves the URL clean. */
export function searchForPeriod(period: AnalyticsPeriod): string {
  return period === DEFAULT_ANALYTICS_PERIOD ? '' : `?days=${period}`;
}

/** "67%", or "—" when there is nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** "45 min", "2 h", "2 h 30 min". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "same day", "1 day", "2.5 days"; "—" without any. */
export function formatDays(days: number | null): string {
  if (days === null) return '—';
  if (days === 0) return 'same day';
  const shown = Number.isInteger(days) ? String(days) : days.toFixed(1);
  return `${shown} ${days === 1 ? 'day' : 'days'}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export const domainNames: Record<CoachDomain, string> = {
  health: 'Health',
  career: 'Career',
  relationships: 'Relationships',
  personal_development: 'Personal development',
};

/** The domain in /analytics/metrics/{domain}, or null for anything else (the not-found page). */
export function domainFromParam(param: string | undefined): CoachDomain | null {
  return coachDomains.find((domain) => domain === param) ?? null;
}

export function domainName(domain: CoachDomain | null): string {
  return domain === null ? 'No goal' : domainNames[domain];
}

export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** "12 Mar" for a chart's axis (dates are calendar days: no zone may move them). */
export function shortDate(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The calendar's days as columns of weeks (Monday on top), oldest week first. */
export function calendarWeeks(days: readonly CalendarDay[]): CalendarDay[][] {
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** 0 (nothing done) to 4 (the busiest day of the weeks), for the heatmap's shade. */
export function heatLevel(done: number, busiest: number): 0 | 1 | 2 | 3 | 4 {
  if (done <= 0 || busiest <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((done / busiest) * 4))) as 1 | 2 | 3 | 4;
}

/** The longest run of all-done days in the calendar, and how many there were. */
export function calendarStreaks(days: readonly CalendarDay[]) {
  let longest = 0;
  let run = 0;
  let total = 0;
  for (const day of days) {
    if (day.topThree === 'all-done') {
      run += 1;
      total += 1;
      longest = Math.max(longest, run);
    } else if (day.topThree !== 'pending' && day.topThree !== 'future') {
      run = 0;
    }
  }
  return { longest, total };
}

/** The day with the most tasks done (the first of ties), or null when none were. */
export function busiestOf<T extends { done: number }>(items: readonly T[]): T | null {
  return items.reduce<T | null>(
    (best, item) => (item.done > (best?.done ?? 0) ? item : best),
    null,
  );
}

/** A goal's period of values as chart points and table rows: each value and the running total. */
export function metricRows(goal: DomainGoal) {
  let total = 0;
  return goal.measurements.map((m) => {
    total += m.value;
    return {
      id: m.id,
      label: shortDate(m.date),
      date: m.date,
      value: m.value,
      total,
      note: m.note,
    };
  });
}

/**
 * One sentence about a goal's values against its target, for readers of the chart and everyone
 * else: the latest, its gap to the target, and the period's total (distances and pages add up).
 */
export function metricSummary(goal: DomainGoal, days: number): string {
  const { metric, latest } = goal;
  if (!metric) return 'This goal has no metric to measure against.';
  const unit = metric.unit;
  const target = formatMeasure(metric.target, unit);
  if (!latest) return `No value logged yet; the target is ${target}.`;
  const latestText = `Latest ${formatMeasure(latest.value, unit)} on ${shortDate(latest.date)}, target ${target}`;
  if (goal.measurements.length === 0) {
    return `${latestText}; nothing logged in the last ${days} days.`;
  }
  return `${latestText}; ${plural(goal.measurements.length, 'value')} in the last ${days} days adding up to ${formatMeasure(goal.periodTotal, unit)}.`;
}

/** 1, 2, 2.5 or 5 times a power of ten: the smallest at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough - 1e-9) ?? 10;
  return step * power;
}

/**
 * The value axis of a metric's chart: its values and its target with a tenth of the span to
 * spare (so the target's line and label never sit on the axis), in round steps of about a fifth.
 */
export function metricAxis(values: readonly number[], target: number) {
  const low = Math.min(target, ...values);
  const high = Math.max(target, ...values);
  const pad = high > low ? (high - low) / 10 : Math.max(Math.abs(target) / 10, 1);
  const step = niceStep((high - low + 2 * pad) / 4);
  const round = (value: number) => Number(value.toPrecision(12));
  const from = Math.floor((low - pad) / step);
  const to = Math.ceil((high + pad) / step);
  const ticks = Array.from({ length: to - from + 1 }, (_, i) => round((from + i) * step));
  return { domain: [ticks[0] ?? low, ticks.at(-1) ?? high] as [number, number], ticks };
}
