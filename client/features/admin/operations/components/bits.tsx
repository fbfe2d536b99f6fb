import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

// Small pieces the operations panels share.

/** A figure with its label. */
export function Stat({
  label,
  value,
  hint,
  tone = 'plain',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'plain' | 'good' | 'warn' | 'bad';
}) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 sm:p-4">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-lg font-semibold break-words',
          tone === 'good' && 'text-primary',
          tone === 'bad' && 'text-[var(--error-text)]',
        )}
      >
        {value}
      </dd>
      {hint ? <dd className="mt-0.5 text-sm text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** A short state word in a pill: configured, pending, late… */
export function Badge({
  tone,
  children,
}: {
  tone: 'good' | 'warn' | 'bad' | 'neutral';
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone === 'good' && 'bg-primary-soft text-accent-foreground',
        tone === 'warn' && 'bg-warning/20 text-foreground',
        tone === 'bad' && 'bg-danger/15 text-[var(--error-text)]',
        tone === 'neutral' && 'bg-muted text-foreground',
      )}
    >
      {children}
    </span>
  );
}

/** The skeleton a panel shows while it loads. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-20 rounded-xl" />
      </div>
      <Skeleton className="h-40 rounded-xl" />
    </div>
  );
}

export const formatDateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const formatNumber = new Intl.NumberFormat();

export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** A table that scrolls sideways inside its card on a narrow screen. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}

export const th = 'px-3 py-2 text-left text-xs font-medium text-muted-foreground whitespace-nowrap';
export const td = 'px-3 py-2 text-sm whitespace-nowrap';
