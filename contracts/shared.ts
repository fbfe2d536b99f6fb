import { z } from 'zod';

// Pieces every domain's contract uses. Every date is a calendar date in the user's own time zone
// (their profile's), YYYY-MM-DD; every timestamp is ISO 8601 UTC.

/** The first and last dates any goal, milestone or task may carry: a typo, not a plan, beyond. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';

/** A local calendar date that is a real day between EARLIEST_DATE and LATEST_DATE. */
export const localDateSchema = z.iso
  .date({ message: 'must be a date written YYYY-MM-DD' })
  .refine(
    (value) => value >= EARLIEST_DATE && value <= LATEST_DATE,
    `must be between ${EARLIEST_DATE} and ${LATEST_DATE}`,
  );

export const timestampSchema = z.iso.datetime({ offset: true });

export const idParamsSchema = z.object({
  id: z.uuid({ message: 'must be an id (a UUID)' }),
});

/** The answer to DELETE on a goal, milestone or task. */
export const deletedSchema = z.object({ deleted: z.literal(true) });
