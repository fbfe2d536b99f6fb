import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { passwordMinLength } from '#client/lib/password-policy.ts';
import { codeOf, type AccountAuthApi } from '../account-api.ts';
import { SettingsCard } from './settings-card.tsx';

/**
 * Changes the password. When the server wants proof that it is really the owner
 * (`reauthentication_needed`), a code is emailed and asked for before the change goes through.
 */
export function PasswordSettings({ auth, user }: { auth: AccountAuthApi; user: User }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [nonce, setNonce] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const reset = () => {
    setPassword('');
    setConfirmation('');
    setNonce('');
    setNeedsCode(false);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await auth.updateUser(
        needsCode ? { password, nonce: nonce.trim() } : { password },
      );
      if (error && codeOf(error) === 'reauthentication_needed') {
        const { error: sendError } = await auth.reauthenticate();
        if (sendError) throw sendError;
        setNeedsCode(true);
        return;
      }
      if (error) throw error;
      reset();
      toast.success('Password updated', {
        description: 'Use your new password the next time you log in.',
      });
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not change the password. Please try again.'),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SettingsCard title="Password" description={`At least ${passwordMinLength()} characters.`}>
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <NewPasswordField
          id="settings-new-password"
          label="New password"
          disabled={needsCode}
          value={password}
          onValueChange={setPassword}
        />
        <ConfirmPasswordField
          id="settings-confirm-password"
          disabled={needsCode}
          mismatch={mismatch}
          errorId="settings-password-mismatch"
          value={confirmation}
          onValueChange={(value) => {
            setConfirmation(value);
            setMismatch(false);
          }}
        />
        {needsCode ? (
          <div className="space-y-2 rounded-xl bg-primary-soft p-4">
            <Label htmlFor="settings-password-nonce">Verification code</Label>
            <p id="settings-password-nonce-hint" className="text-sm text-accent-foreground">
              To protect your account we emailed a code to{' '}
              <span className="font-medium break-all">{user.email}</span>. Enter it to confirm the
              change.
            </p>
            <Input
              id="settings-password-nonce"
              name="nonce"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              aria-describedby="settings-password-nonce-hint"
              className="font-mono tracking-[0.3em] sm:max-w-48"
              value={nonce}
              onChange={(event) => setNonce(event.target.value.trim())}
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={submitting}>
            {submitting
              ? 'Saving...'
              : needsCode
                ? 'Confirm and change password'
                : 'Change password'}
          </Button>
          {needsCode ? (
            <Button variant="ghost" onClick={reset}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}
