import { Link } from 'react-router';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';
import { paths } from '#client/lib/paths.ts';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you log in with and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link
            to={paths.login}
            className="font-medium text-accent-foreground underline-offset-4 hover:underline"
          >
            Back to Log In
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
