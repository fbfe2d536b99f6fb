import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import type { PushTarget } from './channel-sender.ts';

/**
 * Who can receive a delivery on which channel, right now.
 *
 * - **email**: the channel is on, the account has an address, the address is confirmed
 *   (users.email_confirmed_at) and the user has not followed an unsubscribe link.
 * - **sms**: the channel is on, a phone number was verified by a code, not unsubscribed.
 * - **push**: the channel is on and at least one browser subscription is still alive (gone_at null).
 *
 * A user who never touched their channels has no rows in delivery_channel_settings: email is then
 * on (the account address is the one channel every user has) and SMS and push are off (each needs
 * a step of the user's own: a verified number, a browser's permission).
 */

export interface ChannelSetting {
  enabled: boolean;
  /** SMS: the verified number. */
  phone: string | null;
  unsubscribedAt: Date | null;
}

export interface RecipientFacts {
  userId: string;
  email: string | null;
  emailConfirmed: boolean;
  settings: Record<DeliveryChannel, ChannelSetting>;
  /** The user's live push subscriptions, with the device each belongs to. */
  pushTargets: Array<PushTarget & { device: string }>;
}

export interface ChannelState {
  active: boolean;
  /** Why not, in words the user can act on; null when active. */
  reason: string | null;
}

export type ChannelStates = Record<DeliveryChannel, ChannelState>;

export const DEFAULT_CHANNEL_ENABLED: Record<DeliveryChannel, boolean> = {
  email: true,
  sms: false,
  push: false,
};

const LABEL: Record<DeliveryChannel, string> = { email: 'Email', sms: 'SMS', push: 'Push' };

const UNSUBSCRIBED: Record<DeliveryChannel, string> = {
  email: 'You unsubscribed from these emails: turn email on again to receive them.',
  sms: 'You unsubscribed from these texts: turn SMS on again to receive them.',
  push: 'You unsubscribed from these notifications: turn push on again to receive them.',
};

export function defaultSetting(channel: DeliveryChannel): ChannelSetting {
  return { enabled: DEFAULT_CHANNEL_ENABLED[channel], phone: null, unsubscribedAt: null };
}

function stateOf(facts: RecipientFacts, channel: DeliveryChannel): ChannelState {
  const setting = facts.settings[channel];
  const no = (reason: string): ChannelState => ({ active: false, reason });
  if (setting.unsubscribedAt !== null) return no(UNSUBSCRIBED[channel]);
  if (!setting.enabled) return no(`${LABEL[channel]} is turned off.`);
  switch (channel) {
    case 'email':
      if (!facts.email) return no('Your account has no email address.');
      if (!facts.emailConfirmed)
        return no('Confirm your email address first: follow the link we emailed you.');
      break;
    case 'sms':
      if (!setting.phone) return no('Verify a phone number first: we text you a code.');
      break;
    case 'push':
      if (facts.pushTargets.length === 0)
        return no('Allow notifications in a browser first, from Settings on that device.');
      break;
  }
  return { active: true, reason: null };
}

/** Each channel's state for one user. */
export function channelStates(facts: RecipientFacts): ChannelStates {
  return {
    email: stateOf(facts, 'email'),
    sms: stateOf(facts, 'sms'),
    push: stateOf(facts, 'push'),
  };
}

/** The channels that can deliver to the user now. */
export function activeChannels(facts: RecipientFacts): DeliveryChannel[] {
  return deliveryChannels.filter((channel) => stateOf(facts, channel).active);
}

/**
 * The channels the schedule keeps a next delivery for: on and not unsubscribed. Wider than the
 * active ones on purpose: a confirmation, a verified number or a new browser subscription makes a
 * channel active without anyone recomputing the schedule, and the scheduler checks activity
 * again when the slot comes.
 */
export function scheduledChannels(facts: RecipientFacts): DeliveryChannel[] {
  return deliveryChannels.filter((channel) => {
    const setting = facts.settings[channel];
    return setting.enabled && setting.unsubscribedAt === null;
  });
}

/** The address, masked number or devices a delivery on `channel` goes to, for the record. */
export function recipientLabel(facts: RecipientFacts, channel: DeliveryChannel): string | null {
  switch (channel) {
    case 'email':
      return facts.email;
    case 'sms': {
      // As the channels screen shows a number: all but the last four digits hidden.
      const phone = facts.settings.sms.phone;
      return phone ? `••• ${phone.replace(/\D/g, '').slice(-4)}` : null;
    }
    case 'push':
      return facts.pushTargets.map((target) => target.device).join(', ') || null;
  }
}
