import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { getRole } from '#client/lib/auth/roles.ts';
import { useResendConfirmation } from '#client/lib/auth/use-resend-confirmation.ts';
import { paths } from '#client/lib/paths.ts';
import {
  confirmEmailAdvice,
  type DeliveryBlocker,
  type DeliveryFix,
} from '../delivery-blockers.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The unconfirmed address: send the link again, or say why it cannot arrive and what to do. */
function ConfirmEmailFix({ fix }: { fix: Extract<DeliveryFix, { kind: 'confirm_email' }> }) {
  const { user } = useAuth();
  const { resend, sending } = useResendConfirmation();
  const advice = confirmEmailAdvice(fix, { admin: getRole(user) === 'admin' });

  const send = async () => {
    if (await resend(fix.address)) {
      toast.success('Confirmation email sent', {
        description: `Open the link we sent to ${fix.address}.`,
      });
    }
  };

  return (
    <>
      {advice.text}{' '}
      {advice.canResend ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 align-baseline"
          disabled={sending}
          onClick={() => void send()}
        >
          {sending ? 'Sending…' : 'Resend the confirmation email'}
        </Button>
      ) : advice.link === 'outbox' ? (
        <Link to={paths.admin} className={linkClass}>
          Open the dev outbox
        </Link>
      ) : advice.link === 'settings' ? (
        <Link to={paths.notificationSettings} className={linkClass}>
          Channel settings
        </Link>
      ) : null}
    </>
  );
}

function Fix({ fix }: { fix: DeliveryFix }) {
  switch (fix.kind) {
    case 'confirm_email':
      return <ConfirmEmailFix fix={fix} />;
    case 'settings':
      return (
        <Link to={paths.notificationSettings} className={linkClass}>
          {fix.label}
        </Link>
      );
    case 'schedule':
      return (
        <Link to={paths.schedule} className={linkClass}>
          {fix.label}
        </Link>
      );
  }
}

/** One blocker: what stops delivery, then its fix. */
export function DeliveryBlockerText({ blocker }: { blocker: DeliveryBlocker }) {
  return (
    <>
      {blocker.text} <Fix fix={blocker.fix} />
    </>
  );
}

/** Each reason the top three does not reach the person yet, with its fix beside it. */
export function DeliveryBlockerList({ blockers }: { blockers: DeliveryBlocker[] }) {
  return (
    <ul className="space-y-1.5">
      {blockers.map((blocker) => (
        <li key={blocker.key}>
          <DeliveryBlockerText blocker={blocker} />
        </li>
      ))}
    </ul>
  );
}
