import type { CoachDomain } from '#contracts/coach.ts';
import type { GoalStatus } from '#contracts/goals.ts';
import { cn } from '#client/lib/cn.ts';
import { domainLabels } from '../domains.ts';

export const statusLabels: Record<GoalStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  archived: 'Archived',
};

const statusStyles: Record<GoalStatus, string> = {
  active: 'bg-primary-soft text-accent-foreground',
  paused: 'bg-warning/15 text-foreground',
  completed: 'bg-primary text-primary-foreground',
  archived: 'bg-muted text-muted-foreground',
};

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';

export function StatusBadge({ status }: { status: GoalStatus }) {
  return <span className={cn(badge, statusStyles[status])}>{statusLabels[status]}</span>;
}

export function DomainBadge({ domain }: { domain: CoachDomain }) {
  return (
    <span className={cn(badge, 'border bg-background text-muted-foreground')}>
      {domainLabels[domain]}
    </span>
  );
}
