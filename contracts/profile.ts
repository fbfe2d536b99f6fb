import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { timeZoneSchema } from '#contracts/coach.ts';

// The planning profile: the zone every local date is computed in and the minutes a day for tasks.

export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_DAILY_CAPACITY_MINUTES = 120;

export const dailyCapacityMinutesSchema = z
  .int({ message: 'must be a whole number of minutes' })
  .min(5, 'must be at least 5 minutes')
  .max(1440, 'must be at most 1440 minutes (a day)');

export const profileSchema = z.object({
  /** IANA zone every local date of the user is computed in. */
  timeZone: timeZoneSchema,
  /** Minutes a day the user has for tasks: the top three's effort part compares against it. */
  dailyCapacityMinutes: dailyCapacityMinutesSchema,
  /** False until the user (or the client, from the browser's zone) saved a profile: defaults shown. */
  saved: z.boolean(),
  /**
   * The hour their day begins (their delivery schedule's; 0 until they saved one): before it, the
   * clock still belongs to the day before, on the server and in the client's "today" alike.
   */
  dayStartHour: z.number().int().min(0).max(23).default(0),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z.object({
  timeZone: timeZoneSchema,
  dailyCapacityMinutes: dailyCapacityMinutesSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profilePaths = {
  profile: apiPath('/api/profile'),
} as const;
