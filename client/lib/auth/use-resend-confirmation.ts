import { useState } from 'react';
import { toast } from 'sonner';
import { paths } from '#client/lib/paths.ts';
import { useAuth } from './auth-provider.tsx';
import { errorMessage } from './errors.ts';

/** Re-sends the sign-up confirmation link; resolves to whether the request went through. */
export function useResendConfirmation() {
  const { auth } = useAuth();
  const [sending, setSending] = useState(false);

  const resend = async (email: string): Promise<boolean> => {
    setSending(true);
    try {
      const { error } = await auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: `${window.location.origin}${paths.authConfirm}` },
      });
      if (error) throw error;
      return true;
    } catch (error: unknown) {
      toast.error('Error', {
        description: errorMessage(error) ?? 'Could not send the email. Please try again.',
      });
      return false;
    } finally {
      setSending(false);
    }
  };

  return { resend, sending };
}
