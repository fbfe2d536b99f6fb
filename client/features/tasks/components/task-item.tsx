import {
  AlarmClock,
  CalendarClock,
  Check,
  Clock,
  EllipsisVertical,
  Pencil,
  Repeat,
  Shuffle,
  SkipForward,
  Sparkles,
  Target,
  Trash2,
  Undo2,
} from 'lucide-react';
import { useState } from 'react';
import type { DeleteTaskScope, Task, TaskAction } from '#contracts/tasks.ts';
import { describeRecurrence } from '#client/components/recurrence.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { cn } from '#client/lib/cn.ts';
import { addDays, formatDate, formatRelativeDate } from '#contracts/local-date.ts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { deferDelete } from '#client/lib/deferred-delete.ts';
import { refreshProductData } from '#client/lib/product-data.ts';
import { deleteTaskRequest, useTaskAction } from '../api.ts';
import { TaskDateDialog, type DateChoice } from './task-date-dialog.tsx';
import { TaskEditDialog } from './task-edit-dialog.tsx';

interface TaskItemProps {
  task: Task;
  /** Today in the user's zone. */
  localDate: string;
  /** The top three's place (1–3) and one-line reason. */
  pick?: { rank: number; reason: string };
  /** Offered on the top three: trade this task for the next best one. */
  onSwap?: () => void;
  swapping?: boolean;
  /** Hidden where every task belongs to the same goal. */
  showGoal?: boolean;
  /** Say "Today" for a task planned today (not needed in today's own lists). */
  showToday?: boolean;
  /** The list already names the task's day (Upcoming groups by day): do not say it again. */
  dayShown?: boolean;
  compact?: boolean;
  /** Offer "Edit…" and "Delete" (with undo) in its menu, as a plan does. */
  manage?: boolean;
}

function whenLabel(
  task: Task,
  localDate: string,
  showToday: boolean,
  dayShown: boolean,
): { text: string; late: boolean } | null {
  if (task.status !== 'open') return null;
  if (task.snoozedUntil && task.snoozedUntil > localDate) {
    if (dayShown) return { text: 'Snoozed', late: false };
    return { text: `Snoozed until ${formatDate(task.snoozedUntil, localDate)}`, late: false };
  }
  if (task.dueDate && task.dueDate < localDate) {
    return { text: `Was due ${formatDate(task.dueDate, localDate)}`, late: true };
  }
  if (task.scheduledDate && task.scheduledDate < localDate) {
    return { text: `Planned ${formatRelativeDate(task.scheduledDate, localDate)}`, late: true };
  }
  if (task.dueDate)
    return { text: `Due ${formatRelativeDate(task.dueDate, localDate)}`, late: false };
  if (showToday && task.scheduledDate === localDate) return { text: 'Today', late: false };
  if (task.scheduledDate && task.scheduledDate > localDate && !dayShown) {
    return { text: formatRelativeDate(task.scheduledDate, localDate), late: false };
  }
  return null;
}

/** One task: complete it with one tap; skip, snooze, reschedule (and swap) from its menu. */
export function TaskItem({
  task,
  localDate,
  pick,
  onSwap,
  swapping = false,
  showGoal = true,
  showToday = false,
  dayShown = false,
  compact = false,
  manage = false,
}: TaskItemProps) {
  const action = useTaskAction();
  const queryClient = useQueryClient();
  const [dateDialog, setDateDialog] = useState<DateChoice | null>(null);
  const [editing, setEditing] = useState(false);
  const done = task.status === 'done';
  const skipped = task.status === 'skipped';
  const closed = done || skipped;
  const when = whenLabel(task, localDate, showToday, dayShown);

  const run = (value: TaskAction, quiet = false) =>
    action.mutate({ task, action: value, localDate, quiet });

  // The open occurrence of a repeating task can go alone (the next one still comes) or with
  // its whole series.
  const repeating = task.recurrence !== null && !closed;
  const remove = (scope: DeleteTaskScope = 'series') =>
    deferDelete({
      id: task.id,
      message:
        scope === 'occurrence'
          ? 'This time deleted'
          : repeating
            ? 'Series deleted'
            : 'Task deleted',
      description: task.title,
      commit: () =>
        deleteTaskRequest(task.id, scope).finally(() => refreshProductData(queryClient)),
      onError: (error) =>
        toast.error(`“${task.title}” was not deleted`, {
          description: error instanceof Error ? error.message : undefined,
        }),
    });

  // Unchecking says enough on screen; completing gets a cheer and an undo.
  const toggle = () => run(done ? { action: 'reopen' } : { action: 'complete' }, done);

  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-2xl border bg-card shadow-sm transition',
        compact ? 'p-3' : 'p-3.5 sm:p-4',
        closed && 'bg-muted/50 shadow-none',
      )}
    >
      <button
        type="button"
        onClick={toggle}
        disabled={skipped}
        aria-label={done ? `Mark “${task.title}” as not done` : `Complete “${task.title}”`}
        className={cn(
          'group mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full border-2 transition',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          done
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-primary/60 text-primary hover:bg-primary-soft',
          skipped && 'border-muted-foreground/40',
        )}
      >
        <Check
          aria-hidden="true"
          className={cn(
            'size-4 transition',
            done ? 'opacity-100' : 'opacity-0 group-hover:opacity-60',
          )}
        />
      </button>
      <div className="min-w-0 flex-1">
        <p
          className={cn(
            'leading-snug font-medium break-words',
            closed && 'text-muted-foreground line-through decoration-muted-foreground/60',
          )}
        >
          {pick && <span className="sr-only">Top task {pick.rank}: </span>}
          {task.title}
        </p>
        {pick && (
          <p className="mt-1 flex items-start gap-1.5 text-sm text-accent-foreground">
            <Sparkles aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span>
              <span className="sr-only">Why: </span>
              {pick.reason}
            </span>
          </p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {skipped && <span>Skipped</span>}
          {when && <span className={cn(when.late && 'font-medium text-danger')}>{when.text}</span>}
          {showGoal && task.goalTitle && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <Target aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{task.goalTitle}</span>
            </span>
          )}
          {task.estimatedMinutes !== null && (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              {task.estimatedMinutes} min
            </span>
          )}
          {task.recurrence && (
            <span className="inline-flex items-center gap-1">
              <Repeat aria-hidden="true" className="size-3.5" />
              {describeRecurrence(task.recurrence)}
            </span>
          )}
        </p>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="-my-1 -mr-1 size-9 shrink-0"
            aria-label={`More for “${task.title}”`}
          >
            <EllipsisVertical aria-hidden="true" className="size-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {closed ? (
            <DropdownMenuItem onSelect={() => run({ action: 'reopen' })}>
              <Undo2 aria-hidden="true" />
              Reopen
            </DropdownMenuItem>
          ) : (
            <>
              <DropdownMenuItem onSelect={() => run({ action: 'skip' })}>
                <SkipForward aria-hidden="true" />
                Skip
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() => run({ action: 'snooze', until: addDays(localDate, 1) })}
              >
                <AlarmClock aria-hidden="true" />
                Snooze until tomorrow
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDateDialog('snooze')}>
                <AlarmClock aria-hidden="true" />
                Snooze until…
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDateDialog('reschedule')}>
                <CalendarClock aria-hidden="true" />
                Reschedule…
              </DropdownMenuItem>
              {onSwap && (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={onSwap} disabled={swapping}>
                    <Shuffle aria-hidden="true" />
                    Swap for another task
                  </DropdownMenuItem>
                </>
              )}
            </>
          )}
          {manage && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit…
              </DropdownMenuItem>
              {repeating ? (
                <>
                  <DropdownMenuItem
                    className="text-danger [&_svg]:text-danger"
                    onSelect={() => remove('occurrence')}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete this time only
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="text-danger [&_svg]:text-danger"
                    onSelect={() => remove('series')}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete the series
                  </DropdownMenuItem>
                </>
              ) : (
                <DropdownMenuItem
                  className="text-danger [&_svg]:text-danger"
                  onSelect={() => remove()}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              )}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {editing && (
        <TaskEditDialog task={task} localDate={localDate} onClose={() => setEditing(false)} />
      )}
      {dateDialog && (
        <TaskDateDialog
          open
          onOpenChange={(open) => !open && setDateDialog(null)}
          kind={dateDialog}
          taskTitle={task.title}
          localDate={localDate}
          current={dateDialog === 'snooze' ? task.snoozedUntil : task.scheduledDate}
          onChoose={(date) => {
            const kind = dateDialog;
            setDateDialog(null);
            run(
              kind === 'snooze'
                ? { action: 'snooze', until: date }
                : { action: 'reschedule', to: date },
            );
          }}
        />
      )}
    </div>
  );
}

export function TaskItemSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-start gap-3 rounded-2xl border bg-card p-4">
      <div className="size-7 animate-pulse rounded-full bg-muted" />
      <div className="flex-1 space-y-2">
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
