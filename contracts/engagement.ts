import { z } from 'zod';
import { analyticsSummarySchema } from '#contracts/analytics.ts';
import { apiPath } from '#contracts/api-path.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';
import { timestampSchema } from '#contracts/shared.ts';

// Engagement analytics (/engagement-analytics): the signed-in app's own session events, sent by the
// first-party tracker, and the figures drawn from them beside the deliveries' and notifications'
// records. Definitions (ADR 027 says why):
// - A *session* is one session id; it belongs to the local date of its earliest event.
// - *Foreground time* of a session: the time from each start or foreground event to the session's
//   next event, each stretch capped at FOREGROUND_CAP_SECONDS (a device asleep sends nothing); the
//   median leaves out sessions with only their first event (not known yet).
// - An *active day* is a local date with a session; the streak counts consecutive active days up to
//   today (today, until it has a session, does not break it), as the top-three streak treats today.
// - The period is the analytics' (7, 30 or 90 days ending today, `?days=`).

export const sessionEventTypes = ['start', 'background', 'foreground', 'end'] as const;
export type SessionEventType = (typeof sessionEventTypes)[number];

/** The most events one batch may carry (the tracker sends far fewer; keepalive caps a body at 64 KB). */
export const MAX_EVENTS_PER_BATCH = 50;
/** How far back an event may have happened when it arrives (a tracker holds events minutes, not days). */
export const EVENT_MAX_AGE_HOURS = 48;
/** How far ahead of the server's clock an event may claim to be (a device's clock drifts). */
export const EVENT_MAX_AHEAD_MINUTES = 60;
/** One foreground stretch counts at most this long. */
export const FOREGROUND_CAP_SECONDS = 2 * 60 * 60;
/** Raw events older than this are folded into daily totals and deleted. */
export const RAW_EVENT_DAYS = 90;

export const sessionEventSchema = z.strictObject({
  /** The client's id for the event: sending it again stores it once. */
  id: z.uuid({ message: 'must be an id (a UUID)' }),
  sessionId: z.uuid({ message: 'must be an id (a UUID)' }),
  type: z.enum(sessionEventTypes, {
    message: `must be one of ${sessionEventTypes.join(', ')}`,
  }),
  occurredAt: timestampSchema,
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

export const sessionEventBatchSchema = z.strictObject({
  events: z
    .array(sessionEventSchema)
    .min(1, 'send at least one event')
    .max(MAX_EVENTS_PER_BATCH, `send at most ${MAX_EVENTS_PER_BATCH} events in one batch`),
  /**
   * When the device sent the batch, by its own clock. The server moves every event by the
   * difference between its clock and this one, so a device whose clock is off is still placed
   * right (as analytics SDKs correct skew); without it the events' times are taken as they are.
   */
  sentAt: timestampSchema.optional(),
});
export type SessionEventBatch = z.infer<typeof sessionEventBatchSchema>;

export const sessionEventBatchResultSchema = z.object({
  /** Events stored now; the rest of the batch had been stored before (a retry). */
  stored: z.int().min(0),
  duplicates: z.int().min(0),
});
export type SessionEventBatchResult = z.infer<typeof sessionEventBatchResultSchema>;

const count = z.int().min(0);
const rate = z.number().min(0).max(1).nullable();

export const engagementSummarySchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  days: z.int(),
  from: z.string(),
  sessions: z.object({
    total: count,
    /** Every day of the period, oldest first. */
    perDay: z.array(z.object({ date: z.string(), sessions: count })),
    /** Every ISO week touching the period (its Monday), oldest first; counts inside the period only. */
    perWeek: z.array(z.object({ weekStart: z.string(), sessions: count })),
  }),
  foreground: z.object({
    /**
     * Sessions of the period measured: raw events (the last 90 days) beyond the start (a session
     * that has only begun, the one open now say, has no time yet). The median is theirs.
     */
    sessions: count,
    medianSeconds: z.number().min(0).nullable(),
    totalSeconds: count,
  }),
  activeDays: z.object({
    /** Days of the period with a session. */
    count,
    /** Consecutive active days up to today, and the longest run ever recorded. */
    current: count,
    best: count,
  }),
  /** Sessions begun per weekday of the person's days (1 = Monday) and hour of their clock; zeros left out. */
  heatmap: z.array(
    z.object({ weekday: z.int().min(1).max(7), hour: z.int().min(0).max(23), sessions: count }),
  ),
  /** The daily top three's deliveries of the period, per channel (every channel, zeros included). */
  deliveries: z.array(
    z.object({
      channel: deliveryChannelSchema,
      /** Sent, delivered or opened. */
      sent: count,
      /** Reported delivered, or opened. */
      delivered: count,
      opened: count,
      /** opened ÷ sent. */
      openRate: rate,
    }),
  ),
  /** In-app notifications created in the period, those read, and read ÷ received. */
  notifications: z.object({ received: count, read: count, rate }),
  /** /analytics's top-three completion over the same period. */
  topThree: analyticsSummarySchema.shape.topThree,
});
export type EngagementSummary = z.infer<typeof engagementSummarySchema>;

export const engagementPaths = {
  events: apiPath('/api/engagement/events'),
  summary: apiPath('/api/engagement/summary'),
} as const;
