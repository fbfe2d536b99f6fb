import { randomUUID } from 'node:crypto';
import type { CreateTask, Task, TaskAction, TaskActionResult } from '#contracts/tasks.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { invalidInput, throwIfProblems } from '#server/modules/goals/input-problems.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProgressCrossing, ProgressService } from '#server/modules/goals/progress.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { Occurrences } from './occurrences.service.ts';
import { dateProblems } from './task-dates.ts';
import type { TodayService } from './today.service.ts';
import { notFound, recurrenceColumns, toTask } from './task-views.ts';
import * as repo from './tasks.repo.ts';

/** Who proposed a task: the coach (a domain) and the engine that answered (ADR 030). */
export type TaskAttribution = Pick<repo.NewTaskRow, 'proposedBy' | 'proposedByCoach'>;

/** What the writes need: the tasks service's own dependencies. */
export interface TaskWritesDeps {
  clock: () => Date;
  /** The tasks table's monotonic clock (rows written in one call keep their order). */
  stamp: () => Date;
  profile: Pick<ProfileService, 'day'>;
  goals: Pick<GoalReads, 'facts' | 'target'>;
  progress: Pick<ProgressService, 'refreshProgress'>;
  occurrences: Pick<Occurrences, 'generateNext'>;
  days?: Pick<TodayService, 'completesADay'>;
  achievements?: Pick<AchievementsService, 'check'>;
}

/**
 * Creating and acting on a task inside the caller's transaction: the tasks service wraps each in
 * its own, and a coach's accepted proposal (coaching) writes the task in the transaction that
 * marks the proposal accepted. The progress crossings are announced once the caller committed.
 */
export function createTaskWrites(deps: TaskWritesDeps) {
  const { clock, stamp, profile, goals, progress, occurrences } = deps;
  return {
    async create(
      tx: Db,
      userId: string,
      body: CreateTask,
      by?: TaskAttribution,
    ): Promise<{ task: Task; crossings: ProgressCrossing[] }> {
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
          ...by,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      if (!row) throw new Error('insert returned no row');
      let crossings: ProgressCrossing[] = [];
      if (row.goalId !== null) crossings = await progress.refreshProgress(tx, userId, [row.goalId]);
      if (crossings.length > 0) await deps.achievements?.check(tx, userId, ['progress']);
      return { task: toTask(row, await goals.facts(tx, userId)), crossings };
    },

    async act(
      tx: Db,
      userId: string,
      id: string,
      action: TaskAction,
    ): Promise<{ result: TaskActionResult; crossings: ProgressCrossing[] }> {
      let crossings: ProgressCrossing[] = [];
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
          if (fields.estimatedMinutes !== undefined) set.estimatedMinutes = fields.estimatedMinutes;
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
      return {
        result: { task: toTask(updated, facts), nextOccurrence: next ? toTask(next, facts) : null },
        crossings,
      };
    },
  };
}

export type TaskWrites = ReturnType<typeof createTaskWrites>;
