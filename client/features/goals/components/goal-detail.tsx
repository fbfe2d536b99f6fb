import {
  Archive,
  ArrowLeft,
  CalendarDays,
  CheckCircle2,
  Clock,
  Ellipsis,
  History,
  ListChecks,
  Pause,
  Pencil,
  Pin,
  Play,
  RotateCcw,
  Target,
  Trash2,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { SmartGoal } from '#contracts/coach.ts';
import {
  MAX_PINNED_GOALS,
  type Goal,
  type GoalDetail,
  type GoalStatus,
  type UpdateGoal,
} from '#contracts/goals.ts';
import type { Task } from '#contracts/tasks.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { ProgressRing } from '#client/components/ui/progress.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { paths, pathTo } from '#client/lib/paths.ts';
import { formatDate, formatDaysLeft, formatTimestamp } from '#contracts/local-date.ts';
import { formatMeasure } from '#contracts/measurements.ts';
import { useDeleteGoal, useGoal, useGoals, useUpdateGoal } from '../api.ts';
import { DomainBadge, StatusBadge } from './goal-badges.tsx';
import { GoalMeasurements } from './goal-measurements.tsx';
import { GoalPlan, type TaskGroup } from './goal-plan.tsx';
import { SmartGoalForm } from './smart-goal-form.tsx';

type Confirm = 'complete' | 'archive' | 'delete' | null;

function smartOf(goal: Goal): SmartGoal {
  return {
    title: goal.title,
    domain: goal.domain,
    specific: goal.specific,
    metric: goal.metric,
    deadline: goal.deadline,
    why: goal.why,
    firstStep: goal.firstStep,
    weeklyHours: goal.weeklyHours,
  };
}

/** Only the fields that changed, so the history says what really changed. */
function changesBetween(before: Goal, after: SmartGoal): UpdateGoal {
  const change: UpdateGoal = {};
  if (after.title !== before.title) change.title = after.title;
  if (after.domain !== before.domain) change.domain = after.domain;
  if (after.specific !== before.specific) change.specific = after.specific;
  if (
    after.metric.name !== before.metric.name ||
    after.metric.target !== before.metric.target ||
    after.metric.unit !== before.metric.unit
  )
    change.metric = after.metric;
  if (after.deadline !== before.deadline) change.deadline = after.deadline;
  if (after.why !== before.why) change.why = after.why;
  if (after.firstStep !== before.firstStep) change.firstStep = after.firstStep;
  if (after.weeklyHours !== before.weeklyHours) change.weeklyHours = after.weeklyHours;
  return change;
}

function HistoryList({ detail, timeZone }: { detail: GoalDetail; timeZone: string }) {
  if (detail.history.length === 0) {
    return <p className="text-sm text-muted-foreground">No changes yet.</p>;
  }
  return (
    <ol className="space-y-3">
      {detail.history.map((entry) => (
        <li key={entry.id} className="flex gap-3 text-sm">
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary/60" />
          <div className="min-w-0">
            <p>{entry.summary}</p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt, timeZone)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the goal" className="space-y-6">
      <Skeleton className="h-4 w-20" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-36 w-full rounded-2xl" />
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  );
}

interface GoalDetailViewProps {
  goalId: string;
  today: string;
  timeZone: string;
  /** A group of the goal's tasks, as the tasks feature shows them (the route composes the two). */
  renderTasks: (tasks: Task[], group: TaskGroup) => ReactNode;
}

/** A goal's progress, milestones, tasks and history, with edit, pause, complete, archive, delete. */
export function GoalDetailView({ goalId, today, timeZone, renderTasks }: GoalDetailViewProps) {
  const navigate = useNavigate();
  const detail = useGoal(goalId);
  const allGoals = useGoals({});
  const update = useUpdateGoal();
  const remove = useDeleteGoal();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === 'not_found';
    return missing ? (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Goal not found</h1>
        <EmptyState
          icon={<Target aria-hidden="true" />}
          title="This goal is not here"
          action={
            <Link to={paths.goals} className={buttonClasses('primary')}>
              See your goals
            </Link>
          }
        >
          It may have been deleted, or the link is not quite right.
        </EmptyState>
      </div>
    ) : (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Goal</h1>
        <ErrorState title="This goal could not load" onRetry={() => void detail.refetch()} />
      </div>
    );
  }

  const { goal, milestones, tasks } = detail.data;
  const open = goal.status === 'active' || goal.status === 'paused';
  const pinnedElsewhere = (allGoals.data?.goals ?? []).filter(
    (other) => other.pinned && other.id !== goal.id,
  ).length;

  const change = (value: UpdateGoal, success: string, after?: () => void) =>
    update.mutate(
      { id: goal.id, change: value },
      {
        onSuccess: () => {
          toast.success(success);
          after?.();
        },
        onError: (error) => toast.error('The goal was not updated', { description: error.message }),
      },
    );

  const setStatus = (status: GoalStatus, success: string) =>
    change({ status }, success, () => setConfirm(null));

  const togglePin = () => {
    if (!goal.pinned && pinnedElsewhere >= MAX_PINNED_GOALS) {
      toast.info('You already have three top goals', {
        description: 'Unpin one of them on the goals page first.',
      });
      return;
    }
    change({ pinned: !goal.pinned }, goal.pinned ? 'Unpinned' : 'Pinned to your top three');
  };

  const deleteGoal = () =>
    remove.mutate(goal.id, {
      onSuccess: () => {
        toast.success('Goal deleted', { description: goal.title });
        void navigate(paths.goals, { replace: true });
      },
      onError: (error) => toast.error('The goal was not deleted', { description: error.message }),
    });

  const done = goal.taskCounts.done;
  const totalTasks = goal.taskCounts.open + goal.taskCounts.done + goal.taskCounts.skipped;

  return (
    <div className="space-y-6">
      <Link
        to={paths.goals}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Goals
      </Link>

      {editing ? (
        <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
          <h1 className="mb-5 text-2xl font-semibold tracking-tight">Edit goal</h1>
          <SmartGoalForm
            initial={smartOf(goal)}
            today={today}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            pending={update.isPending}
            onSubmit={(smart) => {
              const value = changesBetween(goal, smart);
              if (Object.keys(value).length === 0) {
                setEditing(false);
                return;
              }
              change(value, 'Goal updated', () => setEditing(false));
            }}
            secondary={
              <Button variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            }
          />
        </section>
      ) : (
        <>
          <header className="space-y-3">
            <div className="flex flex-wrap items-center gap-1.5">
              <StatusBadge status={goal.status} />
              <DomainBadge domain={goal.domain} />
              {goal.pinned && (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-accent-foreground">
                  <Pin aria-hidden="true" className="size-3 fill-current" />
                  Top three
                </span>
              )}
            </div>
            <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
              {goal.title}
            </h1>
            <p className="text-muted-foreground">{goal.specific}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
              {open && (
                <Button
                  variant={goal.pinned ? 'secondary' : 'outline'}
                  size="sm"
                  aria-pressed={goal.pinned}
                  onClick={togglePin}
                  disabled={update.isPending}
                >
                  <Pin aria-hidden="true" className={cn('size-4', goal.pinned && 'fill-current')} />
                  {goal.pinned ? 'Pinned' : 'Pin to top three'}
                </Button>
              )}
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" size="sm" aria-label="More actions">
                    <Ellipsis aria-hidden="true" className="size-4" />
                    More
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  {goal.status === 'active' && (
                    <DropdownMenuItem onSelect={() => setStatus('paused', 'Goal paused')}>
                      <Pause aria-hidden="true" />
                      Pause
                    </DropdownMenuItem>
                  )}
                  {goal.status !== 'active' && (
                    <DropdownMenuItem onSelect={() => setStatus('active', 'Goal is active again')}>
                      {goal.status === 'paused' ? (
                        <Play aria-hidden="true" />
                      ) : (
                        <RotateCcw aria-hidden="true" />
                      )}
                      {goal.status === 'paused' ? 'Resume' : 'Make active again'}
                    </DropdownMenuItem>
                  )}
                  {goal.status !== 'completed' && (
                    <DropdownMenuItem onSelect={() => setConfirm('complete')}>
                      <CheckCircle2 aria-hidden="true" />
                      Mark as completed
                    </DropdownMenuItem>
                  )}
                  {goal.status !== 'archived' && (
                    <DropdownMenuItem onSelect={() => setConfirm('archive')}>
                      <Archive aria-hidden="true" />
                      Archive
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    className="text-danger [&_svg]:text-danger"
                    onSelect={() => setConfirm('delete')}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          </header>

          <section
            aria-label="Progress"
            className="flex flex-col gap-5 rounded-2xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:p-6"
          >
            <ProgressRing
              value={goal.progress}
              label={`${goal.title} progress`}
              size={112}
              stroke={10}
              className="mx-auto text-lg sm:mx-0 [&>span]:text-xl"
            />
            <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <div>
                <dt className="flex items-center gap-1 text-muted-foreground">
                  <Target aria-hidden="true" className="size-3.5" />
                  {goal.metric.name}
                </dt>
                <dd className="font-medium">
                  {formatMeasure(goal.metric.target)} {goal.metric.unit}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted-foreground">
                  <CalendarDays aria-hidden="true" className="size-3.5" />
                  Deadline
                </dt>
                <dd className="font-medium">
                  {formatDate(goal.deadline, today)}
                  {open && (
                    <span
                      className={cn(
                        'block text-xs font-normal text-muted-foreground',
                        goal.deadline < today && 'text-danger',
                      )}
                    >
                      {formatDaysLeft(goal.deadline, today)}
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted-foreground">
                  <ListChecks aria-hidden="true" className="size-3.5" />
                  Tasks done
                </dt>
                <dd className="font-medium">
                  {done} of {totalTasks}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-muted-foreground">
                  <Clock aria-hidden="true" className="size-3.5" />
                  Time a week
                </dt>
                <dd className="font-medium">{formatMeasure(goal.weeklyHours)} h</dd>
              </div>
            </dl>
          </section>

          <GoalMeasurements goal={goal} today={today} />

          <section className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl border bg-card p-5 shadow-sm">
              <h2 className="text-sm font-semibold text-muted-foreground">Why it matters</h2>
              <p className="mt-1.5">{goal.why}</p>
            </div>
            <div className="rounded-2xl border bg-card p-5 shadow-sm">
              <h2 className="text-sm font-semibold text-muted-foreground">First step</h2>
              <p className="mt-1.5">{goal.firstStep}</p>
            </div>
          </section>
        </>
      )}

      <Panel
        title="Plan"
        description="Milestones with their tasks, in your order"
        icon={<ListChecks aria-hidden="true" />}
        action={
          milestones.length + tasks.length > 0 && open ? (
            <Link
              to={pathTo.goalBreakdown(goal.id)}
              className={buttonClasses('ghost', 'sm', 'text-primary')}
            >
              Plan more
            </Link>
          ) : undefined
        }
      >
        <GoalPlan
          goal={goal}
          milestones={milestones}
          tasks={tasks}
          today={today}
          renderTasks={renderTasks}
        />
      </Panel>

      <Panel title="History" icon={<History aria-hidden="true" />}>
        <HistoryList detail={detail.data} timeZone={timeZone} />
      </Panel>

      <ConfirmDialog
        open={confirm === 'complete'}
        onOpenChange={(value) => setConfirm(value ? 'complete' : null)}
        title="Mark this goal as completed?"
        description="Well done if so. Its open tasks leave your days; you can make it active again later."
        confirmLabel="Mark as completed"
        tone="primary"
        pending={update.isPending}
        onConfirm={() => setStatus('completed', 'Goal completed. Well done!')}
      />
      <ConfirmDialog
        open={confirm === 'archive'}
        onOpenChange={(value) => setConfirm(value ? 'archive' : null)}
        title="Archive this goal?"
        description="It leaves your lists and its tasks leave your days. You can find it under Archived and bring it back."
        confirmLabel="Archive"
        pending={update.isPending}
        onConfirm={() => setStatus('archived', 'Goal archived')}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(value) => setConfirm(value ? 'delete' : null)}
        title="Delete this goal for good?"
        description={`“${goal.title}”, its milestones, tasks and history will be deleted. This cannot be undone.`}
        confirmLabel="Delete goal"
        pending={remove.isPending}
        onConfirm={deleteGoal}
      />
    </div>
  );
}
