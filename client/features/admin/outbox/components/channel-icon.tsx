import { BellRing, Mail, MessageSquareText } from 'lucide-react';
import type { DeliveryChannel } from '#contracts/channels.ts';

export const channelLabels: Record<DeliveryChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
};

const icons = { email: Mail, sms: MessageSquareText, push: BellRing } as const;

/** A channel's icon in a soft circle; its name is for assistive technology. */
export function ChannelIcon({ channel }: { channel: DeliveryChannel }) {
  const Icon = icons[channel];
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
      <Icon aria-hidden="true" className="size-4.5" />
      <span className="sr-only">{channelLabels[channel]}</span>
    </span>
  );
}
