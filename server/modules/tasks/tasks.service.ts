import type {
  CreateTask,
  DeleteTaskScope,
  Task,
  TaskAction,
  TaskActionResult,
  TaskList,
  TaskListQuery,
  TaskStatus,
} from '#contracts/tasks.ts';
import { taskListQuerySchema } from '#contracts/tasks.ts';
import { addDays } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import { AppError } from '#server/errors.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProgressCrossing, ProgressService } from '#server/modules/goals/progress.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { Occurrences } from './occurrences.service.ts';
import type { TodayService } from './today.service.ts';
import { isWorkable, notFound, toTask } from './task-views.ts';
import { createTaskWrites, type TaskWrites } from './task-writes.ts';
import * as repo from './tasks.repo.ts';

export interface TasksServiceDeps {
  db: Db;
  clock: () => Date;
  /** The tasks table's monotonic clock (rows written in one call keep their order). */
  stamp: () => Date;
  profile: ProfileService;
  goals: Pick<GoalReads, 'facts' | 'target'>;
  progress: ProgressService;
  occurrences: Occurrences;
  /** Whether a task just done finished a frozen day (the today flow's `completesADay`). */
  days?: Pick<TodayService, 'completesADay'>;
  /** Awards the badges a change earns, inside the change's transaction (when the app has them). */
  achievements?: Pick<AchievementsService, 'check'>;
  /** Marks read the notifications that asked for a task once it is done (when the app has them). */
  notifications?: { markTaskNotificationsRead(userId: string, taskId: string): Promise<unknown> };
  log?: { error(details: object, message: string): void };
}

/**
 * Tasks: list, create, act on (complete, skip, snooze, reschedule, reopen, edit) and delete.
 * Every call is scoped to the caller; dates are the user's local dates from the injected clock.
 */
export function createTasksService(deps: TasksServiceDeps) {
  const { db, profile, goals, progress, occurrences } = deps;
  const writes = createTaskWrites(deps);
  return {
    async list(userId: string, input: TaskListQuery): Promise<TaskList> {
      const query = taskListQuerySchema.parse(input);
      const day = await profile.day(userId);
      await occurrences.rollMissedWeeks(userId, day);
      const facts = await goals.facts(db, userId);
      if (query.goalId && !facts.goals.has(query.goalId)) {
        throw new AppError('not_found', 'No goal has this id.');
      }
      const rows = await repo.listTasks(db, userId, {
        view: query.view,
        localDate: day.localDate,
        ...(query.goalId ? { goalId: query.goalId } : {}),
        ...(query.status ? { status: query.status } : {}),
      });
      const visible = query.view === 'all' ? rows : rows.filter((row) => isWorkable(row, facts));
      return { localDate: day.localDate, tasks: visible.map((row) => toTask(row, facts)) };
    },

    /** A task's title and status, or null when the user has no task with this id. */
    async find(userId: string, id: string): Promise<{ title: string; status: TaskStatus } | null> {
      const row = await repo.findTask(db, userId, id);
      return row ? { title: row.title, status: row.status } : null;
    },

    async create(userId: string, body: CreateTask): Promise<Task> {
      const { task, crossings } = await db.transaction((tx) => writes.create(tx, userId, body));
      await progress.announce(userId, crossings);
      return task;
    },

    async act(userId: string, id: string, action: TaskAction): Promise<TaskActionResult> {
      const { result, crossings } = await db.transaction((tx) =>
        writes.act(tx, userId, id, action),
      );
      await progress.announce(userId, crossings);
      if (action.action === 'complete' && result.task.status === 'done') {
        try {
          await deps.notifications?.markTaskNotificationsRead(userId, id);
        } catch (error: unknown) {
          // The task is done either way; the bell catches up when the person reads it.
          deps.log?.error({ err: error, taskId: id }, 'could not mark task notifications read');
        }
      }
      return result;
    },

    /**
     * `create` and `act` inside the caller's transaction (a coach's accepted proposal writes its
     * task in the transaction that marks it accepted), with an attribution for a created task.
     * Once the caller has committed, it passes the crossings to `announce`.
     */
    createWithin: (...args: Parameters<TaskWrites['create']>) => writes.create(...args),
    actWithin: (...args: Parameters<TaskWrites['act']>) => writes.act(...args),
    announce: (userId: string, crossings: ProgressCrossing[]) =>
      progress.announce(userId, crossings),

    /**
     * What a coach reads of the person's open tasks on `today`, inside the caller's transaction:
     * those scheduled before today (at most 10, oldest first) and those of the seven days from
     * today (at most 20). Tasks of paused, completed or archived goals wait and are left out.
     */
    async openAround(
      tx: Db,
      userId: string,
      today: string,
    ): Promise<{ missed: Task[]; upcoming: Task[] }> {
      const facts = await goals.facts(tx, userId);
      const [missed, upcoming] = await Promise.all([
        repo.listOpenScheduled(tx, userId, { from: null, to: addDays(today, -1), limit: 10 }),
        repo.listOpenScheduled(tx, userId, { from: today, to: addDays(today, 6), limit: 20 }),
      ]);
      const view = (rows: repo.TaskRow[]) =>
        rows.filter((row) => isWorkable(row, facts)).map((row) => toTask(row, facts));
      return { missed: view(missed), upcoming: view(upcoming) };
    },

    /**
     * Deletes a task. For the open occurrence of a repeating task, `occurrence` keeps the series
     * going (the next occurrence is made as if this one had closed today); `series` ends it.
     */
    async remove(userId: string, id: string, scope: DeleteTaskScope = 'series'): Promise<void> {
      const crossings = await db.transaction(async (tx) => {
        const row = await repo.deleteTask(tx, userId, id);
        if (!row) throw notFound();
        if (scope === 'occurrence' && row.status === 'open') {
          const day = await profile.day(userId, tx);
          await occurrences.generateNext(tx, row, day.localDate);
        }
        if (row.goalId === null) return [];
        const crossed = await progress.refreshProgress(tx, userId, [row.goalId]);
        if (crossed.length > 0) await deps.achievements?.check(tx, userId, ['progress']);
        return crossed;
      });
      await progress.announce(userId, crossings);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
