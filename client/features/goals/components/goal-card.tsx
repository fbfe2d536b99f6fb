import { CalendarDays, Flag, Pin } from 'lucide-react';
import { Link } from 'react-router';
import type { Goal } from '#contracts/goals.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ProgressRing } from '#client/components/ui/progress.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatDate, formatDaysLeft } from '#contracts/local-date.ts';

import { pathTo } from '#client/lib/paths.ts';
import { DomainBadge, StatusBadge } from './goal-badges.tsx';

interface GoalCardProps {
  goal: Goal;
  today: string;
  /** Pinning controls; without them the card only shows whether the goal is pinned. */
  pin?: {
    pending: boolean;
    onToggle: () => void;
  };
}

/** One goal: progress ring, title, status, area of life, deadline and the next milestone. */
export function GoalCard({ goal, today, pin }: GoalCardProps) {
  const open = goal.status === 'active' || goal.status === 'paused';
  const pinLabel = goal.pinned
    ? `Unpin “${goal.title}” from your top three`
    : `Pin “${goal.title}” to your top three`;
  return (
    <article
      className={cn(
        'relative flex gap-4 rounded-2xl border bg-card p-4 shadow-sm transition hover:border-primary/40 sm:p-5',
        goal.pinned && 'border-primary/40 ring-1 ring-primary/20',
      )}
    >
      <ProgressRing value={goal.progress} label={`${goal.title} progress`} size={60} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          {goal.status !== 'active' && <StatusBadge status={goal.status} />}
          <DomainBadge domain={goal.domain} />
          {goal.pinned && !pin && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-accent-foreground">
              <Pin aria-hidden="true" className="size-3" />
              Top three
            </span>
          )}
        </div>
        <h3 className="mt-1.5 leading-snug font-semibold">
          <Link
            to={pathTo.goal(goal.id)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {goal.title}
          </Link>
        </h3>
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            {formatDate(goal.deadline, today)}
          </span>
          {open && (
            <span className={cn(goal.deadline < today && 'font-medium text-danger')}>
              {formatDaysLeft(goal.deadline, today)}
            </span>
          )}
        </p>
        {open && goal.nextMilestone && (
          <p className="mt-1 flex items-start gap-1 text-sm text-muted-foreground">
            <Flag aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span className="min-w-0">
              Next: {goal.nextMilestone.title}{' '}
              <span className="whitespace-nowrap">
                ({formatDate(goal.nextMilestone.dueDate, today)})
              </span>
            </span>
          </p>
        )}
      </div>
      {pin && (
        <Button
          variant={goal.pinned ? 'secondary' : 'ghost'}
          size="icon"
          className="relative z-10 -mt-1 -mr-1 shrink-0"
          aria-pressed={goal.pinned}
          aria-label={pinLabel}
          title={pinLabel}
          disabled={pin.pending}
          onClick={pin.onToggle}
        >
          <Pin aria-hidden="true" className={cn('size-4', goal.pinned && 'fill-current')} />
        </Button>
      )}
    </article>
  );
}

export function GoalCardSkeleton() {
  return (
    <div className="flex gap-4 rounded-2xl border bg-card p-4 sm:p-5">
      <div
        aria-hidden="true"
        className="size-[60px] shrink-0 animate-pulse rounded-full bg-muted"
      />
      <div className="flex-1 space-y-2.5" aria-hidden="true">
        <div className="h-4 w-20 animate-pulse rounded bg-muted" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
