import { randomUUID } from 'node:crypto';
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
import type { Db } from '#server/db/client.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import { AppError } from '#server/errors.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import { invalidInput, throwIfProblems } from '#server/modules/goals/input-problems.ts';
import type { ProgressCrossing, ProgressService } from '#server/modules/goals/progress.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { Occurrences } from './occurrences.service.ts';
import type { TodayService } from './today.service.ts';
import { dateProblems } from './task-dates.ts';
import { isWorkable, notFound, recurrenceColumns, toTask } from './task-views.ts';
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
  const { db, clock, stamp, profile, goals, progress, occurrences } = deps;
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
      let crossings: ProgressCrossing[] = [];
      const task = await db.transaction(async (tx) => {
        const target = await goals.target(tx, userId, {
          ...(body.goalId ? { goalId: body.goalId } : {}),
          ...(body.milestoneId ? { milestoneId: body.milestoneId } : {}),
        });
        if (target && (target.goal.status === 'completed' || target.goal.status === 'archived')) {
          throw new AppError(
            'conflict',
            `This goal is ${target.goal.status}: make it active again to add tasks.`,
          );
        }
        const day = await profile.day(userId, tx);
        const today = day.localDate;
        const recurrence = body.recurrence ?? null;
        const scheduledDate = body.scheduledDate ?? (recurrence ? today : null);
        const limits = {
          milestone: target?.milestone ?? null,
          deadline: target?.goal.deadline ?? null,
        };
        throwIfProblems([
          ...(scheduledDate === null
            ? []
            : dateProblems('body.scheduledDate', scheduledDate, today, limits)),
          ...(body.dueDate === undefined
            ? []
            : dateProblems('body.dueDate', body.dueDate, today, { deadline: limits.deadline })),
        ]);
        const now = stamp();
        const [row] = await repo.insertTasks(tx, [
          {
            id: randomUUID(),
            userId,
            goalId: target?.goal.id ?? null,
            milestoneId: target?.milestone?.id ?? null,
            title: body.title,
            notes: body.notes || null,
            status: 'open',
            scheduledDate,
            dueDate: body.dueDate ?? null,
            estimatedMinutes: body.estimatedMinutes ?? null,
            ...recurrenceColumns(recurrence),
            seriesId: recurrence ? randomUUID() : null,
            // A repeating task of one's own with no goal repeats until it is deleted.
            repeatsUntil: recurrence
              ? (target?.milestone?.dueDate ?? target?.goal.deadline ?? null)
              : null,
            openSince: today,
            createdAt: now,
            updatedAt: now,
          },
        ]);
        if (!row) throw new Error('insert returned no row');
        if (row.goalId !== null)
          crossings = await progress.refreshProgress(tx, userId, [row.goalId]);
        if (crossings.length > 0) await deps.achievements?.check(tx, userId, ['progress']);
        return toTask(row, await goals.facts(tx, userId));
      });
      await progress.announce(userId, crossings);
      return task;
    },

    async act(userId: string, id: string, action: TaskAction): Promise<TaskActionResult> {
      let crossings: ProgressCrossing[] = [];
      const result = await db.transaction(async (tx) => {
        const row = await repo.findTask(tx, userId, id, { lock: true });
        if (!row) throw notFound();
        const day = await profile.day(userId, tx);
        const today = day.localDate;
        const facts = await goals.facts(tx, userId);
        const goal = row.goalId === null ? undefined : facts.goals.get(row.goalId);
        const milestone =
          row.milestoneId === null ? undefined : facts.milestones.get(row.milestoneId);
        const limits = { milestone: milestone ?? null, deadline: goal?.deadline ?? null };
        const now = clock();
        const mustBeOpen = (what: string) => {
          if (row.status !== 'open') {
            throw new AppError(
              'conflict',
              `Only an open task can be ${what}; this one is ${row.status}. Reopen it first.`,
            );
          }
        };
        let set: Partial<repo.NewTaskRow> | null = null;
        let next: repo.TaskRow | null = null;
        switch (action.action) {
          case 'complete':
            if (row.status === 'done') break;
            set = { status: 'done', completedAt: now, closedOn: today, snoozedUntil: null };
            break;
          case 'skip':
            if (row.status === 'skipped') break;
            if (row.status === 'done') {
              throw new AppError('conflict', 'A done task cannot be skipped. Reopen it first.');
            }
            set = { status: 'skipped', completedAt: null, closedOn: today, snoozedUntil: null };
            break;
          case 'snooze':
            mustBeOpen('snoozed');
            throwIfProblems(dateProblems('body.until', action.until, today, {}, { after: true }));
            set = { snoozedUntil: action.until };
            break;
          case 'reschedule':
            mustBeOpen('rescheduled');
            throwIfProblems(dateProblems('body.to', action.to, today, limits));
            set = { scheduledDate: action.to, snoozedUntil: null };
            break;
          case 'reopen':
            if (row.status === 'open') break;
            // The occurrence its closing generated gives way: a series has one open occurrence.
            if (row.seriesId !== null)
              await repo.deleteOpenOccurrence(tx, userId, row.seriesId, row.id);
            set = { status: 'open', completedAt: null, closedOn: null, openSince: today };
            break;
          case 'edit': {
            const { action: _action, ...fields } = action;
            if (Object.keys(fields).length === 0) {
              throw invalidInput('body', 'edit must change at least one field');
            }
            if (fields.dueDate) {
              throwIfProblems(
                dateProblems('body.dueDate', fields.dueDate, today, { deadline: limits.deadline }),
              );
            }
            set = {};
            if (fields.title !== undefined) set.title = fields.title;
            if (fields.notes !== undefined) set.notes = fields.notes || null;
            if (fields.dueDate !== undefined) set.dueDate = fields.dueDate;
            if (fields.estimatedMinutes !== undefined)
              set.estimatedMinutes = fields.estimatedMinutes;
            if (fields.recurrence !== undefined) {
              Object.assign(set, recurrenceColumns(fields.recurrence));
              if (fields.recurrence) {
                set.seriesId = row.seriesId ?? randomUUID();
                set.repeatsUntil = row.repeatsUntil ?? milestone?.dueDate ?? goal?.deadline ?? null;
                if (row.scheduledDate === null) set.scheduledDate = today;
              } else {
                set.repeatsUntil = null;
              }
            }
            break;
          }
        }
        let updated = row;
        if (set) {
          updated = (await repo.updateTask(tx, userId, id, { ...set, updatedAt: now })) ?? row;
          // Closing an open occurrence moves its series on.
          if (row.status === 'open' && updated.status !== 'open')
            next = await occurrences.generateNext(tx, updated, today);
          if (row.goalId !== null)
            crossings = await progress.refreshProgress(tx, userId, [row.goalId]);
          // A done task that finishes a frozen day may earn a full day or a streak; progress may
          // cross a threshold. Most completions finish no day, and skip reading every day.
          const finishedADay =
            updated.status === 'done' &&
            row.status !== 'done' &&
            deps.achievements !== undefined &&
            (await deps.days?.completesADay(tx, userId, id)) !== false;
          const earning = [
            ...(finishedADay ? (['top_three'] as const) : []),
            ...(crossings.length > 0 ? (['progress'] as const) : []),
          ];
          if (earning.length > 0) await deps.achievements?.check(tx, userId, earning);
        }
        return { task: toTask(updated, facts), nextOccurrence: next ? toTask(next, facts) : null };
      });
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
