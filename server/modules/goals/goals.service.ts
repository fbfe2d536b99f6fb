import { randomUUID } from 'node:crypto';
import type {
  BreakDownGoalResponse,
  CoachDomain,
  RefineGoalResponse,
  SmartGoal,
  TaskRecurrence,
} from '#contracts/coach.ts';
import {
  MAX_PINNED_GOALS,
  type CreateGoal,
  type Goal,
  type GoalDetail,
  type GoalHistoryEntry,
  type GoalHistoryKind,
  type GoalList,
  type GoalListQuery,
  type GoalMilestone,
  type GoalPriority,
  type GoalStatus,
  type MilestoneSummary,
  type RefineGoalRequest,
  type UpdateGoal,
  type UpdateMilestone,
  createGoalSchema,
} from '#contracts/goals.ts';
import {
  type AcceptPlan,
  type AcceptPlanResult,
  type BreakdownRequest,
  acceptPlanSchema,
} from '#contracts/plan.ts';
import { LATEST_DATE } from '#contracts/shared.ts';
import type { Task } from '#contracts/tasks.ts';
import type { NewNotification } from '#contracts/notifications.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import * as repo from './goals.repo.ts';
import { type InputProblem, invalidInput, throwIfProblems } from './input-problems.ts';
import { computeProgress, crossedThresholds, type ProgressTask } from './progress.ts';

/** What the tasks module needs to know about a user's goals and milestones, read in two queries. */
export interface GoalFacts {
  goals: Map<
    string,
    {
      id: string;
      title: string;
      priority: GoalPriority;
      pinned: boolean;
      status: GoalStatus;
      deadline: string;
    }
  >;
  milestones: Map<
    string,
    { id: string; goalId: string; title: string; dueDate: string; done: boolean }
  >;
}

/** A planned task the goals service asks the tasks module to write. */
export interface PlannedTaskInput {
  title: string;
  milestone: { id: string; dueDate: string } | null;
  scheduledDate: string;
  estimatedMinutes: number;
  recurrence: TaskRecurrence | null;
}

/** The goals service's view of the tasks module (the tasks service implements it). */
export interface TasksForGoals {
  listForGoal(db: Db, userId: string, goalId: string, facts: GoalFacts): Promise<Task[]>;
  createPlanned(
    tx: Db,
    userId: string,
    input: { goal: { id: string; deadline: string }; today: string; tasks: PlannedTaskInput[] },
    facts: GoalFacts,
  ): Promise<Task[]>;
  progressTasks(
    db: Db,
    userId: string,
    goalIds: readonly string[],
  ): Promise<Array<ProgressTask & { goalId: string }>>;
  countsByGoal(
    db: Db,
    userId: string,
    goalIds: readonly string[],
  ): Promise<Map<string, Goal['taskCounts']>>;
}

/** A goal whose progress reached thresholds it never reached before. */
export interface ProgressCrossing {
  goalId: string;
  goalTitle: string;
  progress: number;
  thresholds: number[];
}

export interface GoalsServiceDeps {
  db: Db;
  clock: () => Date;
  profile: ProfileService;
  ai: AiGateway;
  /** Late-bound: the tasks service is made after this one and depends on it. */
  tasks: () => TasksForGoals;
  /** The notifications service's notify, when the app has one. */
  notify?: (userId: string, notification: NewNotification) => Promise<unknown>;
  log: { error(details: object, message: string): void };
}

const HISTORY_LIMIT = 200;

const EDITABLE_FIELDS = [
  'title',
  'domain',
  'specific',
  'metric',
  'deadline',
  'why',
  'firstStep',
  'weeklyHours',
  'priority',
] as const;

const FIELD_LABELS: Record<(typeof EDITABLE_FIELDS)[number], string> = {
  title: 'title',
  domain: 'domain',
  specific: 'description',
  metric: 'measure',
  deadline: 'deadline',
  why: 'why',
  firstStep: 'first step',
  weeklyHours: 'weekly hours',
  priority: 'priority',
};

const STATUS_SUMMARIES: Record<GoalStatus, string> = {
  active: 'Made active again',
  paused: 'Paused',
  completed: 'Marked completed',
  archived: 'Archived',
};

function notFound(): AppError {
  return new AppError('not_found', 'No goal has this id.');
}

function milestoneNotFound(): AppError {
  return new AppError('not_found', 'No milestone of this goal has this id.');
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function toMilestone(row: repo.MilestoneRow, position: number): GoalMilestone {
  return {
    id: row.id,
    goalId: row.goalId,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate,
    position,
    done: row.completedAt !== null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

function toHistoryEntry(row: repo.HistoryRow): GoalHistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}

function isOpenMilestone(row: repo.MilestoneRow): boolean {
  return row.completedAt === null && row.progress < 100;
}

function toGoal(
  row: repo.GoalRow,
  milestones: readonly repo.MilestoneRow[],
  counts: Goal['taskCounts'] | undefined,
): Goal {
  // Milestones arrive sorted by due date, then position.
  const next = milestones.find((m) => m.goalId === row.id && isOpenMilestone(m));
  const nextMilestone: MilestoneSummary | null = next
    ? { id: next.id, title: next.title, dueDate: next.dueDate }
    : null;
  return {
    id: row.id,
    title: row.title,
    domain: row.domain,
    specific: row.specific,
    metric: row.metric,
    deadline: row.deadline,
    why: row.why,
    firstStep: row.firstStep,
    weeklyHours: row.weeklyHours,
    priority: row.priority,
    status: row.status,
    pinned: row.pinned,
    progress: row.progress,
    nextMilestone,
    proposedBy: row.proposedBy,
    taskCounts: counts ?? { open: 0, done: 0, skipped: 0 },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

function smartGoalOf(row: repo.GoalRow): SmartGoal {
  return {
    title: row.title,
    domain: row.domain,
    specific: row.specific,
    metric: row.metric,
    deadline: row.deadline,
    why: row.why,
    firstStep: row.firstStep,
    weeklyHours: row.weeklyHours,
  };
}

function factsOf(
  goals: readonly repo.GoalRow[],
  milestones: readonly repo.MilestoneRow[],
): GoalFacts {
  return {
    goals: new Map(
      goals.map((g) => [
        g.id,
        {
          id: g.id,
          title: g.title,
          priority: g.priority,
          pinned: g.pinned,
          status: g.status,
          deadline: g.deadline,
        },
      ]),
    ),
    milestones: new Map(
      milestones.map((m) => [
        m.id,
        {
          id: m.id,
          goalId: m.goalId,
          title: m.title,
          dueDate: m.dueDate,
          done: m.completedAt !== null,
        },
      ]),
    ),
  };
}

/**
 * Goals, their milestones and history, the coach's proposals for them, and their progress. Every
 * call is scoped to the caller: another user's goal is a 404. Multi-row writes run in one
 * transaction with the goal row locked, so progress and its thresholds move once per change.
 */
export function createGoalsService(deps: GoalsServiceDeps) {
  const { db, clock, profile, ai } = deps;

  // History lists newest first; entries written in one call get distinct, ordered instants.
  let lastStamp = 0;
  const stamp = (): Date => {
    lastStamp = Math.max(clock().getTime(), lastStamp + 1);
    return new Date(lastStamp);
  };

  const history = (
    goal: { id: string; userId: string },
    kind: GoalHistoryKind,
    summary: string,
    data: Record<string, unknown> = {},
  ): repo.NewHistoryRow => ({
    id: randomUUID(),
    goalId: goal.id,
    userId: goal.userId,
    kind,
    summary,
    data,
    createdAt: stamp(),
  });

  const lockedGoal = async (tx: Db, userId: string, id: string): Promise<repo.GoalRow> => {
    const goal = await repo.findGoal(tx, userId, id, { lock: true });
    if (!goal) throw notFound();
    return goal;
  };

  const goalsWithDetails = async (
    tx: Db,
    userId: string,
    rows: repo.GoalRow[],
  ): Promise<Goal[]> => {
    const ids = rows.map((g) => g.id);
    const [milestones, counts] = await Promise.all([
      repo.listMilestones(tx, userId, ids),
      deps.tasks().countsByGoal(tx, userId, ids),
    ]);
    return rows.map((row) => toGoal(row, milestones, counts.get(row.id)));
  };

  const goalById = async (tx: Db, userId: string, id: string): Promise<Goal> => {
    const row = await repo.findGoal(tx, userId, id);
    if (!row) throw notFound();
    const [goal] = await goalsWithDetails(tx, userId, [row]);
    if (!goal) throw notFound();
    return goal;
  };

  const assertPinnable = async (tx: Db, userId: string, exceptId?: string) => {
    if ((await repo.countPinned(tx, userId, exceptId)) >= MAX_PINNED_GOALS) {
      throw new AppError(
        'conflict',
        `You can pin up to ${MAX_PINNED_GOALS} goals as your top three. Unpin one first.`,
      );
    }
  };

  /**
   * Recomputes the progress of `goalIds` (rule in progress.ts) inside the caller's transaction,
   * writes one `progress` history entry per threshold reached for the first time, and returns the
   * crossings for `announce` to send once the transaction has committed.
   */
  async function refreshProgress(
    tx: Db,
    userId: string,
    goalIds: readonly string[],
  ): Promise<ProgressCrossing[]> {
    const crossings: ProgressCrossing[] = [];
    for (const goalId of new Set(goalIds)) {
      const goal = await repo.findGoal(tx, userId, goalId, { lock: true });
      if (!goal) continue;
      const [milestones, tasks] = await Promise.all([
        repo.listMilestones(tx, userId, [goalId]),
        deps.tasks().progressTasks(tx, userId, [goalId]),
      ]);
      const progress = computeProgress({
        status: goal.status,
        milestones: milestones.map((m) => ({ id: m.id, done: m.completedAt !== null })),
        tasks,
      });
      for (const milestone of milestones) {
        const value = progress.milestones.get(milestone.id) ?? 0;
        if (value !== milestone.progress) await repo.setMilestoneProgress(tx, milestone.id, value);
      }
      const thresholds = crossedThresholds(goal.progressReached, progress.goal);
      const reached = Math.max(goal.progressReached, ...thresholds);
      if (progress.goal !== goal.progress || reached !== goal.progressReached) {
        await repo.updateGoal(tx, userId, goalId, {
          progress: progress.goal,
          progressReached: reached,
        });
      }
      if (thresholds.length > 0) {
        await repo.insertHistory(
          tx,
          thresholds.map((threshold) =>
            history(
              goal,
              'progress',
              threshold === 100 ? 'Reached 100 %: all done' : `Reached ${threshold} %`,
              {
                threshold,
                progress: progress.goal,
              },
            ),
          ),
        );
        crossings.push({ goalId, goalTitle: goal.title, progress: progress.goal, thresholds });
      }
    }
    return crossings;
  }

  /**
   * Sends one goal_progress notification per goal that crossed thresholds (for the highest of
   * them: a jump from 10 to 80 % is one piece of news). The change is committed by now, so a
   * failure is logged, not thrown.
   */
  async function announce(userId: string, crossings: readonly ProgressCrossing[]): Promise<void> {
    if (!deps.notify) return;
    for (const crossing of crossings) {
      const threshold = Math.max(...crossing.thresholds);
      const done = threshold === 100;
      try {
        await deps.notify(userId, {
          type: 'goal_progress',
          title: done
            ? `Goal reached: ${crossing.goalTitle}`
            : `${threshold} % of ${crossing.goalTitle}`,
          message: done
            ? `Everything planned for "${crossing.goalTitle}" is done. Well done!`
            : `"${crossing.goalTitle}" is ${threshold} % done. Keep going.`,
          priority: done ? 'high' : 'medium',
          data: { goal_id: crossing.goalId, threshold, progress: crossing.progress },
        });
      } catch (error: unknown) {
        deps.log.error(
          { err: error, goalId: crossing.goalId },
          'could not send a goal_progress notification',
        );
      }
    }
  }

  async function facts(tx: Db, userId: string): Promise<GoalFacts> {
    const [goals, milestones] = await Promise.all([
      repo.listGoals(tx, userId),
      repo.listMilestones(tx, userId),
    ]);
    return factsOf(goals, milestones);
  }

  return {
    refreshProgress,
    announce,
    facts,

    /** The coach turns a sentence (and answers) into questions or a SMART goal. Writes nothing. */
    async refine(userId: string, request: RefineGoalRequest): Promise<RefineGoalResponse> {
      const day = await profile.day(userId);
      return ai.refineGoal({
        text: request.text,
        ...(request.answers ? { answers: request.answers } : {}),
        ...(request.weeklyHours !== undefined ? { weeklyHours: request.weeklyHours } : {}),
        ...(request.domainHint ? { domainHint: request.domainHint } : {}),
        today: day.localDate,
        timeZone: day.timeZone,
      });
    },

    /** The coach proposes milestones and tasks for a stored goal, from today. Writes nothing. */
    async breakdown(
      userId: string,
      id: string,
      request: BreakdownRequest,
    ): Promise<BreakDownGoalResponse> {
      const goal = await repo.findGoal(db, userId, id);
      if (!goal) throw notFound();
      const day = await profile.day(userId);
      if (goal.deadline <= day.localDate) {
        throw new AppError(
          'conflict',
          `This goal's deadline (${goal.deadline}) is not after today (${day.localDate}): move it to a later date to plan it.`,
        );
      }
      return ai.breakDownGoal({
        goal: smartGoalOf(goal),
        startDate: day.localDate,
        weeklyHours: request.weeklyHours ?? goal.weeklyHours,
        timeZone: day.timeZone,
      });
    },

    async create(userId: string, input: CreateGoal): Promise<Goal> {
      const body = createGoalSchema.parse(input);
      const day = await profile.day(userId);
      const { deadline } = body.goal;
      if (deadline <= day.localDate) {
        throw invalidInput('body.goal.deadline', `must be after today (${day.localDate})`);
      }
      if (deadline > LATEST_DATE) {
        throw invalidInput('body.goal.deadline', `must be on or before ${LATEST_DATE}`);
      }
      const created = await db.transaction(async (tx) => {
        if (body.pinned) await assertPinnable(tx, userId);
        const now = clock();
        const row = await repo.insertGoal(tx, {
          id: randomUUID(),
          userId,
          ...body.goal,
          priority: body.priority,
          pinned: body.pinned,
          status: 'active',
          proposedBy: body.proposedBy,
          progress: 0,
          progressReached: 0,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertHistory(tx, [
          history(
            row,
            'created',
            body.proposedBy ? `Created with the ${body.proposedBy} coach` : 'Created',
            { proposedBy: body.proposedBy },
          ),
        ]);
        return row;
      });
      return toGoal(created, [], undefined);
    },

    async list(userId: string, query: GoalListQuery): Promise<GoalList> {
      const rows = await repo.listGoals(db, userId, {
        ...(query.status ? { status: query.status } : {}),
        ...(query.domain ? { domain: query.domain } : {}),
        ...(query.pinned ? { pinned: query.pinned === 'true' } : {}),
      });
      return { goals: await goalsWithDetails(db, userId, rows) };
    },

    async detail(userId: string, id: string): Promise<GoalDetail> {
      const row = await repo.findGoal(db, userId, id);
      if (!row) throw notFound();
      const [milestones, counts, historyRows] = await Promise.all([
        repo.listMilestones(db, userId, [id]),
        deps.tasks().countsByGoal(db, userId, [id]),
        repo.listHistory(db, id, HISTORY_LIMIT),
      ]);
      const tasks = await deps.tasks().listForGoal(db, userId, id, factsOf([row], milestones));
      return {
        goal: toGoal(row, milestones, counts.get(id)),
        milestones: milestones.map((m, index) => toMilestone(m, index)),
        tasks,
        history: historyRows.map(toHistoryEntry),
      };
    },

    async update(userId: string, id: string, patch: UpdateGoal): Promise<Goal> {
      let crossings: ProgressCrossing[] = [];
      await db.transaction(async (tx) => {
        const goal = await lockedGoal(tx, userId, id);
        const day = await profile.day(userId, tx);
        const problems: InputProblem[] = [];
        if (patch.deadline !== undefined && patch.deadline !== goal.deadline) {
          const milestones = await repo.listMilestones(tx, userId, [id]);
          const latest = milestones.reduce<repo.MilestoneRow | null>(
            (last, m) => (last === null || m.dueDate > last.dueDate ? m : last),
            null,
          );
          if (patch.deadline < day.localDate) {
            problems.push({
              path: 'body.deadline',
              message: `must be today (${day.localDate}) or later`,
            });
          } else if (latest && patch.deadline < latest.dueDate) {
            problems.push({
              path: 'body.deadline',
              message: `must be on or after the last milestone, "${latest.title}" (${latest.dueDate})`,
            });
          }
        }
        throwIfProblems(problems);

        const status = patch.status ?? goal.status;
        const closed = status === 'completed' || status === 'archived';
        if (patch.pinned === true && !goal.pinned) {
          if (closed)
            throw new AppError('conflict', 'Only an active or paused goal can be pinned.');
          await assertPinnable(tx, userId, id);
        }

        const now = clock();
        const set: Partial<repo.NewGoalRow> = {};
        const entries: repo.NewHistoryRow[] = [];
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const field of EDITABLE_FIELDS) {
          const value = patch[field];
          if (value === undefined || sameValue(value, goal[field])) continue;
          changes[field] = { from: goal[field], to: value };
          Object.assign(set, { [field]: value });
        }
        const changed = Object.keys(changes) as Array<(typeof EDITABLE_FIELDS)[number]>;
        if (changed.length > 0) {
          const summary =
            changed.length === 1 && changed[0] === 'deadline'
              ? `Deadline moved from ${goal.deadline} to ${String(patch.deadline)}`
              : `Edited ${changed.map((field) => FIELD_LABELS[field]).join(', ')}`;
          entries.push(history(goal, 'edited', summary, { changes }));
        }
        if (status !== goal.status) {
          set.status = status;
          set.completedAt = status === 'completed' ? now : null;
          entries.push(
            history(goal, 'status_changed', STATUS_SUMMARIES[status], {
              from: goal.status,
              to: status,
            }),
          );
        }
        // A finished goal leaves the top three goals to the ones still being worked on.
        const pinned = closed ? false : (patch.pinned ?? goal.pinned);
        if (pinned !== goal.pinned) {
          set.pinned = pinned;
          entries.push(
            history(
              goal,
              pinned ? 'pinned' : 'unpinned',
              pinned ? 'Pinned as a top goal' : 'Unpinned',
            ),
          );
        }
        if (entries.length === 0) return;
        set.updatedAt = now;
        await repo.updateGoal(tx, userId, id, set);
        await repo.insertHistory(tx, entries);
        if (set.status !== undefined) crossings = await refreshProgress(tx, userId, [id]);
      });
      await announce(userId, crossings);
      return goalById(db, userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteGoal(db, userId, id))) throw notFound();
    },

    /**
     * Writes the accepted part of a plan in one transaction: every date is checked first (nothing
     * before today, milestones on or before the deadline, tasks on or before their milestone), and
     * one bad date writes nothing.
     */
    async acceptPlan(userId: string, id: string, input: AcceptPlan): Promise<AcceptPlanResult> {
      const plan = acceptPlanSchema.parse(input);
      let crossings: ProgressCrossing[] = [];
      const result = await db.transaction(async (tx) => {
        const goal = await lockedGoal(tx, userId, id);
        if (goal.status === 'completed' || goal.status === 'archived') {
          throw new AppError(
            'conflict',
            `This goal is ${goal.status}: make it active again to plan it.`,
          );
        }
        const day = await profile.day(userId, tx);
        const today = day.localDate;
        const existing = await repo.listMilestones(tx, userId, [id]);
        const existingById = new Map(existing.map((m) => [m.id, m]));
        const problems: InputProblem[] = [];
        const checkDate = (
          path: string,
          date: string,
          limits: Array<{ date: string; what: string }>,
        ) => {
          if (date < today) {
            problems.push({ path, message: `must be today (${today}) or later` });
            return;
          }
          for (const limit of limits) {
            if (date > limit.date) {
              problems.push({
                path,
                message: `must be on or before ${limit.what} (${limit.date})`,
              });
              return;
            }
          }
        };
        const deadlineLimit = { date: goal.deadline, what: "the goal's deadline" };
        plan.milestones.forEach((milestone, index) => {
          checkDate(`body.milestones.${index}.dueDate`, milestone.dueDate, [deadlineLimit]);
        });
        plan.tasks.forEach((task, index) => {
          const path = `body.tasks.${index}`;
          if (task.milestoneIndex !== undefined && task.milestoneId !== undefined) {
            problems.push({ path, message: 'give milestoneIndex or milestoneId, not both' });
            return;
          }
          let milestone: { dueDate: string; title: string } | null = null;
          if (task.milestoneIndex !== undefined) {
            const planned = plan.milestones[task.milestoneIndex];
            if (!planned) {
              problems.push({
                path: `${path}.milestoneIndex`,
                message: `there is no milestone ${task.milestoneIndex} in this plan (it has ${plan.milestones.length})`,
              });
              return;
            }
            milestone = planned;
          } else if (task.milestoneId !== undefined) {
            const found = existingById.get(task.milestoneId);
            if (!found) {
              problems.push({
                path: `${path}.milestoneId`,
                message: 'is not a milestone of this goal',
              });
              return;
            }
            milestone = { dueDate: found.dueDate, title: found.title };
          }
          checkDate(`${path}.scheduledDate`, task.scheduledDate, [
            ...(milestone
              ? [{ date: milestone.dueDate, what: `its milestone "${milestone.title}"` }]
              : []),
            deadlineLimit,
          ]);
        });
        throwIfProblems(problems);

        const now = clock();
        const first = await repo.nextPosition(tx, id);
        const createdMilestones = await repo.insertMilestones(
          tx,
          plan.milestones.map((milestone, index) => ({
            id: randomUUID(),
            goalId: id,
            userId,
            title: milestone.title,
            description: milestone.description,
            dueDate: milestone.dueDate,
            position: first + index,
            progress: 0,
            createdAt: now,
            updatedAt: now,
          })),
        );
        const allMilestones = [...existing, ...createdMilestones];
        const tasks = await deps.tasks().createPlanned(
          tx,
          userId,
          {
            goal: { id, deadline: goal.deadline },
            today,
            tasks: plan.tasks.map((task) => {
              const target =
                task.milestoneIndex !== undefined
                  ? createdMilestones[task.milestoneIndex]
                  : task.milestoneId !== undefined
                    ? existingById.get(task.milestoneId)
                    : undefined;
              return {
                title: task.title,
                milestone: target ? { id: target.id, dueDate: target.dueDate } : null,
                scheduledDate: task.scheduledDate,
                estimatedMinutes: task.estimatedMinutes,
                recurrence: task.recurrence ?? null,
              };
            }),
          },
          factsOf([goal], allMilestones),
        );
        await repo.insertHistory(tx, [
          history(
            goal,
            'plan_accepted',
            `Plan accepted: ${plan.milestones.length} milestone${plan.milestones.length === 1 ? '' : 's'}, ${plan.tasks.length} task${plan.tasks.length === 1 ? '' : 's'}`,
            {
              milestones: plan.milestones.length,
              tasks: plan.tasks.length,
              proposedBy: plan.proposedBy,
            },
          ),
        ]);
        await repo.updateGoal(tx, userId, id, { updatedAt: now });
        crossings = await refreshProgress(tx, userId, [id]);
        const sorted = await repo.listMilestones(tx, userId, [id]);
        const positions = new Map(sorted.map((m, index) => [m.id, index]));
        return {
          goal: await goalById(tx, userId, id),
          milestones: createdMilestones.map((m) =>
            toMilestone(m, positions.get(m.id) ?? m.position),
          ),
          tasks,
        };
      });
      await announce(userId, crossings);
      return result;
    },

    async updateMilestone(
      userId: string,
      goalId: string,
      milestoneId: string,
      patch: UpdateMilestone,
    ): Promise<GoalMilestone> {
      let crossings: ProgressCrossing[] = [];
      const updated = await db.transaction(async (tx) => {
        const goal = await lockedGoal(tx, userId, goalId);
        const milestone = await repo.findMilestone(tx, userId, milestoneId);
        if (!milestone || milestone.goalId !== goalId) throw milestoneNotFound();
        if (patch.dueDate !== undefined && patch.dueDate !== milestone.dueDate) {
          const day = await profile.day(userId, tx);
          if (patch.dueDate < day.localDate) {
            throw invalidInput('body.dueDate', `must be today (${day.localDate}) or later`);
          }
          if (patch.dueDate > goal.deadline) {
            throw invalidInput(
              'body.dueDate',
              `must be on or before the goal's deadline (${goal.deadline})`,
            );
          }
        }
        const now = clock();
        const set: Partial<repo.NewMilestoneRow> = {};
        const entries: repo.NewHistoryRow[] = [];
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const field of ['title', 'description', 'dueDate'] as const) {
          const value = patch[field];
          if (value === undefined || value === milestone[field]) continue;
          changes[field] = { from: milestone[field], to: value };
          set[field] = value;
        }
        if (Object.keys(changes).length > 0) {
          entries.push(
            history(
              goal,
              'milestone_edited',
              `Milestone "${patch.title ?? milestone.title}" edited`,
              {
                milestoneId,
                changes,
              },
            ),
          );
        }
        const done = milestone.completedAt !== null;
        if (patch.done !== undefined && patch.done !== done) {
          set.completedAt = patch.done ? now : null;
          entries.push(
            history(
              goal,
              patch.done ? 'milestone_done' : 'milestone_reopened',
              `Milestone "${milestone.title}" ${patch.done ? 'done' : 'reopened'}`,
              { milestoneId },
            ),
          );
        }
        if (entries.length === 0) return milestone;
        set.updatedAt = now;
        await repo.updateMilestone(tx, userId, milestoneId, set);
        await repo.insertHistory(tx, entries);
        if (set.completedAt !== undefined) crossings = await refreshProgress(tx, userId, [goalId]);
        return (await repo.findMilestone(tx, userId, milestoneId)) ?? milestone;
      });
      await announce(userId, crossings);
      const sorted = await repo.listMilestones(db, userId, [goalId]);
      return toMilestone(
        updated,
        Math.max(
          0,
          sorted.findIndex((m) => m.id === updated.id),
        ),
      );
    },

    async deleteMilestone(userId: string, goalId: string, milestoneId: string): Promise<void> {
      let crossings: ProgressCrossing[] = [];
      await db.transaction(async (tx) => {
        const goal = await lockedGoal(tx, userId, goalId);
        const milestone = await repo.findMilestone(tx, userId, milestoneId);
        if (!milestone || milestone.goalId !== goalId) throw milestoneNotFound();
        await repo.deleteMilestone(tx, userId, milestoneId);
        await repo.insertHistory(tx, [
          history(goal, 'milestone_deleted', `Milestone "${milestone.title}" deleted`, {
            milestoneId,
            title: milestone.title,
          }),
        ]);
        crossings = await refreshProgress(tx, userId, [goalId]);
      });
      await announce(userId, crossings);
    },

    /** Active goals with progress, pinned first (the dashboard's list). */
    async activeGoals(userId: string): Promise<Goal[]> {
      const rows = await repo.listGoals(db, userId, { status: 'active' });
      return goalsWithDetails(db, userId, rows);
    },

    /** Milestones still to reach of active goals, soonest first. */
    async nextMilestones(
      userId: string,
      limit: number,
    ): Promise<
      Array<{ id: string; title: string; dueDate: string; goalId: string; goalTitle: string }>
    > {
      const active = await repo.listGoals(db, userId, { status: 'active' });
      const titles = new Map(active.map((g) => [g.id, g.title]));
      const milestones = await repo.listMilestones(db, userId, [...titles.keys()]);
      return milestones
        .filter(isOpenMilestone)
        .slice(0, limit)
        .map((m) => ({
          id: m.id,
          title: m.title,
          dueDate: m.dueDate,
          goalId: m.goalId,
          goalTitle: titles.get(m.goalId) ?? '',
        }));
    },

    /** For tasks: the goal (and milestone) a task may attach to, or a 404. */
    async target(
      tx: Db,
      userId: string,
      ref: { goalId?: string | null; milestoneId?: string | null },
    ): Promise<{
      goal: {
        id: string;
        title: string;
        deadline: string;
        status: GoalStatus;
        domain: CoachDomain;
      };
      milestone: { id: string; title: string; dueDate: string } | null;
    } | null> {
      let goalId = ref.goalId ?? null;
      let milestone: repo.MilestoneRow | null = null;
      if (ref.milestoneId) {
        milestone = await repo.findMilestone(tx, userId, ref.milestoneId);
        if (!milestone) throw milestoneNotFound();
        if (goalId !== null && milestone.goalId !== goalId) {
          throw invalidInput('body.milestoneId', 'is not a milestone of this goal');
        }
        goalId = milestone.goalId;
      }
      if (goalId === null) return null;
      const goal = await repo.findGoal(tx, userId, goalId);
      if (!goal) throw notFound();
      return {
        goal: {
          id: goal.id,
          title: goal.title,
          deadline: goal.deadline,
          status: goal.status,
          domain: goal.domain,
        },
        milestone: milestone
          ? { id: milestone.id, title: milestone.title, dueDate: milestone.dueDate }
          : null,
      };
    },
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
