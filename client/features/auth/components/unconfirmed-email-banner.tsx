import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { useResendConfirmation } from '#client/lib/auth/use-resend-confirmation.ts';

/**
 * A slim notice in the signed-in area while the account's email address is unconfirmed. A named
 * region, so that it sits in a landmark like the rest of the page.
 */
export function UnconfirmedEmailBanner() {
  const { user } = useAuth();
  const { resend, sending } = useResendConfirmation();
  const [sent, setSent] = useState(false);
  const email = user?.email;
  if (!email || user.email_confirmed_at) return null;

  return (
    <section
      aria-label="Email confirmation"
      className="border-b bg-primary-soft text-accent-foreground"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm sm:px-6">
        <MailWarning aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          Please confirm your email address: we sent a link to{' '}
          <span className="font-medium break-all">{email}</span>.
        </p>
        {sent ? null : (
          <button
            type="button"
            disabled={sending}
            onClick={() => void resend(email).then(setSent)}
            className="rounded font-medium underline underline-offset-4 hover:no-underline disabled:opacity-60"
          >
            {sending ? 'Sending...' : 'Resend email'}
          </button>
        )}
        <p role="status" className="font-medium empty:hidden">
          {sent ? 'A new link is on its way.' : ''}
        </p>
      </div>
    </section>
  );
}
