import { FlaskConical } from 'lucide-react';

/** Said under a channel whose provider this server has no settings for. */
export function DevOutboxNote() {
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <FlaskConical aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        Not configured on this server: messages go to the dev outbox (admins can read it).
      </span>
    </p>
  );
}
