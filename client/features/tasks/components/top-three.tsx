import { PartyPopper, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { Today } from '#contracts/today.ts';
import { EmptyState } from '#client/components/ui/states.tsx';
import { useSwapTopThree } from '../api.ts';
import { TaskItem } from './task-item.tsx';

interface TopThreeProps {
  today: Today;
  /** What to offer when there is nothing to pick from (a link to add a goal or a task). */
  emptyAction?: ReactNode;
  compact?: boolean;
}

function doneMessage(count: number): string {
  if (count === 1) return 'Today’s task is done. That counts toward your streak.';
  if (count === 2) return 'Both done. That counts toward your streak.';
  return 'All three done. That counts toward your streak.';
}

/** Today's three, numbered, each with its reason; a way to swap one; a cheer when all are done. */
export function TopThree({ today, emptyAction, compact = false }: TopThreeProps) {
  const swap = useSwapTopThree();
  const picks = today.topThree;
  // Done means done: a skipped pick does not make the day (nor does the streak count it).
  const allDone = picks.length > 0 && picks.every((pick) => pick.task.status === 'done');

  if (picks.length === 0) {
    return (
      <EmptyState
        icon={<Sun aria-hidden="true" />}
        title="Nothing picked for today yet"
        action={emptyAction}
      >
        Your top three come from your goals’ tasks and your own. Add some, and the best three for
        the day show here with the reason for each.
      </EmptyState>
    );
  }

  const swapOut = (taskId: string) =>
    swap.mutate(taskId, {
      onSuccess: (result) =>
        result.swap.addedTaskId
          ? toast.success('Swapped', { description: result.swap.reason })
          : toast.info('Nothing to swap in', { description: result.swap.reason }),
      onError: (error) => toast.error('The swap did not happen', { description: error.message }),
    });

  return (
    <div className="space-y-3">
      {allDone && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-primary-soft px-4 py-3 text-sm font-medium text-accent-foreground"
        >
          <PartyPopper aria-hidden="true" className="size-5 shrink-0" />
          {doneMessage(picks.length)}
        </p>
      )}
      <ol className="space-y-3">
        {picks.map((pick, index) => (
          <li key={pick.task.id} className="flex items-start gap-2.5">
            <span
              aria-hidden="true"
              className="mt-4 w-5 shrink-0 text-center text-sm font-semibold text-muted-foreground tabular-nums"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <TaskItem
                task={pick.task}
                localDate={today.localDate}
                pick={{ rank: index + 1, reason: pick.reason }}
                compact={compact}
                swapping={swap.isPending}
                {...(pick.task.status === 'open' ? { onSwap: () => swapOut(pick.task.id) } : {})}
              />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
