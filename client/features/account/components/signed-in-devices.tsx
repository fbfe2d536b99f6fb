import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { type AccountAuthApi } from '../account-api.ts';
import { messageOf } from '#client/lib/error-message.ts';
import {
  describeDevice,
  useAccountSessions,
  useEndSession,
  useForgetOtherSessions,
} from '../sessions-api.ts';
import { SettingsCard } from './settings-card.tsx';

const lastActive = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the account is signed in, with a way to end any other session or all of them. */
export function SignedInDevices({ auth }: { auth: AccountAuthApi }) {
  const [busy, setBusy] = useState(false);
  const sessions = useAccountSessions();
  const endSession = useEndSession();
  const forgetOthers = useForgetOtherSessions();

  const signOutOthers = async () => {
    setBusy(true);
    try {
      const { error } = await auth.signOut({ scope: 'others' });
      if (error) throw error;
      forgetOthers();
      toast.success('Signed out of other devices', { description: 'This device stays logged in.' });
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not sign out other devices. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const end = (id: string, device: string) =>
    endSession.mutate(id, {
      onSuccess: () => toast.success('Signed out', { description: `${device} is signed out.` }),
      onError: (error) =>
        toast.error('Error', {
          description: messageOf(error, 'Could not sign that device out. Please try again.'),
        }),
    });

  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <SettingsCard
      title="Signed-in devices"
      description="Lost a phone or used a shared computer? End any other session; this one stays."
    >
      {sessions.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading signed-in devices">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : sessions.isError ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          Could not load your signed-in devices.
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <ul className="divide-y rounded-xl border" aria-label="Signed-in devices">
          {sessions.data.map((session) => {
            const device = describeDevice(session.userAgent);
            return (
              <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
                <MonitorSmartphone
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {device}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-accent-foreground">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Last active {lastActive.format(new Date(session.lastActiveAt))}
                    {session.ip ? ` · ${session.ip}` : ''}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={endSession.isPending && endSession.variables === session.id}
                    onClick={() => end(session.id, device)}
                    aria-label={`Sign out ${device}, last active ${lastActive.format(new Date(session.lastActiveAt))}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button
          variant="outline"
          disabled={busy || (sessions.isSuccess && others.length === 0)}
          onClick={() => void signOutOthers()}
        >
          {busy ? 'Signing out...' : 'Sign out other devices'}
        </Button>
      </div>
    </SettingsCard>
  );
}
