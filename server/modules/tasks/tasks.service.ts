import { randomUUID } from 'node:crypto';
import type { TaskRecurrence } from '#contracts/coach.ts';
import type { Dashboard } from '#contracts/dashboard.ts';
import type { Goal } from '#contracts/goals.ts';
import type {
  CreateTask,
  Task,
  TaskAction,
  TaskActionResult,
  TaskList,
  TaskListQuery,
} from '#contracts/tasks.ts';
import type { SwapRequest, SwapResult, Today, TopThreePick } from '#contracts/today.ts';
import { taskListQuerySchema } from '#contracts/tasks.ts';
import { TODAY_OTHERS_LIMIT } from '#contracts/today.ts';
import type { Db } from '#server/db/client.ts';
import type { FrozenPick } from '#server/db/schema.ts';
import {
  scoreTask,
  selectTopThree,
  type TopThreeContext,
  type TopThreeTask,
} from '#server/delivery/top-three.ts';
import { AppError } from '#server/errors.ts';
import type {
  GoalFacts,
  GoalsService,
  PlannedTaskInput,
  ProgressCrossing,
  TasksForGoals,
} from '#server/modules/goals/goals.service.ts';
import {
  type InputProblem,
  invalidInput,
  throwIfProblems,
} from '#server/modules/goals/input-problems.ts';
import type { ProgressTask } from '#server/modules/goals/progress.ts';
import { addDays, weekStart } from '#server/modules/profile/local-day.ts';
import type { ProfileService, UserDay } from '#server/modules/profile/profile.service.ts';
import { nextOccurrenceDate } from './recurrence.ts';
import * as repo from './tasks.repo.ts';

export interface TasksServiceDeps {
  db: Db;
  clock: () => Date;
  profile: ProfileService;
  goals: GoalsService;
}

const MAX_NEXT_MILESTONES = 5;

function notFound(): AppError {
  return new AppError('not_found', 'No task has this id.');
}

function recurrenceOf(row: repo.TaskRow): TaskRecurrence | null {
  if (row.recurrenceKind === 'weekly' && row.recurrenceTimesPerWeek !== null) {
    return { kind: 'weekly', timesPerWeek: row.recurrenceTimesPerWeek };
  }
  if (row.recurrenceKind === 'after_completion' && row.recurrenceEveryDays !== null) {
    return { kind: 'after_completion', everyDays: row.recurrenceEveryDays };
  }
  return null;
}

function recurrenceColumns(recurrence: TaskRecurrence | null) {
  return {
    recurrenceKind: recurrence?.kind ?? null,
    recurrenceTimesPerWeek: recurrence?.kind === 'weekly' ? recurrence.timesPerWeek : null,
    recurrenceEveryDays: recurrence?.kind === 'after_completion' ? recurrence.everyDays : null,
  };
}

function toTask(row: repo.TaskRow, facts: GoalFacts): Task {
  return {
    id: row.id,
    goalId: row.goalId,
    goalTitle: row.goalId === null ? null : (facts.goals.get(row.goalId)?.title ?? null),
    milestoneId: row.milestoneId,
    milestoneTitle:
      row.milestoneId === null ? null : (facts.milestones.get(row.milestoneId)?.title ?? null),
    title: row.title,
    notes: row.notes,
    status: row.status,
    scheduledDate: row.scheduledDate,
    dueDate: row.dueDate,
    snoozedUntil: row.snoozedUntil,
    estimatedMinutes: row.estimatedMinutes,
    recurrence: recurrenceOf(row),
    seriesId: row.seriesId,
    repeatsUntil: row.repeatsUntil,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tasks of paused, completed or archived goals wait: they stay out of today and the top three. */
function isWorkable(row: repo.TaskRow, facts: GoalFacts): boolean {
  return row.goalId === null || facts.goals.get(row.goalId)?.status === 'active';
}

function scoringContext(day: UserDay, facts: GoalFacts): TopThreeContext {
  const goalPriorities: Record<string, TopThreeContext['goalPriorities'][string]> = {};
  const topGoalIds: string[] = [];
  for (const goal of facts.goals.values()) {
    goalPriorities[goal.id] = goal.priority;
    if (goal.pinned) topGoalIds.push(goal.id);
  }
  return {
    localDate: day.localDate,
    capacityMinutes: day.dailyCapacityMinutes,
    goalPriorities,
    topGoalIds,
  };
}

function toScoringTask(row: repo.TaskRow, facts: GoalFacts): TopThreeTask {
  const milestone = row.milestoneId === null ? undefined : facts.milestones.get(row.milestoneId);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    goalId: row.goalId,
    // A snoozed task has waited since it came back, not since it was first planned.
    scheduledDate:
      row.snoozedUntil !== null &&
      (row.scheduledDate === null || row.snoozedUntil > row.scheduledDate)
        ? row.snoozedUntil
        : row.scheduledDate,
    dueDate: row.dueDate,
    milestone: milestone ? { title: milestone.title, dueDate: milestone.dueDate } : null,
    estimatedMinutes: row.estimatedMinutes,
    openSince: row.openSince,
  };
}

interface ResolvedToday {
  day: UserDay;
  facts: GoalFacts;
  context: TopThreeContext;
  row: repo.TopThreeDayRow | null;
  picks: Array<{ pick: FrozenPick; task: repo.TaskRow }>;
  /** Open tasks for today of active goals (or none), in no particular order. */
  candidates: repo.TaskRow[];
}

/**
 * Tasks, recurrence, today's top three (frozen per local date), the dashboard. Every call is
 * scoped to the caller; dates are the user's local dates from the injected clock.
 */
export function createTasksService(deps: TasksServiceDeps) {
  const { db, clock, profile, goals } = deps;

  // Rows written in one call keep their order (lists sort by creation time).
  let lastStamp = 0;
  const stamp = (): Date => {
    lastStamp = Math.max(clock().getTime(), lastStamp + 1);
    return new Date(lastStamp);
  };

  /** The next occurrence of a repeating task just closed on `today`, or null when the series ends. */
  async function generateNext(
    tx: Db,
    row: repo.TaskRow,
    today: string,
  ): Promise<repo.TaskRow | null> {
    const recurrence = recurrenceOf(row);
    if (!recurrence || row.seriesId === null) return null;
    const closedThisWeek =
      recurrence.kind === 'weekly'
        ? await repo.countClosedSince(tx, row.userId, row.seriesId, weekStart(today))
        : 0;
    const next = nextOccurrenceDate(recurrence, today, closedThisWeek);
    if (row.repeatsUntil !== null && next > row.repeatsUntil) return null;
    return nextOccurrence(tx, row, next, today);
  }

  async function nextOccurrence(
    tx: Db,
    row: repo.TaskRow,
    scheduledDate: string,
    today: string,
  ): Promise<repo.TaskRow | null> {
    const now = stamp();
    const [created] = await repo.insertTasks(tx, [
      {
        ...row,
        id: randomUUID(),
        status: 'open',
        scheduledDate,
        dueDate: null,
        snoozedUntil: null,
        openSince: today,
        completedAt: null,
        closedOn: null,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    return created ?? null;
  }

  /**
   * "As days pass": a weekly occurrence still open from a week that has ended is closed as
   * skipped (on its own date, so it does not count toward this week) and the series continues
   * today. Idempotent: a second call finds nothing. Every-N-days tasks simply wait to be done.
   */
  async function rollMissedWeeks(userId: string, day: UserDay): Promise<void> {
    const monday = weekStart(day.localDate);
    // Most reads find nothing to roll; they should not pay for a transaction.
    if ((await repo.missedWeeklyOccurrences(db, userId, monday)).length === 0) return;
    const crossings = await db.transaction(async (tx) => {
      const missed = await repo.missedWeeklyOccurrences(tx, userId, monday, { lock: true });
      const goalIds: string[] = [];
      for (const row of missed) {
        await repo.updateTask(tx, userId, row.id, {
          status: 'skipped',
          closedOn: row.scheduledDate,
          updatedAt: clock(),
        });
        if (row.repeatsUntil === null || day.localDate <= row.repeatsUntil) {
          await nextOccurrence(tx, row, day.localDate, day.localDate);
        }
        if (row.goalId !== null) goalIds.push(row.goalId);
      }
      return goals.refreshProgress(tx, userId, goalIds);
    });
    await goals.announce(userId, crossings);
  }

  const frozenPick = (pick: {
    taskId: string;
    score: number;
    reason: string;
    reasons: string[];
    breakdown: FrozenPick['breakdown'];
  }): FrozenPick => ({
    taskId: pick.taskId,
    score: pick.score,
    reason: pick.reason,
    reasons: pick.reasons,
    breakdown: { ...pick.breakdown },
  });

  /**
   * Today's selection: the frozen one, or a new one frozen now. A frozen pick stays for the whole
   * local day while its task exists and is done, skipped or still on today (one the user moved to
   * another day or whose goal was paused leaves); an empty place is filled with the best task not
   * yet picked or swapped out. The next local day starts afresh.
   */
  async function resolveToday(
    tx: Db,
    userId: string,
    options: { lock?: boolean } = {},
  ): Promise<ResolvedToday> {
    const day = await profile.day(userId, tx);
    const facts = await goals.facts(tx, userId);
    const context = scoringContext(day, facts);
    const rows = await repo.listTasks(tx, userId, { view: 'today', localDate: day.localDate });
    const candidates = rows.filter((row) => isWorkable(row, facts));
    const byId = new Map(candidates.map((row) => [row.id, row]));

    let row = await repo.findTopThreeDay(tx, userId, day.localDate, options);
    let kept: Array<{ pick: FrozenPick; task: repo.TaskRow }> = [];
    if (row) {
      const missing = row.picks.filter((pick) => !byId.has(pick.taskId)).map((pick) => pick.taskId);
      const closed = new Map(
        (await repo.findTasks(tx, userId, missing))
          .filter((task) => task.status !== 'open')
          .map((task) => [task.id, task]),
      );
      kept = row.picks.flatMap((pick) => {
        const task = byId.get(pick.taskId) ?? closed.get(pick.taskId);
        return task ? [{ pick, task }] : [];
      });
    }
    if (kept.length < 3) {
      const excluded = new Set([...kept.map((k) => k.pick.taskId), ...(row?.swappedOut ?? [])]);
      const pool = candidates.filter((task) => !excluded.has(task.id));
      const fill = selectTopThree(
        pool.map((task) => toScoringTask(task, facts)),
        context,
      ).slice(0, 3 - kept.length);
      const added = fill.flatMap((pick) => {
        const task = byId.get(pick.taskId);
        return task ? [{ pick: frozenPick(pick), task }] : [];
      });
      const picks = [...kept, ...added];
      const changed = !row || added.length > 0 || kept.length !== row.picks.length;
      if (changed && (row || picks.length > 0)) {
        const now = clock();
        if (row) {
          await repo.updateTopThreeDay(tx, row.id, {
            picks: picks.map((p) => p.pick),
            updatedAt: now,
          });
          row = { ...row, picks: picks.map((p) => p.pick), updatedAt: now };
        } else {
          row = await repo.insertTopThreeDay(tx, {
            id: randomUUID(),
            userId,
            localDate: day.localDate,
            picks: picks.map((p) => p.pick),
            swappedOut: [],
            frozenAt: now,
            updatedAt: now,
          });
          // Another request froze the day first: theirs stands.
          if (!row) return resolveToday(tx, userId, options);
        }
      }
      kept = picks;
    }
    return { day, facts, context, row, picks: kept, candidates };
  }

  function todayOf(resolved: ResolvedToday): Today {
    const { facts, context, picks, candidates } = resolved;
    const picked = new Set(picks.map((p) => p.pick.taskId));
    const rest = candidates.filter((task) => !picked.has(task.id));
    const others = rest
      .map((task) => ({ task, score: scoreTask(toScoringTask(task, facts), context).score }))
      .sort(
        (a, b) => b.score - a.score || (a.task.id < b.task.id ? -1 : a.task.id > b.task.id ? 1 : 0),
      )
      .slice(0, TODAY_OTHERS_LIMIT)
      .map(({ task }) => toTask(task, facts));
    return {
      localDate: resolved.day.localDate,
      timeZone: resolved.day.timeZone,
      topThree: picks.map(({ pick, task }): TopThreePick => ({
        task: toTask(task, facts),
        reason: pick.reason,
        reasons: pick.reasons,
        score: pick.score,
        breakdown: pick.breakdown,
      })),
      others,
      othersTotal: rest.length,
      frozenAt: resolved.row?.frozenAt.toISOString() ?? null,
    };
  }

  async function today(userId: string): Promise<Today> {
    const day = await profile.day(userId);
    await rollMissedWeeks(userId, day);
    return todayOf(await resolveToday(db, userId));
  }

  /** Keeps a task's dates within today, its milestone and its goal's deadline. */
  function dateProblems(
    path: string,
    date: string,
    today: string,
    limits: { milestone?: { title: string; dueDate: string } | null; deadline?: string | null },
    options: { after?: boolean } = {},
  ): InputProblem[] {
    if (options.after ? date <= today : date < today) {
      return [
        {
          path,
          message: options.after
            ? `must be after today (${today})`
            : `must be today (${today}) or later`,
        },
      ];
    }
    if (limits.milestone && date > limits.milestone.dueDate) {
      return [
        {
          path,
          message: `must be on or before its milestone "${limits.milestone.title}" (${limits.milestone.dueDate})`,
        },
      ];
    }
    if (limits.deadline && date > limits.deadline) {
      return [{ path, message: `must be on or before its goal's deadline (${limits.deadline})` }];
    }
    return [];
  }

  const tasksForGoals: TasksForGoals = {
    async listForGoal(tx, userId, goalId, facts) {
      const rows = await repo.listGoalTasks(tx, userId, [goalId]);
      return rows.map((row) => toTask(row, facts));
    },

    async createPlanned(tx, userId, input, facts) {
      const rows = input.tasks.map((task: PlannedTaskInput): repo.NewTaskRow => {
        const now = stamp();
        return {
          id: randomUUID(),
          userId,
          goalId: input.goal.id,
          milestoneId: task.milestone?.id ?? null,
          title: task.title,
          status: 'open',
          scheduledDate: task.scheduledDate,
          estimatedMinutes: task.estimatedMinutes,
          ...recurrenceColumns(task.recurrence),
          seriesId: task.recurrence ? randomUUID() : null,
          repeatsUntil: task.recurrence ? (task.milestone?.dueDate ?? input.goal.deadline) : null,
          openSince: input.today,
          createdAt: now,
          updatedAt: now,
        };
      });
      return (await repo.insertTasks(tx, rows)).map((row) => toTask(row, facts));
    },

    async progressTasks(tx, userId, goalIds) {
      const rows = await repo.listGoalTasks(tx, userId, goalIds);
      return rows.flatMap((row): Array<ProgressTask & { goalId: string }> =>
        row.goalId === null
          ? []
          : [
              {
                goalId: row.goalId,
                milestoneId: row.milestoneId,
                status: row.status,
                seriesId: row.seriesId,
                scheduledDate: row.scheduledDate,
                recurrence: recurrenceOf(row),
                repeatsUntil: row.repeatsUntil,
              },
            ],
      );
    },

    async countsByGoal(tx, userId, goalIds) {
      const counts = new Map<string, Goal['taskCounts']>();
      for (const row of await repo.countByGoalAndStatus(tx, userId, goalIds)) {
        if (row.goalId === null) continue;
        const entry = counts.get(row.goalId) ?? { open: 0, done: 0, skipped: 0 };
        entry[row.status] = row.count;
        counts.set(row.goalId, entry);
      }
      return counts;
    },
  };

  return {
    ...tasksForGoals,
    today,

    async list(userId: string, input: TaskListQuery): Promise<TaskList> {
      const query = taskListQuerySchema.parse(input);
      const day = await profile.day(userId);
      await rollMissedWeeks(userId, day);
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
        if (row.goalId !== null) crossings = await goals.refreshProgress(tx, userId, [row.goalId]);
        return toTask(row, await goals.facts(tx, userId));
      });
      await goals.announce(userId, crossings);
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
            next = await generateNext(tx, updated, today);
          if (row.goalId !== null)
            crossings = await goals.refreshProgress(tx, userId, [row.goalId]);
        }
        return { task: toTask(updated, facts), nextOccurrence: next ? toTask(next, facts) : null };
      });
      await goals.announce(userId, crossings);
      return result;
    },

    async remove(userId: string, id: string): Promise<void> {
      const crossings = await db.transaction(async (tx) => {
        const row = await repo.deleteTask(tx, userId, id);
        if (!row) throw notFound();
        return row.goalId === null ? [] : goals.refreshProgress(tx, userId, [row.goalId]);
      });
      await goals.announce(userId, crossings);
    },

    /** Replaces one of today's three with the best task not yet picked or swapped out today. */
    async swap(userId: string, { taskId }: SwapRequest): Promise<SwapResult> {
      const day = await profile.day(userId);
      await rollMissedWeeks(userId, day);
      return db.transaction(async (tx) => {
        const resolved = await resolveToday(tx, userId, { lock: true });
        const index = resolved.picks.findIndex((p) => p.pick.taskId === taskId);
        const current = resolved.picks[index];
        if (!current || !resolved.row) {
          if (!(await repo.findTask(tx, userId, taskId))) throw notFound();
          throw new AppError('conflict', "This task is not in today's top three.");
        }
        if (current.task.status === 'done') {
          throw new AppError(
            'conflict',
            "A done task stays in today's three: it counts toward your streak.",
          );
        }
        const swappedOut = [...new Set([...resolved.row.swappedOut, taskId])];
        const excluded = new Set([...resolved.picks.map((p) => p.pick.taskId), ...swappedOut]);
        const pool = resolved.candidates.filter((task) => !excluded.has(task.id));
        const [best] = selectTopThree(
          pool.map((task) => toScoringTask(task, resolved.facts)),
          resolved.context,
        );
        const bestTask = best ? pool.find((task) => task.id === best.taskId) : undefined;
        const picks = [...resolved.picks];
        if (best && bestTask) picks.splice(index, 1, { pick: frozenPick(best), task: bestTask });
        else picks.splice(index, 1);
        const now = clock();
        await repo.updateTopThreeDay(tx, resolved.row.id, {
          picks: picks.map((p) => p.pick),
          swappedOut,
          updatedAt: now,
        });
        const after = { ...resolved, picks, row: { ...resolved.row, swappedOut } };
        return {
          ...todayOf(after),
          swap: {
            removedTaskId: taskId,
            addedTaskId: best?.taskId ?? null,
            reason: best ? `Next best: ${best.reason}` : 'No other task is open for today.',
          },
        };
      });
    },

    async dashboard(userId: string): Promise<Dashboard> {
      const day = await profile.day(userId);
      await rollMissedWeeks(userId, day);
      const resolved = await resolveToday(db, userId);
      const [activeGoals, nextMilestones, days] = await Promise.all([
        goals.activeGoals(userId),
        goals.nextMilestones(userId, MAX_NEXT_MILESTONES),
        repo.listTopThreeDays(db, userId),
      ]);
      const statuses = await repo.taskStatuses(
        db,
        userId,
        days.flatMap((d) => d.picks.map((p) => p.taskId)),
      );
      // A streak day: a local date whose frozen three (at least one task) were all done.
      const doneDays = new Set(
        days
          .filter(
            (d) => d.picks.length > 0 && d.picks.every((p) => statuses.get(p.taskId) === 'done'),
          )
          .map((d) => d.localDate),
      );
      let current = 0;
      let cursor = doneDays.has(day.localDate) ? day.localDate : addDays(day.localDate, -1);
      while (doneDays.has(cursor)) {
        current += 1;
        cursor = addDays(cursor, -1);
      }
      let best = 0;
      let run = 0;
      let previous: string | null = null;
      for (const date of [...doneDays].sort()) {
        run = previous !== null && addDays(previous, 1) === date ? run + 1 : 1;
        best = Math.max(best, run);
        previous = date;
      }
      const today = todayOf(resolved);
      return {
        localDate: today.localDate,
        timeZone: today.timeZone,
        topThree: today.topThree,
        goals: activeGoals,
        nextMilestones,
        streak: { current, best: Math.max(best, current) },
      };
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
