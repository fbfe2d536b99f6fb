import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { EmailField, NewPasswordField } from '#client/components/ui/form-field.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorCode, errorMessage } from '#client/lib/auth/errors.ts';
import { passwordMinLength } from '#client/lib/password-policy.ts';
import { paths } from '#client/lib/paths.ts';
import { formText, useTakeOverPrerenderedForm } from '#client/lib/prerendered-form.ts';

/** How long sign-up waits after signing out a current user, so the old session is fully gone. */
export const SIGN_OUT_SETTLE_MS = 300;

const SIGNED_IN_WARNING_ID = 'signup-signs-you-out';

/** What the toast says when the address already has an account (the server's user_already_exists). */
export const ALREADY_REGISTERED_MESSAGE =
  'An account with this email already exists. Log in instead, or reset your password if you have forgotten it.';

/** Email and password sign-up (spec §2, §4, §5, §8); a signed-in user is signed out first. */
export function SignupForm() {
  const { auth, user, signOut } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Once this form creates an account, the new user is signed in: that is no reason to warn.
  const [creating, setCreating] = useState(false);
  const signedInEmail = user?.email;
  const signedIn = user !== null && !creating;
  const formRef = useRef<HTMLFormElement>(null);
  useTakeOverPrerenderedForm(formRef, (typed) => {
    setEmail(typed.get('email') ?? '');
    setPassword(typed.get('password') ?? '');
  });

  useEffect(() => {
    if (!signedIn) return;
    toast.warning('You are already logged in', {
      id: SIGNED_IN_WARNING_ID,
      description: 'Creating a new account will sign you out of your current one.',
    });
  }, [signedIn]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the form holds, not the state: a submit held from before hydration is sent again
    // before the state has caught up with what was typed.
    const fields = new FormData(event.currentTarget);
    const email = formText(fields, 'email');
    const password = formText(fields, 'password');
    if (!email.trim() || !password) {
      toast.error('Error', { description: 'Please fill in all fields' });
      return;
    }
    setSubmitting(true);
    setCreating(true);
    try {
      if (user) {
        await signOut();
        await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_SETTLE_MS));
      }
      const { error } = await auth.signUp({
        email: email.trim(),
        password,
        options: { emailRedirectTo: `${window.location.origin}${paths.authConfirm}` },
      });
      if (error) throw error;
      toast.success('Account created', {
        description: 'Please check your email to verify your account.',
      });
      void navigate(paths.onboarding, { replace: true });
    } catch (error: unknown) {
      setCreating(false);
      if (errorCode(error) === 'user_already_exists') {
        toast.error('Error creating account', {
          description: ALREADY_REGISTERED_MESSAGE,
          action: { label: 'Log in', onClick: () => void navigate(paths.login) },
        });
        return;
      }
      toast.error('Error creating account', {
        description: errorMessage(error) ?? 'An error occurred during signup',
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
    >
      {signedIn ? (
        <div className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          <p>
            You're logged in{signedInEmail ? ` as ${signedInEmail}` : ''}. Creating an account signs
            you out first.
          </p>
        </div>
      ) : null}
      <EmailField id="signup-email" label="Email" value={email} onValueChange={setEmail} />
      <NewPasswordField
        id="signup-password"
        label="Password"
        description={`At least ${passwordMinLength()} characters.`}
        value={password}
        onValueChange={setPassword}
      />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
