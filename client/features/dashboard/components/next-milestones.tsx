import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '#contracts/dashboard.ts';
import { cn } from '#client/lib/cn.ts';
import { formatDaysLeft, formatRelativeDate } from '#contracts/local-date.ts';

import { pathTo } from '#client/lib/paths.ts';

/** The milestones coming up next across active goals, soonest first. */
export function NextMilestones({
  milestones,
  localDate,
}: {
  milestones: Dashboard['nextMilestones'];
  localDate: string;
}) {
  if (milestones.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No milestones ahead. Break a goal down to set some.
      </p>
    );
  }
  return (
    <ol className="space-y-3">
      {milestones.map((milestone) => {
        const late = milestone.dueDate < localDate;
        return (
          <li key={milestone.id} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
              <Flag aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="leading-snug font-medium">{milestone.title}</p>
              <p className="text-xs text-muted-foreground">
                <Link
                  to={pathTo.goal(milestone.goalId)}
                  className="underline-offset-4 hover:text-foreground hover:underline"
                >
                  {milestone.goalTitle}
                </Link>
                {' · '}
                <span className={cn(late && 'font-medium text-danger')}>
                  {formatRelativeDate(milestone.dueDate, localDate)} (
                  {formatDaysLeft(milestone.dueDate, localDate).toLowerCase()})
                </span>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
