import { Link } from 'react-router';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { useAuthSettings } from '#client/lib/auth/auth-settings.ts';
import { paths } from '#client/lib/paths.ts';

export function LoginPage() {
  const settings = useAuthSettings();
  return (
    <AuthCard
      title="Log In"
      description="Welcome back. Pick up where your goals left off."
      footer={
        <>
          Don't have an account?{' '}
          <Link
            to={paths.signup}
            className="font-medium text-accent-foreground underline-offset-4 hover:underline"
          >
            Sign Up
          </Link>
        </>
      }
    >
      <LoginForm phoneSignIn={settings.phone} />
    </AuthCard>
  );
}
