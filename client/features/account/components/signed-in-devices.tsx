import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { messageOf, type AccountAuthApi } from '../account-api.ts';
import { SettingsCard } from './settings-card.tsx';

/** Ends every session of the account except this browser's. */
export function SignedInDevices({ auth }: { auth: AccountAuthApi }) {
  const [busy, setBusy] = useState(false);

  const signOutOthers = async () => {
    setBusy(true);
    try {
      const { error } = await auth.signOut({ scope: 'others' });
      if (error) throw error;
      toast.success('Signed out of other devices', { description: 'This device stays logged in.' });
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not sign out other devices. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard
      title="Signed-in devices"
      description="Lost a phone or used a shared computer? End every other session; this one stays."
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-center gap-3 text-sm">
          <MonitorSmartphone aria-hidden="true" className="size-5 text-muted-foreground" />
          You're logged in on this device.
        </p>
        <Button variant="outline" disabled={busy} onClick={() => void signOutOthers()}>
          {busy ? 'Signing out...' : 'Sign out other devices'}
        </Button>
      </div>
    </SettingsCard>
  );
}
