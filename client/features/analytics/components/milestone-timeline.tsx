import { CheckCircle2, Circle, Flag, TriangleAlert } from 'lucide-react';
import type { TimelineMilestone } from '#contracts/domain-metrics.ts';
import { Panel } from '#client/components/ui/panel.tsx';
import { cn } from '#client/lib/cn.ts';
import { shortDate } from '../format.ts';

const states = {
  done: {
    icon: CheckCircle2,
    tone: 'text-primary',
    text: (m: TimelineMilestone) => `Done ${shortDate(m.doneOn ?? m.dueDate)}`,
  },
  overdue: { icon: TriangleAlert, tone: 'text-danger', text: () => 'Overdue' },
  upcoming: { icon: Circle, tone: 'text-muted-foreground', text: () => 'Upcoming' },
} as const;

/** The domain's milestones by due date, each marked done (on its day), overdue or upcoming. */
export function MilestoneTimeline({ milestones }: { milestones: readonly TimelineMilestone[] }) {
  const done = milestones.filter((m) => m.state === 'done').length;
  return (
    <Panel
      title="Milestones"
      description={
        milestones.length === 0 ? undefined : `${done} of ${milestones.length} done, by due date`
      }
      icon={<Flag aria-hidden="true" />}
    >
      {milestones.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No milestones yet. Open a goal and choose “Plan more” to break it into milestones; they
          line up here by due date.
        </p>
      ) : (
        <ol className="relative space-y-4 border-l pl-5">
          {milestones.map((m) => {
            const state = states[m.state];
            const Icon = state.icon;
            return (
              <li key={m.id} className="relative">
                <Icon
                  aria-hidden="true"
                  className={cn('absolute top-0.5 -left-[1.85rem] size-4 bg-card', state.tone)}
                />
                <p className="text-xs text-muted-foreground">
                  Due <time dateTime={m.dueDate}>{shortDate(m.dueDate)}</time> ·{' '}
                  <span className={cn('font-medium', state.tone)}>{state.text(m)}</span>
                </p>
                <p className="font-medium">{m.title}</p>
                <p className="text-sm text-muted-foreground">{m.goalTitle}</p>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
