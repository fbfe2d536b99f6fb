import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { daysBetween } from '#contracts/local-date.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// Personal experiments (issue 17): a change a person tries for 7 to 28 days, measured by one
// metric they check in on once a day, and the before/after result. How "before" is measured is
// ADR 025; the result's rules live in the server's `experiments/result.ts`.

/** An experiment runs for at least this many days and at most MAX (start and end included). */
export const MIN_EXPERIMENT_DAYS = 7;
export const MAX_EXPERIMENT_DAYS = 28;
/** Without a baseline value, the check-ins of the first this-many days are the "before". */
export const BASELINE_DAYS = 3;
/** The "after" average needs at least this many check-ins before the result says anything. */
export const MIN_AFTER_CHECKINS = 2;

export const experimentStatuses = ['planned', 'running', 'done', 'abandoned'] as const;
export const experimentStatusSchema = z.enum(experimentStatuses);
export type ExperimentStatus = z.infer<typeof experimentStatusSchema>;

/** Who wrote the experiment: the person, or a proposal of the coach or a weekly insight. */
export const experimentOrigins = ['person', 'coach', 'insight'] as const;
export const experimentOriginSchema = z.enum(experimentOrigins);
export type ExperimentOrigin = z.infer<typeof experimentOriginSchema>;

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** What is measured each day: a 1–5 rating, or a number with a unit (and which way is better). */
export const experimentMetricSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('rating') }),
    z.object({
      kind: z.literal('number'),
      unit: text(20),
      /** Whether a higher or a lower number is the hoped-for direction (minutes asleep, cigarettes). */
      better: z.enum(['higher', 'lower'], { message: 'must be higher or lower' }),
    }),
  ],
  { message: 'must be a 1–5 rating ({ "kind": "rating" }) or a number with a unit' },
);
export type ExperimentMetric = z.infer<typeof experimentMetricSchema>;

/** Numbers a check-in or a baseline may carry (a typo, not a measurement, beyond). */
export const MAX_METRIC_VALUE = 1_000_000;
const metricValueSchema = z
  .number({ message: 'must be a number' })
  .min(-MAX_METRIC_VALUE, `must be at least -${MAX_METRIC_VALUE}`)
  .max(MAX_METRIC_VALUE, `must be at most ${MAX_METRIC_VALUE}`);

/** Days from start to end, both included. */
export function experimentDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1;
}

export const DURATION_MESSAGE = `must be ${MIN_EXPERIMENT_DAYS} to ${MAX_EXPERIMENT_DAYS} days after the start, counting both`;

/** POST /api/experiments. The start may be up to 28 days back (an experiment already begun). */
export const createExperimentSchema = z
  .object({
    title: text(120),
    hypothesis: text(1000),
    change: text(1000),
    metric: experimentMetricSchema,
    startDate: localDateSchema,
    endDate: localDateSchema,
    goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).nullable().default(null),
    /** The usual value before the experiment; without it the first days are the "before". */
    baseline: metricValueSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    // A date that is not a calendar day has its own issue already (zod runs this check anyway).
    const dates = [value.startDate, value.endDate];
    if (!dates.every((date) => localDateSchema.safeParse(date).success)) return;
    const days = experimentDays(value.startDate, value.endDate);
    if (days < MIN_EXPERIMENT_DAYS || days > MAX_EXPERIMENT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: DURATION_MESSAGE });
    }
  });
export type CreateExperiment = z.input<typeof createExperimentSchema>;
/** A create request once parsed (defaults filled). */
export type NewExperiment = z.output<typeof createExperimentSchema>;

/** PATCH /api/experiments/{id}: any of these; dates, metric and baseline only while planned. */
export const updateExperimentSchema = z
  .object({
    title: text(120),
    hypothesis: text(1000),
    change: text(1000),
    metric: experimentMetricSchema,
    startDate: localDateSchema,
    endDate: localDateSchema,
    goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).nullable(),
    baseline: metricValueSchema.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'send at least one field to change');
export type UpdateExperiment = z.infer<typeof updateExperimentSchema>;

/** PUT /api/experiments/{id}/checkins/{date}: one check-in per local date, replaced on resend. */
export const checkinBodySchema = z.object({
  value: metricValueSchema,
  note: z.string().trim().max(500, 'must be at most 500 characters').nullable().default(null),
});
export type CheckinBody = z.input<typeof checkinBodySchema>;
export type NewCheckin = z.output<typeof checkinBodySchema>;

export const checkinParamsSchema = z.object({
  id: z.uuid({ message: 'must be an experiment id (a UUID)' }),
  date: localDateSchema,
});

export const experimentParamsSchema = z.object({
  id: z.uuid({ message: 'must be an experiment id (a UUID)' }),
});

export const checkinSchema = z.object({
  date: z.string(),
  value: z.number(),
  note: z.string().nullable(),
});
export type Checkin = z.infer<typeof checkinSchema>;

export const experimentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  hypothesis: z.string(),
  change: z.string(),
  metric: experimentMetricSchema,
  startDate: z.string(),
  /** The planned last day. */
  endDate: z.string(),
  /** The day the person ended or abandoned it early; null otherwise. */
  closedOn: z.string().nullable(),
  status: experimentStatusSchema,
  goal: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  baseline: z.number().nullable(),
  origin: experimentOriginSchema,
  /** Days from start to end, both included (7–28). */
  days: z.int(),
  checkinCount: z.int().min(0),
  /** The dates that take a check-in now: the start to today (or the last day); null when none. */
  checkinWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Today's check-in value, or null (also when today is outside the experiment). */
  todayValue: z.number().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Experiment = z.infer<typeof experimentSchema>;

export const experimentListSchema = z.object({
  /** Today in the person's zone, by their day start. */
  localDate: z.string(),
  /** Running first, then planned, done, abandoned; newest start first within each. */
  experiments: z.array(experimentSchema),
});
export type ExperimentList = z.infer<typeof experimentListSchema>;

export const experimentVerdicts = ['helps', 'hurts', 'no_clear_change', 'not_enough'] as const;
export type ExperimentVerdict = (typeof experimentVerdicts)[number];

const periodSchema = z.object({
  /** The first and last dates of the period (null when it has none: a given baseline). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  checkins: z.int().min(0),
  /** The mean of the period's check-ins (or the given baseline); null without any. */
  average: z.number().nullable(),
});

export const experimentResultSchema = z.object({
  before: periodSchema.extend({ source: z.enum(['baseline', 'first_days']) }),
  after: periodSchema,
  /** after − before, rounded to one decimal; null until both have figures. */
  change: z.number().nullable(),
  verdict: z.enum(experimentVerdicts),
  /** The result in one sentence a person reads. */
  conclusion: z.string(),
});
export type ExperimentResult = z.infer<typeof experimentResultSchema>;

export const experimentDetailSchema = z.object({
  localDate: z.string(),
  experiment: experimentSchema,
  /** Oldest first. */
  checkins: z.array(checkinSchema),
  result: experimentResultSchema,
});
export type ExperimentDetail = z.infer<typeof experimentDetailSchema>;

export const experimentPaths = {
  list: apiPath('/api/experiments'),
  one: apiPath('/api/experiments/:id'),
  start: apiPath('/api/experiments/:id/start'),
  end: apiPath('/api/experiments/:id/end'),
  abandon: apiPath('/api/experiments/:id/abandon'),
  checkin: apiPath('/api/experiments/:id/checkins/:date'),
} as const;
