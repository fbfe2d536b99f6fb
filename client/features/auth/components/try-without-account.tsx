import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';
import { paths } from '#client/lib/paths.ts';

/**
 * "Try it without an account" (ADR 021, shown only when the server allows anonymous sign-ins):
 * an anonymous session, then onboarding like a new account. Saving the account later, in
 * Settings, keeps everything made meanwhile.
 */
export function TryWithoutAccount() {
  const { auth, user } = useAuth();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  // Someone already signed in has nothing to try.
  if (user) return null;

  const start = async () => {
    setStarting(true);
    try {
      const { data, error } = await auth.signInAnonymously();
      if (error) throw error;
      if (!data.session) throw new Error('Failed to establish session');
      toast.success('Welcome to Trellis', {
        description: 'Save your account in Settings whenever you like: your goals come with you.',
      });
      void navigate(paths.onboarding, { replace: true });
    } catch (error: unknown) {
      toast.error('Error', {
        description: errorMessage(error) ?? 'Could not start. Please try again.',
      });
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="mt-6 border-t border-border pt-6 text-center">
      <p className="text-sm text-muted-foreground">Not ready to give your email?</p>
      <Button
        variant="outline"
        className="mt-3 w-full"
        disabled={starting}
        onClick={() => void start()}
      >
        {starting ? 'Starting...' : 'Try it without an account'}
      </Button>
    </div>
  );
}
