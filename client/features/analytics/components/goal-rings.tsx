import { Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Panel } from '#client/components/ui/panel.tsx';
import { ProgressRing } from '#client/components/ui/progress.tsx';
import { pathTo } from '#client/lib/paths.ts';

interface RingGoal {
  id: string;
  title: string;
  progress: number;
}

/** Goals as progress rings (the goals' own progress), each a link to its page; `empty` without any. */
export function GoalRings<G extends RingGoal>({
  title,
  goals,
  detail,
  empty,
}: {
  title: string;
  goals: readonly G[];
  /** The line under a goal's title. */
  detail: (goal: G) => string;
  empty: ReactNode;
}) {
  return (
    <Panel title={title} icon={<Target aria-hidden="true" />}>
      {goals.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {goals.map((goal) => (
            <li key={goal.id}>
              <Link
                to={pathTo.goal(goal.id)}
                className="flex items-center gap-3 rounded-xl border p-3 transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <ProgressRing value={goal.progress} label={`${goal.title} progress`} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{goal.title}</span>
                  <span className="block text-xs text-muted-foreground">{detail(goal)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
