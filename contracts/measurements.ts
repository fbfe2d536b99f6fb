import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { goalMetricSchema } from '#contracts/coach.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// Measurements logged against a goal's metric (km run, kg, pages read), owned by the goals module
// (ADR 026). A goal's metric is its name, target and unit (contracts/coach.ts); a measurement is
// one value in that unit on one of the person's local dates. Logging one moves no progress: a
// goal's progress stays the milestones' and tasks' (ADR 026 says why).

/** A value beyond this, either way, is a typo rather than a reading. */
export const MEASUREMENT_LIMIT = 1e9;
/** How far back a value may be dated: older than this is a mistyped year. */
export const MEASUREMENT_BACKDATE_DAYS = 366;
/** GET answers at most this many, the newest ones, oldest first. */
export const MEASUREMENT_LIST_LIMIT = 500;

export const measurementParamsSchema = z.object({
  id: z.uuid({ message: 'must be a goal id (a UUID)' }),
  measurementId: z.uuid({ message: 'must be a measurement id (a UUID)' }),
});

export const newMeasurementSchema = z.strictObject(
  {
    /** In the goal's metric's unit; JSON's 1e999 (Infinity) and NaN are refused. */
    value: z
      .number({ message: 'must be a number in the goal’s unit' })
      .min(-MEASUREMENT_LIMIT, `must be at least -${MEASUREMENT_LIMIT}`)
      .max(MEASUREMENT_LIMIT, `must be at most ${MEASUREMENT_LIMIT}`),
    /** The local date it was measured on: today by default, never after today. */
    date: localDateSchema.optional(),
    note: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'only "value", "date" and "note" may be given'
        : undefined,
  },
);
export type NewMeasurement = z.input<typeof newMeasurementSchema>;

/** GET takes no parameter: anything given is a mistake. */
export const measurementListQuerySchema = z.strictObject(
  {},
  { error: () => 'the list of measurements takes no parameters' },
);

export const measurementSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid(),
  /** The person's local date it was measured on. */
  date: z.string(),
  value: z.number(),
  note: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Measurement = z.infer<typeof measurementSchema>;

export const measurementListSchema = z.object({
  /** What is measured, the unit and the target (the goal's own metric). */
  metric: goalMetricSchema,
  /** The newest MEASUREMENT_LIST_LIMIT values, oldest first (by date, then by when logged). */
  measurements: z.array(measurementSchema),
});
export type MeasurementList = z.infer<typeof measurementListSchema>;

/** DELETE on a measurement answers 200 `{ deleted: true }`. */
export const measurementPaths = {
  measurements: apiPath('/api/goals/:id/measurements'),
  measurement: apiPath('/api/goals/:id/measurements/:measurementId'),
} as const;

/** "5.5 km", "80 kg", "1,200 pages": at most two decimals, in the reader's locale. */
export function formatMeasure(value: number, unit?: string, locale?: string): string {
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  return unit ? `${amount} ${unit}` : amount;
}
