import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { EmailField } from '#client/components/ui/form-field.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorCode, errorMessage } from '#client/lib/auth/errors.ts';
import { paths } from '#client/lib/paths.ts';

/**
 * Asks for a password-reset email. The answer is the same whether or not the address has an
 * account, so the form cannot be used to find out who is registered.
 */
export function ForgotPasswordForm() {
  const { auth } = useAuth();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setSubmitting(true);
    try {
      const { error } = await auth.resetPasswordForEmail(address, {
        redirectTo: `${window.location.origin}${paths.resetPassword}`,
      });
      // "Too soon for this address" only happens for real accounts: answering it would tell.
      if (error && errorCode(error) !== 'over_email_send_rate_limit') throw error;
      setSentTo(address);
    } catch (error: unknown) {
      toast.error('Error', {
        description: errorMessage(error) ?? 'Could not send the email. Please try again.',
      });
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo !== null) {
    return (
      <div role="status" className="space-y-4 text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-6" />
        </div>
        <p className="font-medium">Check your email</p>
        <p className="text-sm text-muted-foreground">
          If an account exists for <span className="font-medium text-foreground">{sentTo}</span>,
          we've sent it a link and a 6-digit code to reset the password. Both work for a short time
          only.
        </p>
        <Link
          to={paths.resetPassword}
          state={{ email: sentTo }}
          className={buttonClasses('secondary', 'lg', 'w-full')}
        >
          Enter the code from the email
        </Link>
        <Button variant="link" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
      <EmailField id="forgot-email" label="Email" value={email} onValueChange={setEmail} />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
