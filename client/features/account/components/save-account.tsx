import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import {
  ConfirmPasswordField,
  EmailField,
  NewPasswordField,
} from '#client/components/ui/form-field.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { PASSWORD_MIN_LENGTH } from '#client/lib/password-policy.ts';
import { confirmRedirect, type AccountAuthApi } from '../account-api.ts';
import { SettingsCard } from './settings-card.tsx';

/**
 * For someone trying Trellis without an account (ADR 021): an email and a password turn this
 * same account into a real one, so every goal and task made so far stays.
 */
export function SaveAccount({ auth }: { auth: AccountAuthApi }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    const address = email.trim();
    setSubmitting(true);
    try {
      const { error } = await auth.updateUser(
        { email: address, password },
        { emailRedirectTo: confirmRedirect() },
      );
      if (error) throw error;
      // A fresh token no longer says "anonymous".
      await auth.refreshSession();
      toast.success('Account saved', {
        description: `Log in with ${address} from now on. We sent a link to confirm the address.`,
      });
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not save the account. Please try again.'),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SettingsCard
      id="save-account"
      title="Save your account"
      description={`You are trying Trellis without an account. Add an email and a password (at least ${PASSWORD_MIN_LENGTH} characters) to keep your goals and log in from any device. Daily emails and texts need a saved account.`}
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <EmailField id="save-account-email" label="Email" value={email} onValueChange={setEmail} />
        <NewPasswordField
          id="save-account-password"
          label="Password"
          value={password}
          onValueChange={setPassword}
        />
        <ConfirmPasswordField
          id="save-account-confirm"
          mismatch={mismatch}
          errorId="save-account-mismatch"
          value={confirmation}
          onValueChange={(value) => {
            setConfirmation(value);
            setMismatch(false);
          }}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : 'Save your account'}
        </Button>
      </form>
    </SettingsCard>
  );
}
