import { BellOff, BellRing, MonitorSmartphone } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Channels } from '#contracts/channels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { useAddPushSubscription, useRemovePushSubscription } from '../api.ts';
import {
  PushPermissionDenied,
  currentEndpoint,
  pushPermission,
  pushSupport,
  subscribeThisDevice,
} from '../push.ts';
import { ChannelCard, ChannelNote, InlineError, formatDay } from './channel-card.tsx';
import { DevOutboxNote } from './dev-outbox-note.tsx';

/** Push: this browser subscribed through its permission prompt, the devices that are, on or off. */
export function PushChannel({
  channels,
  compact,
  onToggle,
  headingLevel,
  extra,
}: {
  channels: Channels;
  headingLevel: 'h3' | 'h4';
  /** More of the channel, from the screen around it (onboarding's delivery times). */
  extra?: ReactNode;
  compact: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const { push } = channels;
  const supported = pushSupport() === 'supported';
  const [permission, setPermission] = useState(() => (supported ? pushPermission() : 'default'));
  const [subscribedHere, setSubscribedHere] = useState(false);
  const [enabling, setEnabling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddPushSubscription();
  const remove = useRemovePushSubscription();

  useEffect(() => {
    if (!supported || pushPermission() !== 'granted') return;
    let active = true;
    void currentEndpoint()
      .then((endpoint) => {
        if (active) setSubscribedHere(endpoint !== null);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [supported]);

  const enable = async () => {
    setError(null);
    setEnabling(true);
    try {
      const subscription = await subscribeThisDevice(push.vapidPublicKey);
      await add.mutateAsync(subscription);
      setPermission('granted');
      setSubscribedHere(true);
      toast.success('Push is on for this device', {
        description: 'Your top three will show up here as a notification.',
      });
    } catch (failure: unknown) {
      if (failure instanceof PushPermissionDenied && failure.permission === 'denied')
        setPermission('denied');
      else if (failure instanceof PushPermissionDenied)
        setError('Notifications were not allowed. Press the button again and choose Allow.');
      else
        setError(messageOf(failure, 'Could not turn on push for this device. Please try again.'));
    } finally {
      setEnabling(false);
    }
  };

  const removeDevice = (id: string, device: string) =>
    remove.mutate(id, {
      onSuccess: () =>
        toast.success('Device removed', { description: `${device} gets no more pushes.` }),
      onError: (failure) =>
        setError(messageOf(failure, 'Could not remove that device. Please try again.')),
    });

  const count = push.subscriptions.length;
  const status = !supported
    ? 'Not available in this browser'
    : count === 0
      ? 'No device yet'
      : count === 1
        ? '1 device'
        : `${count} devices`;

  return (
    <ChannelCard
      id="channel-push"
      icon={<BellRing aria-hidden="true" />}
      title="Push"
      headingLevel={headingLevel}
      switchLabel="Daily push notification"
      enabled={push.enabled}
      canEnable={count > 0}
      onToggle={onToggle}
      status={status}
    >
      {!supported ? (
        <ChannelNote icon={<BellOff aria-hidden="true" />}>
          This browser can’t receive push notifications.
          {compact
            ? ''
            : ' On an iPhone or iPad, add Trellis to your Home Screen (Share › Add to Home Screen) and open it from there; elsewhere, try a current Chrome, Edge or Firefox.'}
        </ChannelNote>
      ) : permission === 'denied' ? (
        <ChannelNote tone="warning" icon={<BellOff aria-hidden="true" />}>
          Notifications are blocked for this site. To allow them, open the site settings (the icon
          beside the address bar), set Notifications to Allow, then reload this page.
        </ChannelNote>
      ) : subscribedHere && count > 0 ? (
        <p className="text-sm text-muted-foreground">
          This device receives your top three as a notification.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void enable()} disabled={enabling}>
            {enabling ? 'Waiting for the browser...' : 'Enable on this device'}
          </Button>
          {compact ? null : (
            <p className="text-sm text-muted-foreground">Your browser will ask for permission.</p>
          )}
        </div>
      )}
      <InlineError message={error} />
      {count > 0 ? (
        <ul className="divide-y rounded-lg border" aria-label="Devices with push">
          {push.subscriptions.map((subscription) => (
            <li key={subscription.id} className="flex items-center gap-3 p-3">
              <MonitorSmartphone
                aria-hidden="true"
                className="size-5 shrink-0 text-muted-foreground"
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{subscription.device}</p>
                <p className="text-xs text-muted-foreground">
                  Added {formatDay.format(new Date(subscription.createdAt))}
                  {subscription.lastSuccessAt
                    ? ` · last push ${formatDay.format(new Date(subscription.lastSuccessAt))}`
                    : ''}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending && remove.variables === subscription.id}
                aria-label={`Remove ${subscription.device}, added ${formatDay.format(new Date(subscription.createdAt))}`}
                onClick={() => removeDevice(subscription.id, subscription.device)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {channels.transports.push === 'dev-outbox' ? <DevOutboxNote channel="push" /> : null}
      {extra}
    </ChannelCard>
  );
}
