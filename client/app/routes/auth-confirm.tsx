import { ConfirmEmail } from '#client/features/auth/components/confirm-email.tsx';

export function AuthConfirmPage() {
  return <ConfirmEmail />;
}
