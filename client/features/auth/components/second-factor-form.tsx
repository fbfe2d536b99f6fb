import type { User } from '@supabase/supabase-js';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';

/** The step after the password for an account with an authenticator app: its 6-digit code. */
export function SecondFactorForm({
  onVerified,
  onCancel,
}: {
  onVerified: (user: User) => void;
  onCancel: () => Promise<void>;
}) {
  const { auth } = useAuth();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { data: factors, error: factorsError } = await auth.mfa.listFactors();
      if (factorsError) throw factorsError;
      const factor = factors.totp[0];
      if (!factor) throw new Error('No authenticator app is set up for this account.');
      const { data, error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (error) throw error;
      onVerified(data.user);
    } catch (error: unknown) {
      setCode('');
      toast.error('Error', {
        description: errorMessage(error) ?? 'That code did not work. Please try again.',
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
      <div className="flex items-start gap-3 rounded-xl bg-primary-soft p-4 text-sm text-accent-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          Your account is protected by an authenticator app. Enter the 6-digit code it shows now.
        </p>
      </div>
      <FormField
        id="login-totp"
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
        className="font-mono tracking-[0.3em]"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => void onCancel()}>
        Cancel and sign out
      </Button>
    </form>
  );
}
