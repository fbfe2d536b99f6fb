import type { User } from '@supabase/supabase-js';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { EmailField, FormField } from '#client/components/ui/form-field.tsx';
import { needsSecondFactor } from '#client/lib/auth/assurance.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';
import { CODE_STEP, NEXT_PARAM, STEP_PARAM, safeNextPath } from '#client/lib/auth/redirects.ts';
import { getRole, homeForRole } from '#client/lib/auth/roles.ts';
import { paths } from '#client/lib/paths.ts';
import { PhoneSignInForm } from './phone-sign-in-form.tsx';
import { formText, useTakeOverPrerenderedForm } from '#client/lib/prerendered-form.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

/**
 * Email and password sign-in (spec §2, §4, §8). A requested page (`?next=`) wins over the role's
 * home; an account with an authenticator app is asked for its code before going anywhere. With
 * `phoneSignIn` (the server texts codes, ADR 021) the person may sign in by phone instead.
 */
export function LoginForm({ phoneSignIn = false }: { phoneSignIn?: boolean } = {}) {
  const { auth, session, signOut } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [steppingUp, setSteppingUp] = useState(false);
  const [byPhone, setByPhone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useTakeOverPrerenderedForm(formRef, (typed) => {
    setEmail(typed.get('email') ?? '');
    setPassword(typed.get('password') ?? '');
  });

  const finish = (user: User) => {
    toast.success('Welcome back!', { description: "You've successfully logged in." });
    void navigate(next ?? homeForRole(getRole(user)), { replace: true });
  };

  /** After a first factor: the authenticator code when the account has one, else onwards. */
  const afterFirstFactor = async (user: User) => {
    const { data: assurance, error: assuranceError } =
      await auth.mfa.getAuthenticatorAssuranceLevel();
    if (assuranceError) throw assuranceError;
    if (assurance.nextLevel === 'aal2' && assurance.currentLevel !== 'aal2') {
      setSteppingUp(true);
      return;
    }
    finish(user);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the form holds, not the state: a submit held from before hydration is sent again
    // before the state has caught up with what was typed.
    const fields = new FormData(event.currentTarget);
    const typedEmail = formText(fields, 'email');
    const typedPassword = formText(fields, 'password');
    setSubmitting(true);
    try {
      const { data, error } = await auth.signInWithPassword({
        email: typedEmail.trim(),
        password: typedPassword,
      });
      if (error) throw error;
      if (!data.session) throw new Error('Failed to establish session');
      await afterFirstFactor(data.user);
    } catch (error: unknown) {
      toast.error('Error', {
        description: errorMessage(error) ?? 'Failed to log in. Please try again.',
      });
      await signOut();
    } finally {
      setSubmitting(false);
    }
  };

  // Also reached from a guarded page when this session still lacks its second factor, or when
  // the product API said so (`step=code`) though this tab's copy of the user did not know yet.
  const codeRequested = session !== null && searchParams.get(STEP_PARAM) === CODE_STEP;
  if (steppingUp || codeRequested || needsSecondFactor(session)) {
    return (
      <SecondFactorForm
        onVerified={finish}
        onCancel={async () => {
          setSteppingUp(false);
          await signOut();
        }}
      />
    );
  }

  if (phoneSignIn && byPhone) {
    return (
      <PhoneSignInForm
        onSignedIn={(user) =>
          void afterFirstFactor(user).catch(async (error: unknown) => {
            toast.error('Error', {
              description: errorMessage(error) ?? 'Failed to log in. Please try again.',
            });
            await signOut();
          })
        }
        onUseEmail={() => setByPhone(false)}
      />
    );
  }

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
    >
      <EmailField id="login-email" label="Email" value={email} onValueChange={setEmail} />
      <FormField
        id="login-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      >
        <p className="text-right">
          <Link
            to={paths.forgotPassword}
            className="rounded text-sm font-medium text-accent-foreground underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Logging in...' : 'Log In'}
      </Button>
      {phoneSignIn ? (
        <p className="text-center">
          <Button variant="ghost" size="sm" onClick={() => setByPhone(true)}>
            Use a phone number instead
          </Button>
        </p>
      ) : null}
    </form>
  );
}
