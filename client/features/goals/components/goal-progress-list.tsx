import { Pin } from 'lucide-react';
import { Link } from 'react-router';
import type { Goal } from '#contracts/goals.ts';
import { ProgressBar } from '#client/components/ui/progress.tsx';
import { formatDaysLeft } from '#contracts/local-date.ts';

import { pathTo } from '#client/lib/paths.ts';

/** Goals as compact rows: title, a progress bar and the time left, for a glance. */
export function GoalProgressList({ goals, today }: { goals: Goal[]; today: string }) {
  return (
    <ul className="space-y-4">
      {goals.map((goal) => (
        <li key={goal.id}>
          <div className="flex items-baseline justify-between gap-3">
            <Link
              to={pathTo.goal(goal.id)}
              className="flex min-w-0 items-center gap-1.5 font-medium underline-offset-4 hover:underline"
            >
              {goal.pinned && (
                <>
                  <Pin aria-hidden="true" className="size-3.5 shrink-0 fill-current text-primary" />
                  <span className="sr-only">Top three goal: </span>
                </>
              )}
              <span className="truncate">{goal.title}</span>
            </Link>
            <span className="shrink-0 text-sm font-semibold tabular-nums">{goal.progress}%</span>
          </div>
          <ProgressBar value={goal.progress} label={`${goal.title} progress`} className="mt-2" />
          <p className="mt-1 text-xs text-muted-foreground">
            {formatDaysLeft(goal.deadline, today)}
            {goal.nextMilestone ? ` · Next: ${goal.nextMilestone.title}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
