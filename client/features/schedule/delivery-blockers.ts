import { deliveryChannels, type Channels, type DeliveryChannel } from '#contracts/channels.ts';
import type { ScheduleResponse } from '#contracts/schedule.ts';
import { channelLabels, channelState } from './channel-state.ts';

/** Where a blocker is fixed. */
export type DeliveryFix =
  /** The account's address waits for its confirmation link. */
  | {
      kind: 'confirm_email';
      address: string;
      serverSendsEmail: boolean;
      /** The other channels this server has a provider for. */
      otherWays: readonly DeliveryChannel[];
    }
  /** Settings › Notifications: a channel to turn on or finish setting up. */
  | { kind: 'settings'; label: string }
  /** /schedule: times, days, pause. */
  | { kind: 'schedule'; label: string };

/** One reason the top three does not reach the person outside the app, and its fix. */
export interface DeliveryBlocker {
  key: string;
  text: string;
  fix: DeliveryFix;
}

function names(channels: readonly DeliveryChannel[]): string {
  const labels = channels.map((channel) => channelLabels[channel]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

/** Why a channel that is on cannot deliver, and its fix; null when it can (or is off). */
export function channelBlocker(
  channels: Channels,
  channel: DeliveryChannel,
): DeliveryBlocker | null {
  if (!channels[channel].enabled || channelState(channels, channel).active) return null;
  switch (channel) {
    case 'email':
      return {
        key: 'email_unconfirmed',
        text: `Your email address (${channels.email.address}) is not confirmed yet, so daily emails wait.`,
        fix: {
          kind: 'confirm_email',
          address: channels.email.address,
          serverSendsEmail: channels.transports.email === 'smtp',
          otherWays: (['sms', 'push'] as const).filter(
            (other) => channels.transports[other] !== 'dev-outbox',
          ),
        },
      };
    case 'sms':
      return {
        key: 'sms_unverified',
        text: 'SMS is on, but no phone number is verified yet.',
        fix: { kind: 'settings', label: 'Verify your number' },
      };
    case 'push':
      return {
        key: 'push_no_device',
        text: 'Push is on, but no device allows notifications yet.',
        fix: { kind: 'settings', label: 'Allow notifications on this device' },
      };
  }
}

/**
 * Why no delivery is coming, most basic first: paused, no channel on, each channel that is on but
 * cannot deliver (an unconfirmed address, no verified number, no device), then the schedule (not
 * saved, no time for the channels that work). Empty when a delivery is on its way.
 */
export function deliveryBlockers(
  response: ScheduleResponse,
  channels: Channels,
): DeliveryBlocker[] {
  if (response.preview.some((item) => !item.inactive)) return [];
  const { schedule } = response;
  if (schedule.paused) {
    return [
      {
        key: 'paused',
        text: 'Deliveries are paused.',
        fix: { kind: 'schedule', label: 'Resume them' },
      },
    ];
  }
  const enabled = deliveryChannels.filter((channel) => channels[channel].enabled);
  if (enabled.length === 0) {
    return [
      {
        key: 'no_channel',
        text: 'Email, SMS and push are all off.',
        fix: { kind: 'settings', label: 'Turn a channel on' },
      },
    ];
  }

  const blockers: DeliveryBlocker[] = [];
  const working: DeliveryChannel[] = [];
  for (const channel of enabled) {
    const blocker = channelBlocker(channels, channel);
    if (blocker) blockers.push(blocker);
    else working.push(channel);
  }

  if (!schedule.saved) {
    blockers.push({
      key: 'unsaved',
      text: 'Your delivery times are not saved yet.',
      fix: { kind: 'schedule', label: 'Set delivery times' },
    });
  } else if (working.length > 0) {
    const timed = working.filter((channel) => schedule.times[channel].length > 0);
    blockers.push(
      timed.length === 0
        ? {
            key: 'no_times',
            text: `${names(working)} ${working.length === 1 ? 'has' : 'have'} no delivery time.`,
            fix: { kind: 'schedule', label: 'Set delivery times' },
          }
        : {
            key: 'nothing_due',
            text: 'Nothing is due to go out in the coming days.',
            fix: { kind: 'schedule', label: 'Check your days and times' },
          },
    );
  }
  return blockers;
}

/** What to say about an unconfirmed address: the way to confirm it depends on the server. */
export function confirmEmailAdvice(
  fix: Extract<DeliveryFix, { kind: 'confirm_email' }>,
  viewer: { admin: boolean },
): { text: string; canResend: boolean; link: 'outbox' | 'settings' | null } {
  if (fix.serverSendsEmail) {
    return {
      text: `Open the link we sent to ${fix.address}, or send it again.`,
      canResend: true,
      link: null,
    };
  }
  if (viewer.admin) {
    return {
      text: 'This server has no email provider: the confirmation link is in the dev outbox.',
      canResend: false,
      link: 'outbox',
    };
  }
  const instead = fix.otherWays.length > 0 ? `, or turn on ${names(fix.otherWays)} instead` : '';
  return {
    text: `This server cannot send email yet, so the confirmation link cannot reach you: ask the person who runs it to set up email${instead}.`,
    canResend: false,
    link: fix.otherWays.length > 0 ? 'settings' : null,
  };
}
