import { KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmPasswordField, NewPasswordField } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { needsSecondFactor } from '#client/lib/auth/assurance.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';
import { linkOnce } from '#client/lib/auth/link-once.ts';
import { getRole, homeForRole } from '#client/lib/auth/roles.ts';
import { passwordMinLength } from '#client/lib/password-policy.ts';
import { paths } from '#client/lib/paths.ts';
import { readAuthRedirect, type AuthRedirect } from '../auth-redirect.ts';
import { RecoveryCodeForm } from './recovery-code-form.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';

type Stage =
  | { kind: 'checking' }
  | { kind: 'ready' }
  /** Waiting for the emailed code, after a link that did not work when `problem` is set. */
  | { kind: 'code'; problem: string | null };

const EXPIRED =
  'This reset link is invalid or has expired. Enter the code from the email, or ask for a new one.';

function firstStage(link: AuthRedirect, signedIn: boolean): Stage {
  if (link.error) return { kind: 'code', problem: link.error };
  if (link.code || (link.tokenHash && link.type === 'recovery')) return { kind: 'checking' };
  if (signedIn) return { kind: 'ready' };
  return { kind: 'code', problem: null };
}

/**
 * The landing page of a password-reset email. Its link carries a token hash that this page
 * redeems (it works in any browser); a `?code=` from the auth server's verify link is exchanged
 * in the browser that asked. Without a link, it takes the six-digit code from the email. Then it
 * asks for the new password.
 */
export function ResetPasswordForm() {
  const { auth, user, session, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readAuthRedirect(location.search, location.hash));
  const [stage, setStage] = useState<Stage>(() => firstStage(link, user !== null));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const { code, tokenHash } = link;
    if (link.error) return;
    let redeem: (() => Promise<{ error: unknown }>) | null = null;
    if (code) {
      redeem = () => linkOnce(`code:${code}`, () => auth.exchangeCodeForSession(code));
    } else if (tokenHash && link.type === 'recovery') {
      redeem = () =>
        linkOnce(`token:${tokenHash}`, () =>
          auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' }),
        );
    }
    if (!redeem) return;
    let active = true;
    void redeem().then(({ error }) => {
      if (!active) return;
      setStage(error ? { kind: 'code', problem: EXPIRED } : { kind: 'ready' });
      // The link is spent: keep it out of the history and of a reload.
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

  if (stage.kind === 'code') {
    return (
      <RecoveryCodeForm
        problem={stage.problem}
        initialEmail={emailFromState(location.state)}
        onVerified={() => setStage({ kind: 'ready' })}
      />
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
        description={`At least ${passwordMinLength()} characters.`}
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

/** The address the forgot-password page hands over in the navigation state, if any. */
function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    if (typeof state.email === 'string') return state.email;
  }
  return '';
}
