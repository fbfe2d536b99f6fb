import { Link } from 'react-router';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { SignupForm } from '#client/features/auth/components/signup-form.tsx';
import { TryWithoutAccount } from '#client/features/auth/components/try-without-account.tsx';
import { useAuthSettings } from '#client/lib/auth/auth-settings.ts';
import { paths } from '#client/lib/paths.ts';

export function SignupPage() {
  const settings = useAuthSettings();
  return (
    <AuthCard
      title="Create your account"
      description="Declare a goal and get today's top three tasks, with a coach in your corner."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.login}
            className="font-medium text-accent-foreground underline-offset-4 hover:underline"
          >
            Log In
          </Link>
        </>
      }
    >
      <SignupForm />
      {settings.anonymous ? <TryWithoutAccount /> : null}
    </AuthCard>
  );
}
