import type { ReactNode } from 'react';

/** One headline figure: what it is, the number, and how it was counted. */
export function StatTile({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  icon: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex min-w-0 gap-3 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}
