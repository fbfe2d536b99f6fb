import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  type Channels,
  type DeliveryChannel,
  type PushRenewInput,
  type PushSubscriptionInput,
} from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import type { RateLimiter, RateRule } from '#server/lib/rate-limiter.ts';
import type { ChannelSender } from './channel-sender.ts';
import * as repo from './channels.repo.ts';
import { deviceLabel } from './device-label.ts';
import { maskPhone } from './mask-phone.ts';
import { DEFAULT_CHANNEL_ENABLED, type RecipientFacts } from './recipients.ts';

export interface ChannelsServiceDeps {
  db: Db;
  clock: () => Date;
  /** Sends the verification code (the dev outbox when no SMS provider is configured). */
  sms: ChannelSender;
  /** Which provider each channel uses, as the senders were built. */
  transports: Channels['transports'];
  /** The server's VAPID public key (base64url). */
  vapidPublicKey: string;
  /** The text of the verification SMS. */
  verificationSmsText: (code: string) => string;
  /** Recomputes when the user's next delivery is due, inside the caller's transaction. */
  refreshSchedule: (userId: string, tx: Db) => Promise<unknown>;
  limiter: RateLimiter;
  log: { warn(details: object, message: string): void };
}

export const channelMessages = {
  verifyPhoneFirst: 'Verify a phone number first.',
  allowPushFirst: 'Allow notifications in this browser first.',
  wrongCode: 'That code is not right.',
  noCode: 'There is no code waiting to be confirmed. Ask for a new code.',
  codeExpired: 'This code has expired. Ask for a new code.',
  tooManyTries: 'Too many wrong codes. Ask for a new code.',
  subscriptionNotFound: 'No push subscription has this id.',
  oldSubscriptionUnknown: "This browser's old subscription is not known here",
} as const;

const codeRules = {
  perMinute: {
    name: 'sms_code_user_minute',
    limit: 1,
    windowSeconds: 60,
    message: 'A code is on its way. Wait a minute before asking for another one.',
  },
  perHour: {
    name: 'sms_code_user_hour',
    limit: 5,
    windowSeconds: 3600,
    message: 'You have asked for 5 codes in the last hour. Try again later.',
  },
  perNumber: {
    name: 'sms_code_number_hour',
    limit: 5,
    windowSeconds: 3600,
    message: 'This number has been sent 5 codes in the last hour. Try again later.',
  },
} satisfies Record<string, RateRule>;

/** Renewals come from service workers, without sign-in: limited per IP like the links in messages. */
const renewRule: RateRule = {
  name: 'push_renew_ip',
  limit: 60,
  windowSeconds: 600,
  message: 'Too many push renewals from this network. Wait a few minutes and try again.',
};

/** "<salt>:<HMAC-SHA256(salt, user:phone:code)>": the code never rests in the table. */
function hashCode(userId: string, phone: string, code: string, salt: string): string {
  return createHmac('sha256', salt).update(`${userId}:${phone}:${code}`).digest('base64url');
}

function codeMatches(row: repo.ChannelSettingsRow, userId: string, code: string): boolean {
  const [salt, expected] = (row.codeHash ?? '').split(':');
  if (!salt || !expected || !row.pendingPhone) return false;
  return secretsEqual(hashCode(userId, row.pendingPhone, code, salt), expected);
}

function codeError(message: string): AppError {
  return new AppError('invalid_input', message, { details: [{ path: 'body.code', message }] });
}

const clearedCode = {
  pendingPhone: null,
  codeHash: null,
  codeExpiresAt: null,
  codeAttempts: 0,
} as const;

/**
 * The user's delivery channels (/settings#notifications): email to the account address, SMS to
 * a number verified by a code, push to the browsers that subscribed. Every change recomputes the
 * user's next delivery in the same transaction.
 */
export function createChannelsService(deps: ChannelsServiceDeps) {
  const { db, clock, limiter } = deps;

  async function get(userId: string): Promise<Channels> {
    const account = await repo.findAccountEmail(db, userId);
    const settings = await repo.listChannelSettings(db, userId);
    const subscriptions = await repo.listLivePushSubscriptions(db, userId);
    const of = (channel: DeliveryChannel) => settings.find((row) => row.channel === channel);
    const email = of('email');
    const sms = of('sms');
    const push = of('push');
    return {
      email: {
        enabled: email?.enabled ?? DEFAULT_CHANNEL_ENABLED.email,
        address: account?.email ?? '',
        confirmed: account?.confirmed ?? false,
        unsubscribedAt: email?.unsubscribedAt?.toISOString() ?? null,
      },
      sms: {
        enabled: sms?.enabled ?? DEFAULT_CHANNEL_ENABLED.sms,
        phone: sms?.phone ? maskPhone(sms.phone) : null,
        pendingPhone: sms?.pendingPhone ? maskPhone(sms.pendingPhone) : null,
        unsubscribedAt: sms?.unsubscribedAt?.toISOString() ?? null,
      },
      push: {
        enabled: push?.enabled ?? DEFAULT_CHANNEL_ENABLED.push,
        vapidPublicKey: deps.vapidPublicKey,
        subscriptions: subscriptions.map((row) => ({
          id: row.id,
          device: row.device,
          createdAt: row.createdAt.toISOString(),
          lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
        })),
      },
      transports: deps.transports,
    };
  }

  /** Push stays on only while the user has a browser to push to. */
  async function turnPushOffIfNoBrowser(tx: Db, userId: string, now: Date): Promise<void> {
    if ((await repo.listLivePushSubscriptions(tx, userId)).length > 0) return;
    await repo.lockChannelSettings(tx, userId, 'push', now);
    await repo.updateChannelSettings(tx, userId, 'push', { enabled: false, updatedAt: now });
  }

  return {
    get: (userId: string) => get(userId),

    async setEnabled(
      userId: string,
      channel: DeliveryChannel,
      enabled: boolean,
    ): Promise<Channels> {
      await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockChannelSettings(tx, userId, channel, now);
        if (enabled && channel === 'sms' && !row.phone) {
          throw new AppError('conflict', channelMessages.verifyPhoneFirst);
        }
        if (enabled && channel === 'push') {
          if ((await repo.listLivePushSubscriptions(tx, userId)).length === 0) {
            throw new AppError('conflict', channelMessages.allowPushFirst);
          }
        }
        await repo.updateChannelSettings(tx, userId, channel, {
          enabled,
          ...(enabled ? { unsubscribedAt: null } : {}),
          updatedAt: now,
        });
        await deps.refreshSchedule(userId, tx);
      });
      return get(userId);
    },

    /** Sends a 6-digit code to `phone`; the number is verified once the code comes back. */
    async startPhoneVerification(userId: string, phone: string): Promise<Channels> {
      await limiter.hit(userId, codeRules.perMinute, codeRules.perHour);
      await limiter.hit(`phone:${phone}`, codeRules.perNumber);
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('base64url');
      const now = clock();
      const previous = await db.transaction(async (tx) => {
        const row = await repo.lockChannelSettings(tx, userId, 'sms', now);
        await repo.updateChannelSettings(tx, userId, 'sms', {
          pendingPhone: phone,
          codeHash: `${salt}:${hashCode(userId, phone, code, salt)}`,
          codeExpiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
          codeAttempts: 0,
          updatedAt: now,
        });
        return row;
      });
      // Sent after the commit, so the code in the text is one the table already knows.
      const id = randomUUID();
      const outcome = await deps.sms
        .send({
          channel: 'sms',
          deliveryId: id,
          idempotencyKey: `sms-verification:${id}`,
          to: phone,
          text: deps.verificationSmsText(code),
          template: 'sms.verification',
        })
        .catch((error: unknown) => ({
          ok: false as const,
          permanent: false,
          error: error instanceof Error ? error.message : String(error),
        }));
      if (!outcome.ok) {
        deps.log.warn(
          { channel: 'sms', permanent: outcome.permanent, error: outcome.error },
          'the verification code could not be sent',
        );
        // The code that never arrived is withdrawn: the number stays as it was before.
        await repo.updateChannelSettings(db, userId, 'sms', {
          pendingPhone: previous.pendingPhone,
          codeHash: previous.codeHash,
          codeExpiresAt: previous.codeExpiresAt,
          codeAttempts: previous.codeAttempts,
          updatedAt: clock(),
        });
        if (outcome.permanent) {
          const message = `We could not send a text to this number: ${outcome.error}`;
          throw new AppError('invalid_input', message, {
            details: [{ path: 'body.phone', message }],
          });
        }
        throw new AppError('upstream_failed', 'The SMS provider did not accept the code.');
      }
      return get(userId);
    },

    /** Checks the code: a right one verifies the number and turns SMS on. */
    async confirmPhoneVerification(userId: string, code: string): Promise<Channels> {
      const failure = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockChannelSettings(tx, userId, 'sms', now);
        if (!row.pendingPhone || !row.codeHash) return channelMessages.noCode;
        if (row.codeAttempts >= SMS_CODE_MAX_ATTEMPTS) return channelMessages.tooManyTries;
        if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) {
          return channelMessages.codeExpired;
        }
        if (!codeMatches(row, userId, code)) {
          // Counted in this transaction, which commits: the error is raised after it.
          await repo.updateChannelSettings(tx, userId, 'sms', {
            codeAttempts: row.codeAttempts + 1,
            updatedAt: now,
          });
          return channelMessages.wrongCode;
        }
        await repo.updateChannelSettings(tx, userId, 'sms', {
          phone: row.pendingPhone,
          ...clearedCode,
          enabled: true,
          unsubscribedAt: null,
          updatedAt: now,
        });
        await deps.refreshSchedule(userId, tx);
        return null;
      });
      if (failure) throw codeError(failure);
      return get(userId);
    },

    /** Saves this browser's subscription for the user and turns push on. */
    async addPushSubscription(
      userId: string,
      input: PushSubscriptionInput,
      userAgent: string | undefined,
    ): Promise<Channels> {
      await db.transaction(async (tx) => {
        const now = clock();
        const previousOwner = await repo.findPushSubscriptionOwner(tx, input.endpoint);
        await repo.upsertPushSubscription(tx, {
          id: randomUUID(),
          userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          device: deviceLabel(userAgent),
          createdAt: now,
        });
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
     * not) takes the new endpoint and keys and keeps its user and device. If the new endpoint is
     * already saved (the app subscribed again first), the old row is simply dropped. Only the row
     * whose endpoint matched ever changes.
     */
    async renewPushSubscription(input: PushRenewInput, ip: string): Promise<void> {
      await limiter.hit(`ip:${ip}`, renewRule);
      const { endpoint, keys } = input.subscription;
      await db.transaction(async (tx) => {
        const old = await repo.lockPushSubscriptionByEndpoint(tx, input.oldEndpoint);
        if (!old) throw new AppError('not_found', channelMessages.oldSubscriptionUnknown);
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

    /** The unsubscribe link: the channel goes off and remembers when. */
    async unsubscribe(userId: string, channel: DeliveryChannel): Promise<void> {
      await db.transaction(async (tx) => {
        // An account deleted since the message went out has nothing left to turn off.
        if (!(await repo.findAccountEmail(tx, userId))) return;
        const now = clock();
        const row = await repo.lockChannelSettings(tx, userId, channel, now);
        await repo.updateChannelSettings(tx, userId, channel, {
          enabled: false,
          unsubscribedAt: row.unsubscribedAt ?? now,
          updatedAt: now,
        });
        await deps.refreshSchedule(userId, tx);
      });
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;

// The delivery worker's door (server/delivery): plain functions that run in the worker's
// transaction, so a scheduler pass or an outcome batch stays one unit.

/** Who can receive a delivery on which channel, for many users; deleted accounts are left out. */
export function loadRecipients(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, RecipientFacts>> {
  return repo.loadRecipients(db, userIds);
}

/** Gone push subscriptions and ones that took a message, as the push service answered. */
export function recordPushResults(
  db: Db,
  results: ReadonlyArray<{ id: string; gone: boolean }>,
  now: Date,
): Promise<void> {
  return repo.recordPushResults(db, results, now);
}
