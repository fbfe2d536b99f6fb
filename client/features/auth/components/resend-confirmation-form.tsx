import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { EmailField } from '#client/components/ui/form-field.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { useResendConfirmation } from '#client/lib/auth/use-resend-confirmation.ts';

/** Sends a fresh confirmation link to an address typed in (prefilled with the signed-in one). */
export function ResendConfirmationForm() {
  const { user } = useAuth();
  const [email, setEmail] = useState(user?.email ?? '');
  const { resend, sending } = useResendConfirmation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await resend(email.trim())) {
      toast.success('Confirmation email sent', {
        description: `If ${email.trim()} is waiting for confirmation, a new link is on its way.`,
      });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4 text-left">
      <EmailField id="resend-email" label="Email" value={email} onValueChange={setEmail} />
      <Button type="submit" className="w-full" disabled={sending}>
        {sending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </form>
  );
}
