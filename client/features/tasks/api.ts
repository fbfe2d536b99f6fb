import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  taskActionResultSchema,
  taskListSchema,
  taskPaths,
  taskSchema,
  type CreateTask,
  type DeleteTaskScope,
  type Task,
  type TaskAction,
  type TaskList,
} from '#contracts/tasks.ts';
import { swapResultSchema, todayPaths, todaySchema, type Today } from '#contracts/today.ts';
import { deletedSchema } from '#contracts/shared.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { addDays, formatDate, formatRelativeDate } from '#contracts/local-date.ts';

import { refreshProductData } from '#client/lib/product-data.ts';

const taskViewNames = ['today', 'upcoming', 'overdue', 'all'] as const;
export type TaskView = (typeof taskViewNames)[number];

function isTaskView(value: unknown): value is TaskView {
  return taskViewNames.some((view) => view === value);
}

export const taskKeys = {
  all: ['tasks'] as const,
  today: ['tasks', 'today'] as const,
  list: (view: TaskView, goalId?: string) =>
    goalId ? (['tasks', 'list', view, goalId] as const) : (['tasks', 'list', view] as const),
};

export const todayQuery = queryOptions({
  queryKey: taskKeys.today,
  queryFn: ({ signal }) => apiRequest(todaySchema, todayPaths.today.href(), { signal }),
  meta: { silentError: true },
});

export function taskListQuery(view: TaskView) {
  return queryOptions({
    queryKey: taskKeys.list(view),
    queryFn: ({ signal }) =>
      apiRequest(taskListSchema, `${taskPaths.tasks.href()}?view=${view}`, { signal }),
    meta: { silentError: true },
  });
}

export function useToday() {
  return useQuery(todayQuery);
}

export function useTaskList(view: TaskView, enabled = true) {
  return useQuery({ ...taskListQuery(view), enabled });
}

// ---------------------------------------------------------------------------------------------
// Optimistic updates: what a task looks like right after an action, before the server answers.

/** The task as the action leaves it. */
export function applyAction(task: Task, action: TaskAction, now: string): Task {
  switch (action.action) {
    case 'complete':
      return { ...task, status: 'done', completedAt: now };
    case 'skip':
      return { ...task, status: 'skipped' };
    case 'reopen':
      return { ...task, status: 'open', completedAt: null };
    case 'snooze':
      return { ...task, snoozedUntil: action.until };
    case 'reschedule':
      return { ...task, scheduledDate: action.to, snoozedUntil: null };
    case 'edit': {
      const { action: _action, ...fields } = action;
      const defined = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      return { ...task, ...defined };
    }
  }
}

/** Whether an open task belongs in a view on the local date (the server's rules, for display). */
export function inView(task: Task, view: TaskView, localDate: string): boolean {
  if (view === 'all') return true;
  if (task.status !== 'open') return false;
  const snoozed = task.snoozedUntil !== null && task.snoozedUntil > localDate;
  switch (view) {
    case 'today':
      return !snoozed && (task.scheduledDate === null || task.scheduledDate <= localDate);
    case 'upcoming':
      return snoozed || (task.scheduledDate !== null && task.scheduledDate > localDate);
    case 'overdue':
      return (
        (task.scheduledDate !== null && task.scheduledDate < localDate) ||
        (task.dueDate !== null && task.dueDate < localDate)
      );
  }
}

/** Today's lists after an action: the frozen three keep their place (done ones too). */
export function applyToToday(today: Today, taskId: string, action: TaskAction, now: string): Today {
  const topThree = today.topThree.flatMap((pick) => {
    if (pick.task.id !== taskId) return [pick];
    const task = applyAction(pick.task, action, now);
    // Snoozed or moved away, it leaves today; done or skipped, it stays, so the day can be seen.
    const leaves = task.status === 'open' && !inView(task, 'today', today.localDate);
    return leaves ? [] : [{ ...pick, task }];
  });
  const others = today.others
    .map((task) => (task.id === taskId ? applyAction(task, action, now) : task))
    .filter((task) => task.id !== taskId || inView(task, 'today', today.localDate));
  const othersTotal = Math.max(0, today.othersTotal - (today.others.length - others.length));
  return { ...today, topThree, others, othersTotal };
}

export function applyToList(
  list: TaskList,
  view: TaskView,
  taskId: string,
  action: TaskAction,
  now: string,
): TaskList {
  return {
    ...list,
    tasks: list.tasks
      .map((task) => (task.id === taskId ? applyAction(task, action, now) : task))
      .filter((task) => task.id !== taskId || inView(task, view, list.localDate)),
  };
}

const actionWords: Record<TaskAction['action'], string> = {
  complete: 'completed',
  skip: 'skipped',
  snooze: 'snoozed',
  reschedule: 'rescheduled',
  reopen: 'reopened',
  edit: 'saved',
};

export interface TaskActionRequest {
  task: Task;
  action: TaskAction;
  /** Today in the user's zone, for the words of the confirmation. */
  localDate: string;
  /** No confirmation toast (the change on screen says enough). */
  quiet?: boolean;
}

function confirmation(action: TaskAction, localDate: string): string | null {
  switch (action.action) {
    case 'complete':
      return 'Done. Nice work!';
    case 'skip':
      return 'Skipped for today';
    case 'snooze':
      return action.until === addDays(localDate, 1)
        ? 'Snoozed until tomorrow'
        : `Snoozed until ${formatDate(action.until, localDate)}`;
    case 'reschedule':
      return `Moved to ${formatRelativeDate(action.to, localDate).toLowerCase()}`;
    case 'reopen':
      return 'Task reopened';
    case 'edit':
      return null;
  }
}

/**
 * Complete, skip, snooze, reschedule, reopen or edit a task. Every list of tasks shows the change
 * at once; a failure puts them back as they were and says so. The confirmation comes from here,
 * not from the task's own row, which may already have left the list.
 */
export function useTaskAction() {
  const queryClient = useQueryClient();

  const undo = (task: Task) => {
    apiRequest(taskActionResultSchema, taskPaths.task.href({ id: task.id }), {
      method: 'PATCH',
      body: { action: 'reopen' } satisfies TaskAction,
    })
      .then(() => refreshProductData(queryClient))
      .catch((error: unknown) =>
        toast.error(`“${task.title}” was not reopened`, {
          description: error instanceof Error ? error.message : undefined,
        }),
      );
  };

  return useMutation({
    meta: { silentError: true },
    mutationFn: ({ task, action }: TaskActionRequest) =>
      apiRequest(taskActionResultSchema, taskPaths.task.href({ id: task.id }), {
        method: 'PATCH',
        body: action,
      }),
    onMutate: async ({ task, action }) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.all });
      const snapshot = queryClient.getQueriesData({ queryKey: taskKeys.all });
      const now = new Date().toISOString();
      queryClient.setQueryData<Today>(taskKeys.today, (today) =>
        today ? applyToToday(today, task.id, action, now) : today,
      );
      for (const [key, data] of queryClient.getQueriesData<TaskList>({
        queryKey: ['tasks', 'list'],
      })) {
        const view = key[2];
        if (data && isTaskView(view)) {
          queryClient.setQueryData(key, applyToList(data, view, task.id, action, now));
        }
      }
      return { snapshot };
    },
    onSuccess: (_result, { task, action, localDate, quiet }) => {
      const message = quiet ? null : confirmation(action, localDate);
      if (!message) return;
      const undoable = action.action === 'complete' || action.action === 'skip';
      toast.success(message, {
        description: task.title,
        ...(undoable ? { action: { label: 'Undo', onClick: () => undo(task) } } : {}),
      });
    },
    onError: (error, { task, action }, context) => {
      for (const [key, data] of context?.snapshot ?? []) {
        queryClient.setQueryData(key, data);
      }
      toast.error(`“${task.title}” was not ${actionWords[action.action]}`, {
        description: error.message,
      });
    },
    onSettled: () => refreshProductData(queryClient),
  });
}

/** Deletes a task; the caller defers it for undo (client/lib/deferred-delete.ts). */
export function deleteTaskRequest(id: string, scope: DeleteTaskScope = 'series') {
  const query = scope === 'occurrence' ? '?scope=occurrence' : '';
  return apiRequest(deletedSchema, `${taskPaths.task.href({ id })}${query}`, {
    method: 'DELETE',
    keepalive: true,
  });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (task: CreateTask) =>
      apiRequest(taskSchema, taskPaths.tasks.href(), { method: 'POST', body: task }),
    onSuccess: () => refreshProductData(queryClient),
  });
}

/** Trades one of today's three for the next best open task; the server says why. */
export function useSwapTopThree() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (taskId: string) =>
      apiRequest(swapResultSchema, todayPaths.swap.href(), { method: 'POST', body: { taskId } }),
    onSuccess: (result) => {
      const { swap: _swap, ...today } = result;
      queryClient.setQueryData<Today>(taskKeys.today, today);
      return queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]) === 'dashboard',
      });
    },
  });
}
