import { CircleCheck, CircleAlert, Inbox, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { Channels } from '#contracts/channels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { getRole } from '#client/lib/auth/roles.ts';
import { useResendConfirmation } from '#client/lib/auth/use-resend-confirmation.ts';
import { ChannelCard, ChannelNote, formatDay } from './channel-card.tsx';
import { DevOutboxNote } from './dev-outbox-note.tsx';

/** Email: the account's address, whether it is confirmed, and the daily emails on or off. */
export function EmailChannel({
  channels,
  onToggle,
  headingLevel,
  extra,
}: {
  channels: Channels;
  headingLevel: 'h3' | 'h4';
  /** More of the channel, from the screen around it (onboarding's delivery times). */
  extra?: ReactNode;
  onToggle: (enabled: boolean) => void;
}) {
  const { email } = channels;
  const { user } = useAuth();
  const { resend, sending } = useResendConfirmation();
  // Without an email provider a new link only reaches the dev outbox: worth it for an admin, a
  // dead end for anyone else (the note below says what to do instead).
  const canResend = channels.transports.email === 'smtp' || getRole(user) === 'admin';

  const resendConfirmation = async () => {
    if (await resend(email.address)) {
      toast.success('Confirmation email sent', {
        description: `Open the link we sent to ${email.address}.`,
      });
    }
  };

  return (
    <ChannelCard
      id="channel-email"
      icon={<Mail aria-hidden="true" />}
      title="Email"
      headingLevel={headingLevel}
      switchLabel="Daily email"
      enabled={email.enabled}
      canEnable
      onToggle={onToggle}
      status={<span className="break-all">{email.address}</span>}
    >
      {email.confirmed ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-accent-foreground">
          <CircleCheck aria-hidden="true" className="size-4" />
          Confirmed
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-start gap-1.5 text-sm font-medium">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            Not confirmed — confirm it to receive daily emails
          </p>
          {canResend ? (
            <Button
              variant="outline"
              size="sm"
              disabled={sending}
              onClick={() => void resendConfirmation()}
            >
              {sending ? 'Sending...' : 'Resend confirmation email'}
            </Button>
          ) : null}
        </div>
      )}
      {email.unsubscribedAt ? (
        <ChannelNote tone="warning" icon={<Inbox aria-hidden="true" />}>
          Unsubscribed on {formatDay.format(new Date(email.unsubscribedAt))}.
          {email.enabled ? '' : ' Turn daily email on to receive it again.'}
        </ChannelNote>
      ) : null}
      {channels.transports.email === 'dev-outbox' ? <DevOutboxNote channel="email" /> : null}
      {extra}
    </ChannelCard>
  );
}
