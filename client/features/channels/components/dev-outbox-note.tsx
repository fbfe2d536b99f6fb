import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { getRole } from '#client/lib/auth/roles.ts';
import { paths } from '#client/lib/paths.ts';

const what = { email: 'emails', sms: 'text messages', push: 'push notifications' } as const;

/**
 * Said under a channel whose provider this server has no settings for. An admin learns where the
 * messages went (the dev outbox); everyone else, that they are not sent and who can change that.
 */
export function DevOutboxNote({ channel }: { channel: keyof typeof what }) {
  const { user } = useAuth();
  const admin = getRole(user) === 'admin';
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <FlaskConical aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {admin ? (
        <span>
          No provider is configured on this server: {what[channel]} go to the{' '}
          <Link
            to={paths.admin}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            dev outbox
          </Link>
          .
        </span>
      ) : (
        <span>
          This server cannot send {what[channel]} yet: ask the person who runs it to set them up.
        </span>
      )}
    </p>
  );
}
