import type { Channels, DeliveryChannel } from '#contracts/channels.ts';

export const channelLabels: Record<DeliveryChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
};

/** Whether a channel would carry a delivery now, and in words why not. */
export type ChannelState = { active: true } | { active: false; reason: string };

export function channelState(channels: Channels, channel: DeliveryChannel): ChannelState {
  switch (channel) {
    case 'email': {
      const email = channels.email;
      if (!email.enabled) {
        return {
          active: false,
          reason: email.unsubscribedAt ? 'Off — you unsubscribed through a link' : 'Off',
        };
      }
      if (!email.confirmed)
        return { active: false, reason: 'Waiting for your address to be confirmed' };
      return { active: true };
    }
    case 'sms': {
      const sms = channels.sms;
      if (!sms.enabled) {
        return {
          active: false,
          reason: sms.unsubscribedAt ? 'Off — you unsubscribed through a link' : 'Off',
        };
      }
      if (!sms.phone) return { active: false, reason: 'No verified phone number yet' };
      return { active: true };
    }
    case 'push': {
      const push = channels.push;
      if (!push.enabled) return { active: false, reason: 'Off' };
      if (push.subscriptions.length === 0) {
        return { active: false, reason: 'No device has allowed notifications yet' };
      }
      return { active: true };
    }
  }
}
