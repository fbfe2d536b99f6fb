import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}

/** One capability: an icon, an h3 and a short explanation. Sits under a section's h2. */
export function FeatureCard({ icon: Icon, title, children }: FeatureCardProps) {
  return (
    <div className="flex h-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
      {/* Side by side on a phone, where a stacked icon would only add height; stacked in a grid. */}
      <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
      </div>
      <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground sm:mt-2">{children}</div>
    </div>
  );
}
