import type { DeliveryChannel } from '#contracts/channels.ts';
import type {
  Delivery,
  DeliveryList,
  deliveryListQuerySchema,
  SendNowResult,
} from '#contracts/deliveries.ts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { maskPhone } from '#server/modules/channels/mask-phone.ts';
import { decodeCursor, encodeCursor } from '#server/http/page-cursor.ts';
import type { RateLimiter, RateRule } from '#server/lib/rate-limiter.ts';
import * as repo from './deliveries.repo.ts';

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
      const rows = await repo.listDeliveries(db, userId, {
        limit: query.limit + 1,
        ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1)?.delivery;
      return {
        deliveries: await withAttempts(page),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.scheduledFor, id: last.id })
            : null,
      };
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
