import { z } from 'zod';
import { coachDomainSchema, timeZoneSchema } from '#contracts/coach.ts';
import { localDateSchema } from '#contracts/goals.ts';

// Daily delivery (issue: the daily top three by email, SMS and push): the user's day contract
// (/schedule), their channels (/settings#notifications), onboarding progress, the record of
// deliveries, the signed links in messages, and the admins' view of the dev outbox.
// Local clock times are "HH:MM" (24-hour) in the zone in force on that day; timestamps are ISO 8601 UTC.

const timestampSchema = z.iso.datetime({ offset: true });

// --- Channels ---------------------------------------------------------------------------------

export const deliveryChannels = ['email', 'sms', 'push'] as const;
export const deliveryChannelSchema = z.enum(deliveryChannels, {
  message: `must be one of ${deliveryChannels.join(', ')}`,
});
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

export const channelParamsSchema = z.object({ channel: deliveryChannelSchema });

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

// --- The record of deliveries -----------------------------------------------------------------

export const deliveryStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'opened',
  'failed',
  'skipped',
] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const attemptSchema = z.object({
  attempt: z.int().min(1),
  status: z.enum(['sent', 'delivered', 'opened', 'failed']),
  /** Why it failed, in words a person can act on. */
  error: z.string().nullable(),
  /** The failure will not go away by retrying (bad address, gone subscription). */
  permanent: z.boolean(),
  at: timestampSchema,
});
export type Attempt = z.infer<typeof attemptSchema>;

export const deliverySchema = z.object({
  id: z.uuid(),
  channel: deliveryChannelSchema,
  localDate: localDateSchema,
  /** "07:30", or "now" for one the user asked for from /schedule. */
  slot: z.string(),
  status: deliveryStatusSchema,
  /** Where it went: an email address, a masked phone number, or "this browser" names. */
  to: z.string().nullable(),
  scheduledFor: timestampSchema,
  sentAt: timestampSchema.nullable(),
  /** The delivery on another channel this one replaces after a permanent failure. */
  fallbackOf: z.uuid().nullable(),
  /** The task titles it carried, in order. */
  tasks: z.array(z.string()),
  attempts: z.array(attemptSchema),
  /** The last failure or skip reason. */
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const DELIVERY_PAGE_SIZE = 20;

export const deliveryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(DELIVERY_PAGE_SIZE),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const deliveryListSchema = z.object({
  deliveries: z.array(deliverySchema),
  nextCursor: z.string().nullable(),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

/** POST /api/deliveries/send-now: today's top three now, on every enabled channel. */
export const sendNowResultSchema = z.object({ deliveries: z.array(deliverySchema) });
export type SendNowResult = z.infer<typeof sendNowResultSchema>;

// --- Channels (/settings#notifications) -------------------------------------------------------

/** E.164: a plus sign, the country code and the number, digits only. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^\+[1-9]\d{6,14}$/,
        'must be a phone number with its country code, such as +14155550123',
      ),
  );

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_CODE_MAX_ATTEMPTS = 5;

export const pushSubscriptionInfoSchema = z.object({
  id: z.uuid(),
  /** A short label from the browser's user agent ("Chrome on Android"). */
  device: z.string(),
  createdAt: timestampSchema,
  lastSuccessAt: timestampSchema.nullable(),
});

export const channelsSchema = z.object({
  email: z.object({
    enabled: z.boolean(),
    /** The account's email address. */
    address: z.string(),
    /** Daily emails go only to a confirmed address. */
    confirmed: z.boolean(),
    /** The user followed an unsubscribe link; turning the channel on again clears it. */
    unsubscribedAt: timestampSchema.nullable(),
  }),
  sms: z.object({
    enabled: z.boolean(),
    /** The verified number, masked except its last 4 digits; null until one is verified. */
    phone: z.string().nullable(),
    /** A number waiting for its code, masked. */
    pendingPhone: z.string().nullable(),
    unsubscribedAt: timestampSchema.nullable(),
  }),
  push: z.object({
    enabled: z.boolean(),
    /** The server's VAPID public key (base64url), for PushManager.subscribe. */
    vapidPublicKey: z.string(),
    subscriptions: z.array(pushSubscriptionInfoSchema),
  }),
  /** Which providers are configured; an unconfigured one writes to the dev outbox. */
  transports: z.object({
    email: z.enum(['smtp', 'dev-outbox']),
    sms: z.enum(['http', 'dev-outbox']),
    push: z.enum(['web-push', 'dev-outbox']),
  }),
});
export type Channels = z.infer<typeof channelsSchema>;

export const channelToggleSchema = z.object({ enabled: z.boolean() });

export const phoneVerificationStartSchema = z.object({ phone: phoneNumberSchema });
export const phoneVerificationConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`),
      `must be the ${SMS_CODE_LENGTH}-digit code we sent`,
    ),
});

/** The browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: 'must be the push service URL the browser gave' })
    .max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url'),
    auth: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/**
 * The service worker's renewal when the push service replaced the browser's subscription
 * (`pushsubscriptionchange`). No sign-in: the old endpoint, known only to the browser, the push
 * service and us, shows it is the same browser.
 */
export const pushRenewSchema = z.object({
  oldEndpoint: pushSubscriptionSchema.shape.endpoint,
  subscription: pushSubscriptionSchema,
});
export type PushRenewInput = z.infer<typeof pushRenewSchema>;

// --- Onboarding -------------------------------------------------------------------------------

export const onboardingSteps = [
  'welcome',
  'time_zone',
  'channels',
  'focus',
  'first_goal',
  'tone',
] as const;
export const onboardingStepSchema = z.enum(onboardingSteps);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const coachTones = ['encouraging', 'direct', 'analytical', 'playful'] as const;
export const coachToneSchema = z.enum(coachTones, {
  message: `must be one of ${coachTones.join(', ')}`,
});
export type CoachTone = z.infer<typeof coachToneSchema>;

export const onboardingSchema = z.object({
  /** The step to resume at. */
  step: onboardingStepSchema,
  focusDomains: z.array(coachDomainSchema),
  coachTone: coachToneSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  skippedAt: timestampSchema.nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingUpdateSchema = z.object({
  step: onboardingStepSchema.optional(),
  focusDomains: z
    .array(coachDomainSchema)
    .max(4)
    .refine((d) => new Set(d).size === d.length, 'must not list a domain twice')
    .optional(),
  coachTone: coachToneSchema.optional(),
  /** 'complete' finishes onboarding, 'skip' leaves it for later; either ends on /dashboard. */
  finish: z.enum(['complete', 'skip']).optional(),
});
export type OnboardingUpdate = z.infer<typeof onboardingUpdateSchema>;

// --- Signed links in messages (no sign-in) ------------------------------------------------------

export const linkTokenBodySchema = z.object({ token: z.string().min(20).max(2000) });

export const completeLinkResultSchema = z.object({
  taskTitle: z.string(),
  /** 'done' now, or 'already_done' when it was closed before. */
  outcome: z.enum(['done', 'already_done']),
});
export type CompleteLinkResult = z.infer<typeof completeLinkResultSchema>;

export const unsubscribeResultSchema = z.object({ channel: deliveryChannelSchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

// --- Admin: the dev outbox --------------------------------------------------------------------

export const outboxQuerySchema = z.object({
  channel: deliveryChannelSchema.optional(),
  /** Part of the recipient (case-insensitive). */
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  channel: deliveryChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  /** Absent in lists; GET /api/admin/outbox/{id} has it. */
  html: z.string().nullable().optional(),
  link: z.string().nullable(),
  template: z.string().nullable(),
  createdAt: timestampSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  nextCursor: z.string().nullable(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;
