import {
  type Channels,
  type PushRenewInput,
  type PushSubscriptionInput,
} from '#contracts/channels.ts';
import { randomUUID } from 'node:crypto';

import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import type { RateRule } from '#server/lib/rate-limiter.ts';
import { channelMessages } from './channel-messages.ts';
import type { ChannelsServiceDeps } from './channels-deps.ts';
import * as repo from './channels.repo.ts';
import { deviceLabel } from './device-label.ts';

/** Renewals come from service workers, without sign-in: limited per IP like the links in messages. */
const renewRule: RateRule = {
  name: 'push_renew_ip',
  limit: 60,
  windowSeconds: 600,
  message: 'Too many push renewals from this network. Wait a few minutes and try again.',
};

/** Push stays on only while the user has a browser to push to. */
async function turnPushOffIfNoBrowser(tx: Db, userId: string, now: Date): Promise<void> {
  if ((await repo.listLivePushSubscriptions(tx, userId)).length > 0) return;
  await repo.lockChannelSettings(tx, userId, 'push', now);
  await repo.updateChannelSettings(tx, userId, 'push', { enabled: false, updatedAt: now });
}

/**
 * The browsers a user gets push notifications in: subscribing, removing one, and the push
 * service's renewals. `get` reads the channels the answers show.
 */
export function createPushSubscriptionsService(
  deps: ChannelsServiceDeps,
  get: (userId: string) => Promise<Channels>,
) {
  const { db, clock, limiter } = deps;

  return {
    /**
     * Saves this browser's subscription for the user and turns push on. The endpoint must be a
     * push service this server sends to, on public addresses (400 otherwise). An endpoint saved
     * for another account moves here only with the same keys, which only that browser has (the
     * same browser, now used by this account); with other keys it is a 409 and nothing changes.
     */
    async addPushSubscription(
      userId: string,
      input: PushSubscriptionInput,
      userAgent: string | undefined,
    ): Promise<Channels> {
      const refused = await deps.checkPushEndpoint(input.endpoint);
      if (refused) throw new AppError('invalid_input', refused);
      await db.transaction(async (tx) => {
        const now = clock();
        const previousOwner = await repo.findPushSubscriptionOwner(tx, input.endpoint);
        const saved = await repo.upsertPushSubscription(tx, {
          id: randomUUID(),
          userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          device: deviceLabel(userAgent),
          createdAt: now,
        });
        if (!saved) throw new AppError('conflict', channelMessages.subscriptionTaken);
        await repo.lockChannelSettings(tx, userId, 'push', now);
        await repo.updateChannelSettings(tx, userId, 'push', {
          enabled: true,
          unsubscribedAt: null,
          updatedAt: now,
        });
        await deps.refreshSchedule(userId, tx);
        // The browser's previous user may have no other browser to push to now.
        if (previousOwner !== null && previousOwner !== userId) {
          await turnPushOffIfNoBrowser(tx, previousOwner, now);
          await deps.refreshSchedule(previousOwner, tx);
        }
      });
      return get(userId);
    },

    async removePushSubscription(userId: string, id: string): Promise<Channels> {
      await db.transaction(async (tx) => {
        if (!(await repo.deletePushSubscription(tx, userId, id))) {
          throw new AppError('not_found', channelMessages.subscriptionNotFound);
        }
        await turnPushOffIfNoBrowser(tx, userId, clock());
        await deps.refreshSchedule(userId, tx);
      });
      return get(userId);
    },

    /**
     * The push service replaced a browser's subscription: the row with the old endpoint (gone or
     * not) takes the new endpoint and keys and keeps its user and device, once the old
     * subscription's auth secret proves it is the browser that held it (404 otherwise, the same
     * answer as an unknown endpoint). If the new endpoint is already saved (the app subscribed
     * again first), the old row is simply dropped. Only the row whose endpoint matched ever changes.
     */
    async renewPushSubscription(input: PushRenewInput, ip: string): Promise<void> {
      await limiter.hit(`ip:${ip}`, renewRule);
      const { endpoint, keys } = input.subscription;
      const refused = await deps.checkPushEndpoint(endpoint);
      if (refused) throw new AppError('invalid_input', refused);
      await db.transaction(async (tx) => {
        const old = await repo.lockPushSubscriptionByEndpoint(tx, input.oldEndpoint);
        if (!old || !secretsEqual(old.auth, input.oldAuth))
          throw new AppError('not_found', channelMessages.oldSubscriptionUnknown);
        const taken =
          endpoint === old.endpoint
            ? null
            : await repo.lockPushSubscriptionByEndpoint(tx, endpoint);
        if (taken) {
          await repo.deletePushSubscriptionById(tx, old.id);
          await turnPushOffIfNoBrowser(tx, old.userId, clock());
        } else {
          await repo.replacePushEndpoint(tx, old.id, {
            endpoint,
            p256dh: keys.p256dh,
            auth: keys.auth,
          });
        }
        await deps.refreshSchedule(old.userId, tx);
      });
    },
  };
}
