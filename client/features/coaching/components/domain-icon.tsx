import { Briefcase, HeartPulse, Sprout, Users } from 'lucide-react';
import type { CoachDomain } from '#contracts/coach.ts';
import { cn } from '#client/lib/cn.ts';

const icons = {
  health: HeartPulse,
  career: Briefcase,
  relationships: Users,
  personal_development: Sprout,
} as const satisfies Record<CoachDomain, unknown>;

/** A domain's mark in a soft circle; decorative, the domain's name is always written beside it. */
export function DomainIcon({ domain, className }: { domain: CoachDomain; className?: string }) {
  const Icon = icons[domain];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
