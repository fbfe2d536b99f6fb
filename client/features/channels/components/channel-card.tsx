import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { ChannelSwitch } from './channel-switch.tsx';

/** One channel: icon, name, a line of state, the on/off switch, and what it needs below. */
export function ChannelCard({
  id,
  icon,
  title,
  status,
  enabled,
  canEnable,
  onToggle,
  switchLabel,
  headingLevel: Heading = 'h3',
  children,
}: {
  id: string;
  headingLevel?: 'h3' | 'h4';
  icon: ReactNode;
  title: string;
  status: ReactNode;
  enabled: boolean;
  /** False while the channel lacks what it needs (a verified number, a device). */
  canEnable: boolean;
  onToggle: (enabled: boolean) => void;
  switchLabel: string;
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const statusId = `${id}-status`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground [&_svg]:size-4.5">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="font-semibold">
            {title}
          </Heading>
          <div id={statusId} className="text-sm text-muted-foreground">
            {status}
          </div>
        </div>
        <ChannelSwitch
          checked={enabled}
          onChange={onToggle}
          label={switchLabel}
          describedBy={statusId}
          disabled={!enabled && !canEnable}
        />
      </div>
      {children ? <div className="mt-4 space-y-4">{children}</div> : null}
    </section>
  );
}

/** A short note under a channel: the dev outbox, an unsubscribe, a blocked permission. */
export function ChannelNote({
  tone = 'muted',
  icon,
  children,
}: {
  tone?: 'muted' | 'warning';
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg p-3 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
        tone === 'warning' ? 'bg-warning/10 text-foreground' : 'bg-muted text-muted-foreground',
      )}
    >
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** The inline message of a failed call, read out when it appears. */
export function InlineError({ id, message }: { id?: string; message: string | null }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger empty:hidden">
      {message ?? ''}
    </p>
  );
}

export const formatDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
