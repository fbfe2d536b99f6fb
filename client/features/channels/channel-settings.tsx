import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { paths } from '#client/lib/paths.ts';
import { useChannels, useToggleChannel } from './api.ts';
import { InlineError } from './components/channel-card.tsx';
import { EmailChannel } from './components/email-channel.tsx';
import { PushChannel } from './components/push-channel.tsx';
import { SaveAccountNote } from './components/save-account-note.tsx';
import { SmsChannel } from './components/sms-channel.tsx';

const channelNames: Record<DeliveryChannel, string> = {
  email: 'email',
  sms: 'SMS',
  push: 'push',
};

/**
 * Where the daily top three goes: email (the account's confirmed address), SMS (a number verified
 * by a code) and push (this browser, through its permission prompt), each on or off.
 * `compact` is the onboarding version: the same controls, less prose. Someone trying Trellis
 * without an account gets push only, and a way to save the account for email and SMS (ADR 021).
 */
export function ChannelSettings({
  compact = false,
  headingLevel = 'h3',
  below,
}: {
  compact?: boolean;
  /** The level of each channel's heading, one below the heading the block sits under. */
  headingLevel?: 'h3' | 'h4';
  /** More for each channel's card, from the screen around it (onboarding's delivery times). */
  below?: (channel: DeliveryChannel) => ReactNode;
}) {
  const channels = useChannels();
  const toggle = useToggleChannel();
  const { user } = useAuth();
  const anonymous = user?.is_anonymous === true;

  if (channels.isPending) {
    return (
      <div role="status" aria-label="Loading your channels" className="space-y-3">
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-36 rounded-xl" />
      </div>
    );
  }
  if (channels.isError) {
    return (
      <ErrorState
        title="Your channels could not load"
        message={channels.error.message}
        onRetry={() => void channels.refetch()}
      />
    );
  }

  const failed = toggle.isError ? toggle.variables : undefined;
  const onToggle = (channel: DeliveryChannel) => (enabled: boolean) =>
    toggle.toggle(channel, enabled);

  return (
    <div className="space-y-3">
      {compact ? null : (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Your top three go out on every channel that is on, at the times on{' '}
            <Link
              to={paths.schedule}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              your schedule
            </Link>
            .
          </span>
        </p>
      )}
      {anonymous ? null : (
        <>
          <EmailChannel
            headingLevel={headingLevel}
            channels={channels.data}
            onToggle={onToggle('email')}
            extra={below?.('email')}
          />
          <SmsChannel
            headingLevel={headingLevel}
            channels={channels.data}
            compact={compact}
            onToggle={onToggle('sms')}
            extra={below?.('sms')}
          />
        </>
      )}
      <PushChannel
        headingLevel={headingLevel}
        channels={channels.data}
        compact={compact}
        onToggle={onToggle('push')}
        extra={below?.('push')}
      />
      {anonymous ? <SaveAccountNote headingLevel={headingLevel} /> : null}
      <InlineError
        message={
          failed
            ? `Could not turn ${channelNames[failed.channel]} ${failed.enabled ? 'on' : 'off'}: ${toggle.error?.message ?? 'please try again.'}`
            : null
        }
      />
    </div>
  );
}
