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
      <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3>
      <div className="mt-2 space-y-3 leading-relaxed text-muted-foreground">{children}</div>
    </div>
  );
}
