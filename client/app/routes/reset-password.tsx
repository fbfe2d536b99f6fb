import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';

export function ResetPasswordPage() {
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm />
    </AuthCard>
  );
}
