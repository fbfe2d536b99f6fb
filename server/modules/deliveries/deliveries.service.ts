import type { DeliveryChannel } from '#contracts/channels.ts';
import type {
  Delivery,
  DeliveryList,
  deliveryListQuerySchema,
  DeliveryStatus,
  SendNowResult,
} from '#contracts/deliveries.ts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { maskPhone } from '#server/modules/channels/mask-phone.ts';
import { keysetPage } from '#server/http/page-cursor.ts';
import type { RateLimiter, RateRule } from '#server/lib/rate-limiter.ts';
import * as repo from './deliveries.repo.ts';
import * as queue from './delivery-queue.repo.ts';
import * as receipts from './delivery-receipts.repo.ts';
import * as report from './delivery-report.repo.ts';

export type {
  ClaimedDelivery,
  DeliveryOutcome,
  DeliveryPayload,
  InsertedDelivery,
  NewDelivery,
} from './delivery-queue.repo.ts';
export { INTERRUPTED_ATTEMPT } from './delivery-queue.repo.ts';

export interface DeliveriesServiceDeps {
  db: Db;
  /** The channels that would be sent to now (on, set up, not unsubscribed). */
  activeChannels: (userId: string, tx?: Db) => Promise<Iterable<DeliveryChannel>>;
  /** Queues today's top three now on every active channel; the ids of the deliveries made. */
  sendNow: (userId: string) => Promise<string[]>;
  limiter: RateLimiter;
}

export const deliveryMessages = {
  noActiveChannel: 'Turn on a channel in Settings → Notifications first.',
} as const;

const sendNowRule: RateRule = {
  name: 'send_now_user_hour',
  limit: 5,
  windowSeconds: 3600,
  message: 'You can send your top three now 5 times an hour. Try again later.',
};

function toDelivery(listed: repo.ListedDelivery, attempts: repo.AttemptRow[]): Delivery {
  const row = listed.delivery;
  const to =
    row.channel === 'sms'
      ? row.recipient && maskPhone(row.recipient)
      : row.channel === 'push'
        ? (listed.device ?? row.recipient)
        : row.recipient;
  return {
    id: row.id,
    channel: row.channel,
    localDate: row.localDate,
    slot: row.slot.startsWith('now') ? 'now' : row.slot,
    status: row.status,
    to,
    scheduledFor: row.scheduledFor.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    fallbackOf: row.fallbackOf,
    tasks: row.payload?.tasks.map((task) => task.title) ?? [],
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      status: attempt.status,
      error: attempt.error,
      permanent: attempt.permanent,
      at: attempt.at.toISOString(),
    })),
    error: row.lastError,
  };
}

/** The record of the user's deliveries (/schedule), and sending today's top three by hand. */
export function createDeliveriesService(deps: DeliveriesServiceDeps) {
  const { db } = deps;

  async function withAttempts(rows: repo.ListedDelivery[]): Promise<Delivery[]> {
    const attempts = await repo.listAttempts(
      db,
      rows.map((row) => row.delivery.id),
    );
    return rows.map((row) =>
      toDelivery(
        row,
        attempts.filter((attempt) => attempt.deliveryId === row.delivery.id),
      ),
    );
  }

  return {
    async list(
      userId: string,
      query: z.output<typeof deliveryListQuerySchema>,
    ): Promise<DeliveryList> {
      const { page, nextCursor } = await keysetPage(
        query,
        (window) => repo.listDeliveries(db, userId, window),
        (row) => ({ at: row.delivery.scheduledFor, id: row.delivery.id }),
      );
      return { deliveries: await withAttempts(page), nextCursor };
    },

    async sendNow(userId: string): Promise<SendNowResult> {
      const active = [...(await deps.activeChannels(userId))];
      if (active.length === 0) throw new AppError('conflict', deliveryMessages.noActiveChannel);
      await deps.limiter.hit(userId, sendNowRule);
      const ids = await deps.sendNow(userId);
      if (ids.length === 0) throw new AppError('conflict', deliveryMessages.noActiveChannel);
      return { deliveries: await withAttempts(await repo.findDeliveries(db, userId, ids)) };
    },
  };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;

// The delivery worker's door (server/delivery): plain functions over the outbox that run in the
// worker's connection or transaction, so a scheduler pass or an outcome batch stays one unit and
// keeps its few set-based statements.

/**
 * Writes delivery rows; a (user, local date, slot, channel) that already has one keeps it.
 * Returns the rows written by this call.
 */
export function insertDeliveries(
  tx: Db,
  rows: readonly queue.NewDelivery[],
  now: Date,
): Promise<queue.InsertedDelivery[]> {
  return queue.insertDeliveries(tx, rows, now);
}

/**
 * Claims up to `limit` deliveries due now with a lease until `leaseUntil` (ones whose lease ran
 * out come back, their attempt recorded as interrupted). One statement, committed at once.
 */
export function claimDeliveries(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<queue.ClaimedDelivery[]> {
  return queue.claimDeliveries(db, now, leaseUntil, limit);
}

/**
 * Records outcomes of claims that still hold (their attempts and fallbacks with them), in one
 * statement; returns the ids recorded.
 */
export function recordOutcomes(
  db: Db,
  outcomes: readonly queue.DeliveryOutcome[],
  now: Date,
): Promise<Set<string>> {
  return queue.recordOutcomes(db, outcomes, now);
}

/** Gives claimed deliveries back without an attempt (the worker is stopping before sending). */
export function releaseClaims(
  db: Db,
  claims: ReadonlyArray<{ id: string; attempt: number }>,
  now: Date,
): Promise<void> {
  return queue.releaseClaims(db, claims, now);
}

/** Deliveries waiting or in flight, per channel and status (the queue-depth gauge). */
export function queueDepth(
  db: Db,
): Promise<Array<{ channel: DeliveryChannel; status: DeliveryStatus; count: number }>> {
  return queue.queueDepth(db);
}

/** Fresh planner statistics for the outbox (PGlite has no autovacuum to keep them). */
export function refreshQueueStatistics(db: Db): Promise<void> {
  return queue.refreshQueueStatistics(db);
}

// Receipts: what the recipient's side reports after a delivery was sent.

/** A followed link in a sent message (the links module): the delivery was opened. */
export function markOpened(db: Db, userId: string, deliveryId: string, at: Date): Promise<boolean> {
  return receipts.markOpened(db, userId, deliveryId, at);
}

/** The local dates with an opened delivery of the user, oldest first (the achievements module). */
export function openedDates(db: Db, userId: string): Promise<string[]> {
  return receipts.openedDates(db, userId);
}

/** Per channel, the deliveries of local dates `from` to `to` sent, delivered and opened (engagement). */
export function channelCounts(db: Db, userId: string, from: string, to: string) {
  return receipts.channelCounts(db, userId, from, to);
}

/** The SMS provider says the text reached the phone (the webhooks module). */
export function markSmsDelivered(db: Db, messageSid: string, at: Date): Promise<boolean> {
  return receipts.markSmsDelivered(db, messageSid, at);
}

/**
 * The phone network gave up on a sent text (the webhooks module): failed for good, and a recent
 * send falls back to email.
 */
export function markSmsUndelivered(
  db: Db,
  messageSid: string,
  error: string,
  at: Date,
): Promise<boolean> {
  return receipts.markSmsUndelivered(db, messageSid, error, at);
}

// The admin area's reads over every person's deliveries (server/modules/admin).

/** Deliveries scheduled since `since`, by channel and status. */
export function deliveryCountsSince(db: Db, since: Date) {
  return report.countsSince(db, since);
}

/** The latest `limit` failed deliveries scheduled since `since`, each with its fallback. */
export function deliveryFailuresSince(db: Db, since: Date, limit: number) {
  return report.failuresSince(db, since, limit);
}
