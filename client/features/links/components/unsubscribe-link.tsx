import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { paths } from '#client/lib/paths.ts';
import { channelOfUnsubscribeToken, channelWords, unsubscribeByLink } from '../api.ts';
import { LinkFailed, LinkOutcome } from './link-outcome.tsx';

type Stage =
  | { kind: 'asking' }
  | { kind: 'working' }
  | { kind: 'unsubscribed'; channel: DeliveryChannel }
  | { kind: 'failed'; message: string };

const MISSING =
  'This link is missing its token. Open Trellis and turn the channel off in Settings → Notifications.';

/**
 * Where a message's unsubscribe link lands: one confirming press turns the channel off, with no
 * sign-in. (A mail client's one-click unsubscribe posts to the API directly.)
 */
export function UnsubscribeLink() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [stage, setStage] = useState<Stage>(() =>
    token ? { kind: 'asking' } : { kind: 'failed', message: MISSING },
  );
  const channel = token ? channelOfUnsubscribeToken(token) : null;
  const what = channel ? `daily ${channelWords[channel]} messages` : 'daily messages';

  const unsubscribe = async () => {
    if (!token) return;
    setStage({ kind: 'working' });
    try {
      const result = await unsubscribeByLink(token);
      setStage({ kind: 'unsubscribed', channel: result.channel });
    } catch (error: unknown) {
      setStage({
        kind: 'failed',
        message: messageOf(error, 'Could not unsubscribe. Please try again.'),
      });
    }
  };

  switch (stage.kind) {
    case 'asking':
    case 'working':
      return (
        <AuthCard
          title="Unsubscribe"
          description={`Stop receiving your top three as ${what}. Your other channels stay as they are.`}
        >
          <Button
            size="lg"
            className="h-auto! min-h-12 w-full py-3 whitespace-normal"
            disabled={stage.kind === 'working'}
            onClick={() => void unsubscribe()}
          >
            {stage.kind === 'working' ? 'Unsubscribing...' : `Unsubscribe from ${what}`}
          </Button>
        </AuthCard>
      );
    case 'unsubscribed':
      return (
        <AuthCard title="You’re unsubscribed">
          <LinkOutcome icon={<BellOff aria-hidden="true" />} tone="success">
            <p role="status">
              You’ll get no more daily {channelWords[stage.channel]} messages from Trellis.
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Changed your mind? Turn it back on in your notification settings.
            </p>
          </LinkOutcome>
          <Link
            to={paths.notificationSettings}
            className={buttonClasses('outline', 'lg', 'mt-6 w-full')}
          >
            Notification settings
          </Link>
        </AuthCard>
      );
    case 'failed':
      return (
        <LinkFailed message={stage.message}>
          <Link
            to={paths.notificationSettings}
            className={buttonClasses('primary', 'lg', 'mt-6 w-full')}
          >
            Open notification settings
          </Link>
        </LinkFailed>
      );
  }
}
