import { KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { needsSecondFactor } from '#client/lib/auth/assurance.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';
import { linkOnce } from '#client/lib/auth/link-once.ts';
import { getRole, homeForRole } from '#client/lib/auth/roles.ts';
import { PASSWORD_MIN_LENGTH } from '#client/lib/password-policy.ts';
import { paths } from '#client/lib/paths.ts';
import { readAuthRedirect } from '../auth-redirect.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

type Stage = { kind: 'checking' } | { kind: 'ready' } | { kind: 'invalid'; message: string };

const EXPIRED = 'This reset link is invalid or has expired. Ask for a new one below.';

/**
 * The landing page of a password-reset email: trades the link's code for a session, then asks
 * for the new password.
 */
export function ResetPasswordForm() {
  const { auth, user, session, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readAuthRedirect(location.search, location.hash));
  const [stage, setStage] = useState<Stage>(() => {
    if (link.error) return { kind: 'invalid', message: link.error };
    if (link.code) return { kind: 'checking' };
    if (user) return { kind: 'ready' };
    return {
      kind: 'invalid',
      message: 'Open the link from your password-reset email to set a new password.',
    };
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const { code } = link;
    if (!code || link.error) return;
    let active = true;
    void linkOnce(`code:${code}`, () => auth.exchangeCodeForSession(code)).then(({ error }) => {
      if (!active) return;
      setStage(error ? { kind: 'invalid', message: EXPIRED } : { kind: 'ready' });
      // The code is spent: keep it out of the history and of a reload.
      void navigate(paths.resetPassword, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [auth, link, navigate]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setSubmitting(true);
    try {
      const { data, error } = await auth.updateUser({ password });
      if (error) throw error;
      toast.success('Password updated', { description: 'Use your new password from now on.' });
      void navigate(homeForRole(getRole(data.user)), { replace: true });
    } catch (error: unknown) {
      toast.error('Error', {
        description: errorMessage(error) ?? 'Could not update the password. Please try again.',
      });
    } finally {
      setSubmitting(false);
    }
  };

  if (stage.kind === 'checking') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-muted-foreground">
        <Spinner />
        <p className="text-sm">Checking your reset link...</p>
      </div>
    );
  }

  if (stage.kind === 'invalid') {
    return (
      <div className="space-y-5">
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm">
          {stage.message}
        </p>
        <Link to={paths.forgotPassword} className={buttonClasses('primary', 'lg', 'w-full')}>
          Send a new reset link
        </Link>
      </div>
    );
  }

  if (needsSecondFactor(session)) {
    return (
      <SecondFactorForm
        onVerified={() => undefined}
        onCancel={async () => {
          await signOut();
          void navigate(paths.login, { replace: true });
        }}
      />
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
      {user?.email ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <KeyRound aria-hidden="true" className="size-4" />
          <span>
            For <span className="font-medium text-foreground">{user.email}</span>
          </span>
        </p>
      ) : null}
      <NewPasswordField
        id="reset-password"
        label="New password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={password}
        onValueChange={setPassword}
      />
      <ConfirmPasswordField
        id="reset-password-confirm"
        mismatch={mismatch}
        errorId="reset-password-mismatch"
        value={confirmation}
        onValueChange={(value) => {
          setConfirmation(value);
          setMismatch(false);
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
