import type { User } from '@supabase/supabase-js';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { EmailField } from '#client/components/ui/form-field.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { confirmRedirect, type AccountAuthApi } from '../account-api.ts';
import { SettingsCard } from './settings-card.tsx';

/** Shows the account's address and starts a change, which the new address must confirm. */
export function EmailSettings({ auth, user }: { auth: AccountAuthApi; user: User }) {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const pending = user.new_email;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setSubmitting(true);
    try {
      const { error } = await auth.updateUser(
        { email: address },
        { emailRedirectTo: confirmRedirect() },
      );
      if (error) throw error;
      setEmail('');
      toast.success('Check your inbox', {
        description: `We sent a confirmation link to ${address}. Your email changes once the change is confirmed.`,
      });
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not change the email. Please try again.'),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SettingsCard
      title="Email address"
      description="Where Trellis sends your daily top three and sign-in links."
    >
      <p className="text-sm">
        Current address: <span className="font-medium break-all">{user.email}</span>
      </p>
      {pending ? (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-primary-soft p-3 text-sm text-accent-foreground">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Waiting for confirmation of <span className="font-medium break-all">{pending}</span>:
            open the link we emailed to finish the change.
          </span>
        </p>
      ) : null}
      <form onSubmit={(event) => void handleSubmit(event)} className="mt-5 space-y-3">
        <EmailField
          id="settings-new-email"
          label="New email"
          value={email}
          onValueChange={setEmail}
        />
        <Button type="submit" variant="outline" disabled={submitting}>
          {submitting ? 'Sending link...' : 'Change email'}
        </Button>
      </form>
    </SettingsCard>
  );
}
