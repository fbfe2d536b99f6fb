import { z } from 'zod';
import { analyticsSummaryQuerySchema, completionSchema } from '#contracts/analytics.ts';
import { apiPath } from '#contracts/api-path.ts';
import { coachDomainSchema, coachDomains, goalMetricSchema } from '#contracts/coach.ts';
import { goalStatusSchema } from '#contracts/goals.ts';
import { measurementSchema } from '#contracts/measurements.ts';

// /analytics/metrics/{domain}: one domain of life over the period /analytics offers (7, 30 or 90
// days ending today, the person's local dates). The definitions are /analytics's (ADR 023) with
// the domain's tasks only; what this page adds is in ADR 026:
// - Minutes invested: estimated minutes of the domain's tasks done in the period.
// - Share of top-three picks: of every task picked into a frozen top three on a day of the period
//   (today's too: a pick is made when the day's three are frozen), those of the domain's goals.
// - Goals: the domain's goals that are not archived, with the goals' own progress and the values
//   logged against their metric in the period (measurements move no progress).
// - Milestones: those of these goals by due date; done on the local date they were marked done.

export const domainMetricsParamsSchema = z.object({
  domain: z.enum(coachDomains, { message: `must be one of ${coachDomains.join(', ')}` }),
});

/** The period, as /analytics takes it: `?days=7|30|90`, 30 by default, nothing else. */
export const domainMetricsQuerySchema = analyticsSummaryQuerySchema;

const count = z.int().min(0);
const rate = z.number().min(0).max(1).nullable();

export const milestoneStates = ['done', 'upcoming', 'overdue'] as const;

export const domainGoalSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: goalStatusSchema,
  pinned: z.boolean(),
  progress: z.int().min(0).max(100),
  deadline: z.string(),
  /** The goal's metric; null only for a stored one that no longer reads as a metric. */
  metric: goalMetricSchema.nullable(),
  /** Values logged in the period, oldest first. */
  measurements: z.array(measurementSchema),
  /** Sum of the period's values (a distance or pages add up; a weight reads by `latest`). */
  periodTotal: z.number(),
  /** The newest value ever logged, in the period or before it; null when none. */
  latest: measurementSchema.nullable(),
});
export type DomainGoal = z.infer<typeof domainGoalSchema>;

export const timelineMilestoneSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid(),
  goalTitle: z.string(),
  title: z.string(),
  dueDate: z.string(),
  /** The local date it was marked done, or null. */
  doneOn: z.string().nullable(),
  /** Done; not done and due today or later; not done and due before today. */
  state: z.enum(milestoneStates),
});
export type TimelineMilestone = z.infer<typeof timelineMilestoneSchema>;

export const domainMetricsSchema = z.object({
  domain: coachDomainSchema,
  localDate: z.string(),
  timeZone: z.string(),
  days: z.int(),
  from: z.string(),
  tasksDone: count,
  minutesInvested: count,
  completion: completionSchema,
  topThree: z.object({
    /** Tasks picked into a frozen top three on the period's days. */
    picks: count,
    /** Those belonging to one of the domain's goals. */
    domainPicks: count,
    share: rate,
  }),
  /** Pinned first, then by deadline and title. */
  goals: z.array(domainGoalSchema),
  /** By due date, then by the goal's order of milestones. */
  milestones: z.array(timelineMilestoneSchema),
});
export type DomainMetrics = z.infer<typeof domainMetricsSchema>;

export const domainMetricsPaths = {
  metrics: apiPath('/api/analytics/metrics/:domain'),
} as const;
