import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { coachDomainSchema } from '#contracts/coach.ts';

// The analytics read model (ADR 016): figures computed from goals, milestones, tasks and the frozen
// top three, never written anywhere. Every date is a calendar date in the person's own zone (their
// profile's, with their day-start hour), as the tasks' `closed_on` and the top three's dates are.
//
// Definitions, shared by both screens (ADR 023 says why):
// - A task is *done* or *skipped* on its `closed_on` date.
// - A task is *overdue open* when it is open, not snoozed past today, and its scheduled or due date
//   falls before today (the tasks' "overdue" view); it belongs to the period (or week) in which that
//   earliest date falls.
// - Completion rate = done ÷ (done + skipped + overdue open); null when the denominator is 0.
// - A *top-three day* is a local date with a frozen top three; it is *all done* when the streak
//   counts it (the dashboard's definition). Today counts only once it is all done, as in the streak.

/** The periods /analytics offers, in days ending today. */
export const analyticsPeriods = ['7', '30', '90'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30';
/** /analytics/advanced: this many ISO weeks (Monday first), the current one last. */
export const TREND_WEEKS = 12;

export const analyticsSummaryQuerySchema = z.strictObject(
  {
    days: z
      .enum(analyticsPeriods, { message: `must be one of ${analyticsPeriods.join(', ')} (days)` })
      .default(DEFAULT_ANALYTICS_PERIOD),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'only "days" may be given' : undefined),
  },
);
export type AnalyticsSummaryQuery = z.input<typeof analyticsSummaryQuerySchema>;

/** /analytics/advanced takes no parameter: anything given is a mistake. */
export const analyticsTrendsQuerySchema = z.strictObject(
  {},
  { error: () => 'this report takes no parameters' },
);

const rate = z.number().min(0).max(1).nullable();
const count = z.int().min(0);

export const completionSchema = z.object({
  done: count,
  skipped: count,
  overdueOpen: count,
  /** done ÷ (done + skipped + overdueOpen); null without any of them. */
  rate,
});
export type Completion = z.infer<typeof completionSchema>;

export const analyticsSummarySchema = z.object({
  /** Today in the person's zone: the period's last day. */
  localDate: z.string(),
  timeZone: z.string(),
  days: z.int(),
  /** The period's first day (today − days + 1). */
  from: z.string(),
  tasksDone: count,
  completion: completionSchema,
  topThree: z.object({
    /** Days of the period with a frozen top three (today only once all done). */
    days: count,
    allDone: count,
    rate,
  }),
  /** The dashboard's streak, whatever the period. */
  streak: z.object({ current: count, best: count }),
  /** Active goals with their progress (the goals' own figure), pinned first. */
  goals: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      domain: coachDomainSchema,
      pinned: z.boolean(),
      progress: z.int().min(0).max(100),
    }),
  ),
  /** Every domain, in the coach's order, then tasks without a goal (domain null). */
  byDomain: z.array(completionSchema.extend({ domain: coachDomainSchema.nullable() })),
  /** Every day of the period, oldest first. */
  perDay: z.array(z.object({ date: z.string(), done: count })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const weekTrendSchema = completionSchema.extend({
  /** The week's Monday. */
  weekStart: z.string(),
  /**
   * Estimated minutes of the tasks planned for the week (whatever became of them): by scheduled
   * date, else due date, else the day the task was opened.
   */
  plannedMinutes: count,
  /** Estimated minutes of the tasks done in the week. */
  doneMinutes: count,
  /** Done tasks with a due or scheduled date, and those done on or before it. */
  dated: count,
  onTime: count,
});
export type WeekTrend = z.infer<typeof weekTrendSchema>;

export const openToDoneBuckets = [
  'same day',
  '1 day',
  '2–3 days',
  '4–7 days',
  '8–14 days',
  '15+ days',
] as const;

export const calendarDaySchema = z.object({
  date: z.string(),
  done: count,
  /**
   * The day's top three: all done (a streak day), not all done (missed), none frozen, today while
   * not all done yet (pending), or a day still ahead (future).
   */
  topThree: z.enum(['all-done', 'missed', 'none', 'pending', 'future']),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const analyticsTrendsSchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  /** The first week's Monday. */
  from: z.string(),
  weeks: z.array(weekTrendSchema).length(TREND_WEEKS),
  onTime: z.object({ dated: count, onTime: count, rate }),
  /** Tasks done on each ISO weekday over the weeks (1 = Monday … 7 = Sunday). */
  weekdays: z.array(z.object({ weekday: z.int().min(1).max(7), done: count })).length(7),
  /** Days from a task's opening (created or reopened) to its completion. */
  openToDone: z.object({
    count,
    medianDays: z.number().min(0).nullable(),
    buckets: z.array(z.object({ label: z.enum(openToDoneBuckets), count })),
  }),
  skipped: count,
  /** Open tasks carrying a snooze now (a snooze is cleared when the task is closed or moved). */
  snoozed: count,
  /** Milestones due in the weeks up to today (today's once done), and those done by their due date. */
  milestones: z.object({ due: count, hit: count, rate }),
  /** Every day of the weeks, oldest first (Monday of the first week to Sunday of this one). */
  calendar: z.array(calendarDaySchema),
});
export type AnalyticsTrends = z.infer<typeof analyticsTrendsSchema>;

export const analyticsPaths = {
  summary: apiPath('/api/analytics/summary'),
  trends: apiPath('/api/analytics/trends'),
} as const;
