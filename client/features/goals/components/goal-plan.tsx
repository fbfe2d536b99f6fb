import { ArrowDown, ArrowUp, Ellipsis, ListChecks, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Goal, GoalMilestone, UpdateMilestone } from '#contracts/goals.ts';
import type { Task } from '#contracts/tasks.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FormField, LabelledControl } from '#client/components/ui/form-field.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { EmptyState } from '#client/components/ui/states.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { cn } from '#client/lib/cn.ts';
import { deferDelete, usePendingDeletes } from '#client/lib/deferred-delete.ts';
import { pathTo } from '#client/lib/paths.ts';
import { refreshProductData } from '#client/lib/product-data.ts';
import { formatDate, formatDaysLeft } from '#contracts/local-date.ts';
import { useQueryClient } from '@tanstack/react-query';
import { deleteMilestoneRequest, moved, useOrderPlan, useUpdateMilestone } from '../api.ts';

/** One group of the plan's tasks: a milestone's, or those without one (`milestoneId` null). */
export interface TaskGroup {
  goal: Goal;
  milestoneId: string | null;
  /** Moves a task one place up or down in its group (open tasks only). */
  onMove: (taskId: string, direction: -1 | 1) => void;
}

interface GoalPlanProps {
  goal: Goal;
  milestones: GoalMilestone[];
  tasks: Task[];
  today: string;
  /** A group's tasks, as the tasks feature shows them (the route composes the two). */
  renderTasks: (tasks: Task[], group: TaskGroup) => ReactNode;
}

function MilestoneEditDialog({
  milestone,
  goal,
  today,
  onClose,
}: {
  milestone: GoalMilestone;
  goal: Goal;
  today: string;
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateMilestone(goal.id);
  const [title, setTitle] = useState(milestone.title);
  const [description, setDescription] = useState(milestone.description);
  const [dueDate, setDueDate] = useState(milestone.dueDate);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Give the milestone a title.');
    if (!description.trim()) return setError('Describe the milestone in a sentence.');
    if (!dueDate || dueDate > goal.deadline || (dueDate !== milestone.dueDate && dueDate < today))
      return setError(
        `Choose a date from today to the goal’s deadline (${formatDate(goal.deadline, today)}).`,
      );
    const change: UpdateMilestone = {};
    if (title.trim() !== milestone.title) change.title = title.trim();
    if (description.trim() !== milestone.description) change.description = description.trim();
    if (dueDate !== milestone.dueDate) change.dueDate = dueDate;
    if (Object.keys(change).length === 0) return onClose();
    update.mutate(
      { milestoneId: milestone.id, change },
      {
        onSuccess: () => {
          toast.success('Milestone saved', { description: title.trim() });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit milestone</DialogTitle>
        <DialogDescription>Its tasks stay with it.</DialogDescription>
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <FormField
            id={`${id}-title`}
            label="Title"
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
          />
          <LabelledControl id={`${id}-description`} label="Description">
            {() => (
              <Textarea
                id={`${id}-description`}
                value={description}
                maxLength={600}
                rows={3}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </LabelledControl>
          <FormField
            id={`${id}-date`}
            label="Due date"
            type="date"
            value={dueDate}
            min={today}
            max={goal.deadline}
            onChange={(event) => setDueDate(event.target.value)}
          />
          <DialogFormFooter
            error={error}
            pending={update.isPending}
            submitLabel="Save"
            pendingLabel="Saving…"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function MoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        disabled={first}
        aria-label={`Move “${name}” up`}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        disabled={last}
        aria-label={`Move “${name}” down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}

/**
 * A goal's plan: each milestone with its tasks under it, then the tasks without a milestone.
 * Milestones and tasks can be edited, deleted (with undo) and moved up or down.
 */
export function GoalPlan({
  goal,
  milestones: all,
  tasks: allTasks,
  today,
  renderTasks,
}: GoalPlanProps) {
  const queryClient = useQueryClient();
  const update = useUpdateMilestone(goal.id);
  const order = useOrderPlan(goal.id);
  const hidden = usePendingDeletes();
  const [editing, setEditing] = useState<GoalMilestone | null>(null);
  const milestones = all.filter((milestone) => !hidden.has(milestone.id));
  const tasks = allTasks.filter((task) => !hidden.has(task.id));
  const shown = new Set(milestones.map((milestone) => milestone.id));

  if (milestones.length === 0 && tasks.length === 0) {
    return (
      <EmptyState
        icon={<ListChecks aria-hidden="true" />}
        title="No milestones yet"
        action={
          <Link to={pathTo.goalBreakdown(goal.id)} className={buttonClasses('primary')}>
            Break it down with the coach
          </Link>
        }
      >
        Milestones are the checkpoints on the way; the coach can propose them with tasks.
      </EmptyState>
    );
  }

  const onOrderError = (error: Error) =>
    toast.error('The new order was not saved', { description: error.message });

  const moveMilestone = (id: string, direction: -1 | 1) =>
    order.mutate(
      {
        milestoneIds: moved(
          all.map((milestone) => milestone.id),
          id,
          direction,
        ),
      },
      { onError: onOrderError },
    );

  const group = (milestoneId: string | null): TaskGroup => ({
    goal,
    milestoneId,
    onMove: (taskId, direction) => {
      const ids = allTasks
        .filter((task) => task.milestoneId === milestoneId && task.status === 'open')
        .map((task) => task.id);
      order.mutate(
        { milestoneId, taskIds: moved(ids, taskId, direction) },
        { onError: onOrderError },
      );
    },
  });

  const removeMilestone = (milestone: GoalMilestone) =>
    deferDelete({
      id: milestone.id,
      message: 'Milestone deleted',
      description: `${milestone.title}: its tasks stay with the goal`,
      commit: () =>
        deleteMilestoneRequest(goal.id, milestone.id).finally(() =>
          refreshProductData(queryClient),
        ),
      onError: (error) =>
        toast.error('The milestone was not deleted', {
          description: error instanceof Error ? error.message : undefined,
        }),
    });

  // A milestone waiting to be deleted already shows its tasks where they will go.
  const loose = tasks.filter((task) => task.milestoneId === null || !shown.has(task.milestoneId));

  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        {milestones.map((milestone, index) => {
          const id = `milestone-${milestone.id}`;
          const late = !milestone.done && milestone.dueDate < today;
          const own = tasks.filter((task) => task.milestoneId === milestone.id);
          return (
            <li key={milestone.id} className="space-y-3">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={id}
                  className="mt-0.5"
                  checked={milestone.done}
                  disabled={update.isPending && update.variables.milestoneId === milestone.id}
                  onChange={(event) =>
                    update.mutate(
                      { milestoneId: milestone.id, change: { done: event.target.checked } },
                      {
                        onSuccess: (saved) =>
                          toast.success(saved.done ? 'Milestone reached' : 'Milestone reopened', {
                            description: saved.title,
                          }),
                        onError: (error) =>
                          toast.error('The milestone was not updated', {
                            description: error.message,
                          }),
                      },
                    )
                  }
                />
                <div className="min-w-0 flex-1">
                  <h3 id={`${id}-label`} className="text-base leading-snug font-semibold">
                    <label
                      htmlFor={id}
                      className={cn(
                        'cursor-pointer',
                        milestone.done && 'text-muted-foreground line-through',
                      )}
                    >
                      {milestone.title}
                    </label>
                  </h3>
                  <p className={cn('mt-0.5 text-xs text-muted-foreground', late && 'text-danger')}>
                    {formatDate(milestone.dueDate, today)}
                    {!milestone.done && ` · ${formatDaysLeft(milestone.dueDate, today)}`}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{milestone.description}</p>
                </div>
                <div className="flex shrink-0 items-center">
                  <MoveButtons
                    name={milestone.title}
                    first={index === 0}
                    last={index === milestones.length - 1}
                    onMove={(direction) => moveMilestone(milestone.id, direction)}
                  />
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        aria-label={`More for “${milestone.title}”`}
                      >
                        <Ellipsis aria-hidden="true" className="size-4" />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuItem onSelect={() => setEditing(milestone)}>
                        <Pencil aria-hidden="true" />
                        Edit milestone
                      </DropdownMenuItem>
                      <DropdownMenuItem
                        className="text-danger [&_svg]:text-danger"
                        onSelect={() => removeMilestone(milestone)}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete milestone
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </div>
              </div>
              <div className="sm:ml-3 sm:border-l sm:pl-5">
                {renderTasks(own, group(milestone.id))}
              </div>
            </li>
          );
        })}
      </ol>
      {(loose.length > 0 || milestones.length === 0) && (
        <section aria-labelledby={`tasks-without-milestone-${goal.id}`} className="space-y-3">
          <h3
            id={`tasks-without-milestone-${goal.id}`}
            className="text-base font-semibold text-muted-foreground"
          >
            {milestones.length === 0 ? 'Tasks' : 'Other tasks'}
          </h3>
          {renderTasks(loose, group(null))}
        </section>
      )}
      {editing && (
        <MilestoneEditDialog
          milestone={editing}
          goal={goal}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
