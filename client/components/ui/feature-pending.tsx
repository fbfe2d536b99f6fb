import { Sprout } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * An honest state for a screen whose feature is still being built: it names what will live
 * here instead of pretending with sample data.
 */
export function FeaturePending({
  title,
  lead,
  children,
}: {
  title: string;
  /** What the screen already shows, above the note (a card of a feature that exists). */
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {lead && <div className="mt-6">{lead}</div>}
      <div className="mt-6 rounded-2xl border border-dashed bg-card p-6 sm:p-8">
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
            <Sprout aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-medium">This part of Trellis is being built.</p>
            <div className="mt-1 text-muted-foreground">{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
