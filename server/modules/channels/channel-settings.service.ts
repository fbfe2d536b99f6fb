import { type Channels, type DeliveryChannel } from '#contracts/channels.ts';
import { AppError } from '#server/errors.ts';
import { channelMessages } from './channel-messages.ts';
import type { ChannelsServiceDeps } from './channels-deps.ts';
import * as repo from './channels.repo.ts';
import { maskPhone } from './mask-phone.ts';
import { DEFAULT_CHANNEL_ENABLED } from './recipients.ts';

/** The channels as /settings#notifications shows them, turning one on or off, unsubscribe links. */
export function createChannelSettingsService(deps: ChannelsServiceDeps) {
  const { db, clock } = deps;

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
