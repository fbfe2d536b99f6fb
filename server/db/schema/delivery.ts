import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CoachDomain } from '../../../contracts/coach.ts';
import type { DeliveryChannel } from '../../../contracts/channels.ts';
import type { DeliveryStatus } from '../../../contracts/deliveries.ts';
import type { CoachTone, OnboardingStep } from '../../../contracts/onboarding.ts';
import type { QuietHours, Travel } from '../../../contracts/schedule.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * The day contract: when each user's top three goes out. The home zone lives in `profiles`
 * (planning uses it too). `next_delivery_at` is the scheduler's work list: the next instant this
 * user has a slot due, or null when nothing is enabled; workers claim due rows with SKIP LOCKED.
 */
export const deliverySchedules = pgTable(
  'delivery_schedules',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayStartHour: smallint().notNull().default(4),
    /** Local "HH:MM" times per channel. */
    times: jsonb().$type<Record<DeliveryChannel, string[]>>().notNull(),
    /** ISO weekdays, 1 = Monday. */
    days: smallint().array().notNull(),
    quietHours: jsonb().$type<QuietHours | null>(),
    travel: jsonb().$type<Travel | null>(),
    paused: boolean().notNull().default(false),
    nextDeliveryAt: ts('next_delivery_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('delivery_schedules_day_start_check', sql`${t.dayStartHour} between 0 and 23`),
    index('delivery_schedules_next_idx')
      .on(t.nextDeliveryAt)
      .where(sql`${t.nextDeliveryAt} is not null`),
  ],
);

/**
 * Each user's channel settings. Email goes to the account address (it must be confirmed); SMS to
 * a number verified by a code; push to the rows of `push_subscriptions`.
 */
export const deliveryChannelSettings = pgTable(
  'delivery_channel_settings',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text().$type<DeliveryChannel>().notNull(),
    enabled: boolean().notNull().default(false),
    /** SMS: the verified E.164 number. */
    phone: text(),
    /** SMS: a number waiting for its code, the code's hash, expiry and failed tries. */
    pendingPhone: text(),
    codeHash: text(),
    codeExpiresAt: ts('code_expires_at'),
    codeAttempts: integer().notNull().default(0),
    unsubscribedAt: ts('unsubscribed_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/** Browsers that agreed to receive push for a user (PushSubscription.toJSON()). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    device: text().notNull(),
    createdAt: ts('created_at').notNull(),
    lastSuccessAt: ts('last_success_at'),
    /** Set when the push service answered 404/410: the subscription is gone. */
    goneAt: ts('gone_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** What a delivery carried, frozen when it was queued so a retry sends the same message. */
export interface DeliveryPayload {
  timeZone: string;
  /** The voice the person chose in onboarding (payloads queued before it was carried lack it). */
  coachTone?: CoachTone | null;
  tasks: Array<{
    taskId: string;
    title: string;
    reason: string;
    goalTitle: string | null;
    /** The task's estimate, when it has one (absent from older payloads). */
    estimatedMinutes?: number | null;
    /** Its goal's progress, 0–100, when it has a goal (absent from older payloads). */
    goalProgress?: number | null;
  }>;
}

/**
 * The outbox: one row per user, local date, slot and channel (the unique key is what makes a
 * delivery happen once). Senders claim `queued` rows whose `next_attempt_at` has come with SKIP
 * LOCKED and hold them with `lease_until`; a row whose lease ran out (its worker died) is claimed
 * again.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: localDate('local_date').notNull(),
    /** "07:30", or "now:<ISO time>" for one asked for by hand. */
    slot: text().notNull(),
    channel: text().$type<DeliveryChannel>().notNull(),
    status: text().$type<DeliveryStatus>().notNull(),
    /** The address, number or subscription it goes to (resolved when sent). */
    recipient: text(),
    scheduledFor: ts('scheduled_for').notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    leaseUntil: ts('lease_until'),
    fallbackOf: uuid(),
    payload: jsonb().$type<DeliveryPayload>(),
    providerMessageId: text(),
    lastError: text(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('deliveries_user_date_slot_channel_key').on(
      t.userId,
      t.localDate,
      t.slot,
      t.channel,
    ),
    index('deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('deliveries_user_created_idx').on(t.userId, t.scheduledFor.desc(), t.id.desc()),
  ],
);

/** Every attempt to send a delivery, and what the provider said later (delivered, opened). */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid().primaryKey(),
    deliveryId: uuid()
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    status: text().$type<'sent' | 'delivered' | 'opened' | 'failed'>().notNull(),
    error: text(),
    permanent: boolean().notNull().default(false),
    at: ts('at').notNull(),
  },
  (t) => [index('delivery_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/** Where each user is in onboarding, and what they chose there that has no other home yet. */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: text().$type<OnboardingStep>().notNull(),
  focusDomains: text()
    .array()
    .$type<CoachDomain[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  coachTone: text().$type<CoachTone>(),
  completedAt: ts('completed_at'),
  skippedAt: ts('skipped_at'),
  updatedAt: ts('updated_at').notNull(),
});
