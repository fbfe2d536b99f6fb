import type { EmailOtpType } from '@supabase/supabase-js';
import { CircleCheck, MailQuestion, MailWarning } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';
import { linkOnce } from '#client/lib/auth/link-once.ts';
import { paths } from '#client/lib/paths.ts';
import { readAuthRedirect, type AuthRedirect } from '../auth-redirect.ts';
import { ResendConfirmationForm } from './resend-confirmation-form.tsx';

type Stage =
  | { kind: 'checking' }
  | { kind: 'confirmed' }
  | { kind: 'note'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'missing' };

const EMAIL_OTP_TYPES: readonly string[] = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] satisfies EmailOtpType[];

function isEmailOtpType(value: string | null): value is EmailOtpType {
  return value !== null && EMAIL_OTP_TYPES.includes(value);
}

function firstStage(link: AuthRedirect): Stage {
  if (link.error) return { kind: 'failed', message: link.error };
  if (link.code || (link.tokenHash && isEmailOtpType(link.type))) return { kind: 'checking' };
  if (link.message) return { kind: 'note', message: link.message };
  if (link.hasTokens) return { kind: 'confirmed' };
  return { kind: 'missing' };
}

/**
 * Where the email-confirmation link lands. The auth server has already checked the link when it
 * redirects here with `?code=`; a `token_hash` link is checked from this page.
 */
export function ConfirmEmail() {
  const { auth, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readAuthRedirect(location.search, location.hash));
  const [stage, setStage] = useState<Stage>(() => firstStage(link));
  const signedIn = user !== null;

  useEffect(() => {
    let active = true;
    const settle = (next: Stage) => {
      if (!active) return;
      setStage(next);
      // Codes and tokens are single-use secrets: keep them out of the history and of a reload.
      if (location.search || location.hash) void navigate(paths.authConfirm, { replace: true });
    };
    const run = async () => {
      const { code, tokenHash, type } = link;
      if (link.error) return;
      if (code) {
        // The address is confirmed either way; the exchange only signs in the browser that
        // started the sign-up, and a signed-in one just picks up the confirmed user.
        if (signedIn) await linkOnce(`refresh:${code}`, () => auth.refreshSession());
        else await linkOnce(`code:${code}`, () => auth.exchangeCodeForSession(code));
        settle({ kind: 'confirmed' });
      } else if (tokenHash && isEmailOtpType(type)) {
        const { error } = await linkOnce(`token:${tokenHash}`, () =>
          auth.verifyOtp({ token_hash: tokenHash, type }),
        );
        settle(
          error
            ? {
                kind: 'failed',
                message: errorMessage(error) ?? 'Email link is invalid or has expired',
              }
            : { kind: 'confirmed' },
        );
      } else if (link.hasTokens) {
        settle({ kind: 'confirmed' });
      }
    };
    void run();
    return () => {
      active = false;
    };
    // Runs once for the link the page was opened with; later sign-in changes must not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth, link]);

  switch (stage.kind) {
    case 'checking':
      return (
        <AuthCard title="Confirming your email">
          <div
            role="status"
            className="flex flex-col items-center gap-3 py-4 text-muted-foreground"
          >
            <Spinner />
            <p className="text-sm">Checking your confirmation link...</p>
          </div>
        </AuthCard>
      );
    case 'confirmed':
      return (
        <AuthCard title="Email confirmed">
          <Outcome icon={<CircleCheck aria-hidden="true" className="size-6" />} tone="success">
            Thank you: your email address is confirmed.
          </Outcome>
          <Link
            to={signedIn ? paths.dashboard : paths.login}
            className={buttonClasses('primary', 'lg', 'mt-6 w-full')}
          >
            {signedIn ? 'Go to your dashboard' : 'Log In'}
          </Link>
        </AuthCard>
      );
    case 'note':
      return (
        <AuthCard title="Almost there">
          <Outcome icon={<MailQuestion aria-hidden="true" className="size-6" />} tone="info">
            {stage.message}
          </Outcome>
        </AuthCard>
      );
    case 'failed':
      return (
        <AuthCard
          title="We couldn't confirm your email"
          description="Confirmation links work once and for a short time. Ask for a new one below."
        >
          <p
            role="alert"
            className="mb-6 rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm"
          >
            {stage.message}
          </p>
          <ResendConfirmationForm />
        </AuthCard>
      );
    case 'missing':
      return (
        <AuthCard
          title="Confirm your email"
          description="Open the link in the email we sent when you signed up. Can't find it? We can send a new one."
        >
          <Outcome icon={<MailWarning aria-hidden="true" className="size-6" />} tone="info">
            This page needs the link from your confirmation email.
          </Outcome>
          <div className="mt-6">
            <ResendConfirmationForm />
          </div>
        </AuthCard>
      );
  }
}

function Outcome({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-center">
      <span
        className={
          tone === 'success'
            ? 'flex size-12 items-center justify-center rounded-full bg-primary-soft text-accent-foreground'
            : 'flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground'
        }
      >
        {icon}
      </span>
      <p>{children}</p>
    </div>
  );
}
