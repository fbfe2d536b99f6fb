import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';
import { timeZoneSchema } from '#contracts/coach.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// The user's day contract (/schedule): when the daily top three goes out, on which channels and
// days, quiet hours and travel. Local clock times are "HH:MM" (24-hour) in the zone in force on
// that day; timestamps are ISO 8601 UTC.

/** A local clock time, "07:30". 24:00 and 25:00 are not times of day. */
export const localTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day written HH:MM, from 00:00 to 23:59');
export type LocalTime = z.infer<typeof localTimeSchema>;

/** At most this many delivery times per channel per day. */
export const MAX_TIMES_PER_CHANNEL = 3;
/** How many upcoming deliveries /schedule previews. */
export const PREVIEW_DAYS = 7;

const timesSchema = z
  .array(localTimeSchema)
  .max(MAX_TIMES_PER_CHANNEL, `must list at most ${MAX_TIMES_PER_CHANNEL} times`)
  .refine((times) => new Set(times).size === times.length, 'must not list the same time twice');

// --- The day contract (/schedule) -------------------------------------------------------------

/** 1 = Monday … 7 = Sunday (ISO). */
export const weekdaySchema = z
  .int()
  .min(1, 'must be 1 (Monday) to 7 (Sunday)')
  .max(7, 'must be 1 (Monday) to 7 (Sunday)');

export const quietHoursSchema = z
  .object({ start: localTimeSchema, end: localTimeSchema })
  .refine((q) => q.start !== q.end, 'quiet hours must start and end at different times');
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** Travel: from `from` (a local date) the days follow `timeZone`, until `until` if given. */
export const travelSchema = z
  .object({
    timeZone: timeZoneSchema,
    from: localDateSchema,
    until: localDateSchema.nullable(),
  })
  .refine((t) => t.until === null || t.until >= t.from, {
    message: 'the trip must end on or after the day it starts',
    path: ['until'],
  });
export type Travel = z.infer<typeof travelSchema>;

export const daySchedule = {
  /** The home zone (the same one the planning profile uses). */
  timeZone: timeZoneSchema,
  /** The hour the user's day begins: before it, the clock still belongs to the day before. */
  dayStartHour: z
    .int()
    .min(0, 'must be an hour from 0 to 23')
    .max(23, 'must be an hour from 0 to 23'),
  /** Delivery times per channel. A channel that is off or not set up keeps its times but gets nothing. */
  times: z.object({ email: timesSchema, sms: timesSchema, push: timesSchema }),
  /** The weekdays deliveries go out on. */
  days: z
    .array(weekdaySchema)
    .min(1, 'must keep at least one day of the week')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'must not list the same day twice'),
  /** Nothing is sent inside these hours; a delivery that falls in them waits for their end. */
  quietHours: quietHoursSchema.nullable(),
  travel: travelSchema.nullable(),
};

export const scheduleSchema = z.object({
  ...daySchedule,
  /** False until the user saves one; the defaults apply meanwhile and nothing is sent. */
  saved: z.boolean(),
  /** Deliveries are paused for the user (from /schedule or onboarding). */
  paused: z.boolean(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleUpdateSchema = z.object({
  ...daySchedule,
  paused: z.boolean().default(false),
});
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

export const DEFAULT_SCHEDULE: Omit<Schedule, 'timeZone'> = {
  dayStartHour: 4,
  times: { email: ['07:30'], sms: [], push: [] },
  days: [1, 2, 3, 4, 5, 6, 7],
  quietHours: { start: '22:00', end: '07:00' },
  travel: null,
  saved: false,
  paused: false,
};

/** One upcoming delivery as /schedule previews it. */
export const previewItemSchema = z.object({
  channel: deliveryChannelSchema,
  /** The local date the top three is for. */
  localDate: localDateSchema,
  /** The slot as configured ("07:30"). */
  slot: localTimeSchema,
  /** When it goes out, UTC. */
  at: timestampSchema,
  /** Local clock time it goes out at, in `timeZone` (differs from slot when quiet hours or a DST gap move it). */
  localTime: localTimeSchema,
  timeZone: timeZoneSchema,
  /** The UTC offset on that day differs from the day before (a DST change or travel). */
  offsetChanged: z.boolean(),
  /** Why the time moved or is notable: 'dst_gap' | 'dst_repeat' | 'quiet_hours' | 'travel'. */
  notes: z.array(z.enum(['dst_gap', 'dst_repeat', 'quiet_hours', 'travel'])),
  /** The channel is off or not set up: this delivery would not be sent. */
  inactive: z.boolean(),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;

export const scheduleResponseSchema = z.object({
  schedule: scheduleSchema,
  /** The next deliveries in time order, over PREVIEW_DAYS local days. */
  preview: z.array(previewItemSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const schedulePaths = {
  schedule: apiPath('/api/schedule'),
} as const;
