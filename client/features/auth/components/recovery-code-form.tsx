import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { EmailField, FormField } from '#client/components/ui/form-field.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorCode, errorMessage } from '#client/lib/auth/errors.ts';
import { paths } from '#client/lib/paths.ts';

const WRONG_CODE =
  'That code is wrong or has expired. Check the latest reset email, or ask for a new one.';

/**
 * The six-digit code of a password-reset email, typed in: `verifyOtp({ email, token, type:
 * 'recovery' })` signs this browser in for the reset, on any device.
 */
export function RecoveryCodeForm({
  problem,
  initialEmail,
  onVerified,
}: {
  /** Why the link did not work, shown above the form. */
  problem: string | null;
  initialEmail: string;
  onVerified: () => void;
}) {
  const { auth } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const result = await auth.verifyOtp({ email: email.trim(), token: code, type: 'recovery' });
      if (!result.error) {
        onVerified();
        return;
      }
      setError(
        errorCode(result.error) === 'otp_expired'
          ? WRONG_CODE
          : (errorMessage(result.error) ?? WRONG_CODE),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="space-y-5">
      {problem ? (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm">
          {problem}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Open the link in your password-reset email, or enter the 6-digit code from it here.
        </p>
      )}
      <form
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-5"
        aria-label="Reset code"
      >
        <EmailField id="reset-email" label="Email" value={email} onValueChange={setEmail} />
        <FormField
          id="reset-code"
          label="Code from the email"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          className="font-mono tracking-[0.3em]"
          error={error}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            setError(null);
          }}
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? 'Checking...' : 'Continue'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        No email?{' '}
        <Link
          to={paths.forgotPassword}
          className="rounded font-medium text-accent-foreground underline-offset-4 hover:underline"
        >
          Send a new reset link
        </Link>
      </p>
    </div>
  );
}
