import { randomUUID } from 'node:crypto';
import {
  MAX_PINNED_GOALS,
  type CreateGoal,
  type Goal,
  type GoalDetail,
  type GoalList,
  type GoalListQuery,
  type GoalStatus,
  type UpdateGoal,
  createGoalSchema,
} from '#contracts/goals.ts';
import { LATEST_DATE } from '#contracts/shared.ts';
import type { Db } from '#server/db/client.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import type { SuggestionsService } from '#server/modules/coaching/suggestions.service.ts';
import { AppError } from '#server/errors.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TaskRecords } from '#server/modules/tasks/task-records.service.ts';
import type { HistoryEntry } from './goal-history.ts';
import type { GoalReads } from './goal-reads.service.ts';
import { factsOf, notFound, toGoal, toHistoryEntry, toMilestone } from './goal-views.ts';
import * as repo from './goals.repo.ts';
import { type InputProblem, invalidInput, throwIfProblems } from './input-problems.ts';
import type { ProgressCrossing, ProgressService } from './progress.service.ts';

export interface GoalsServiceDeps {
  db: Db;
  clock: () => Date;
  profile: ProfileService;
  history: HistoryEntry;
  reads: GoalReads;
  progress: ProgressService;
  /** Awards the badges a change earns, inside the change's transaction (when the app has them). */
  achievements?: Pick<AchievementsService, 'check'>;
  /** The coach's proposals: a goal carrying a `suggestionId` accepts it (when the app has them). */
  suggestions?: Pick<SuggestionsService, 'claim' | 'markAccepted'>;
  tasks: Pick<
    TaskRecords,
    'countsByGoal' | 'listForGoal' | 'latestPlannedAfter' | 'followDeadline'
  >;
}

const HISTORY_LIMIT = 200;

type ParsedCreateGoal = ReturnType<typeof createGoalSchema.parse>;

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

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The goal row locked until the transaction ends, or a 404. */
export async function lockedGoal(tx: Db, userId: string, id: string): Promise<repo.GoalRow> {
  const goal = await repo.findGoal(tx, userId, id, { lock: true });
  if (!goal) throw notFound();
  return goal;
}

/**
 * Goals themselves: create, list, read with milestones, tasks and history, edit, delete. Every
 * call is scoped to the caller: another user's goal is a 404. Multi-row writes run in one
 * transaction with the goal row locked, so progress and its thresholds move once per change.
 */
export function createGoalsService(deps: GoalsServiceDeps) {
  const { db, clock, profile, history, reads, progress, tasks: taskRecords } = deps;

  const assertPinnable = async (tx: Db, userId: string, exceptId?: string) => {
    if ((await repo.countPinned(tx, userId, exceptId)) >= MAX_PINNED_GOALS) {
      throw new AppError(
        'conflict',
        `You can pin up to ${MAX_PINNED_GOALS} goals as your top three. Unpin one first.`,
      );
    }
  };

  /**
   * Who proposed the goal: the coach's suggestion when the body carries one (claimed now, marked
   * accepted once the goal exists), else the engine the body names (its coach the goal's domain).
   */
  const attributionOf = async (tx: Db, userId: string, body: ParsedCreateGoal) => {
    const { suggestionId } = body;
    if (suggestionId === undefined || !deps.suggestions) {
      return {
        proposedBy: body.proposedBy,
        proposedByCoach: body.proposedBy ? body.goal.domain : null,
        accept: async () => {},
      };
    }
    const suggestions = deps.suggestions;
    const by = await suggestions.claim(tx, userId, suggestionId, { kind: 'goal' });
    return {
      proposedBy: by.engine,
      proposedByCoach: by.coach,
      accept: (goalId: string) => suggestions.markAccepted(tx, suggestionId, goalId),
    };
  };

  return {
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
        const { proposedBy, proposedByCoach, accept } = await attributionOf(tx, userId, body);
        const now = clock();
        const row = await repo.insertGoal(tx, {
          id: randomUUID(),
          userId,
          ...body.goal,
          priority: body.priority,
          pinned: body.pinned,
          status: 'active',
          proposedBy,
          proposedByCoach,
          progress: 0,
          progressReached: 0,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertHistory(tx, [
          history(row, 'created', proposedBy ? `Created with the ${proposedBy} coach` : 'Created', {
            proposedBy,
          }),
        ]);
        await accept(row.id);
        await deps.achievements?.check(tx, userId, ['goals']);
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
      return { goals: await reads.goalsWithDetails(db, userId, rows) };
    },

    async detail(userId: string, id: string): Promise<GoalDetail> {
      const row = await repo.findGoal(db, userId, id);
      if (!row) throw notFound();
      const [milestones, counts, historyRows] = await Promise.all([
        repo.listMilestones(db, userId, [id]),
        taskRecords.countsByGoal(db, userId, [id]),
        repo.listHistory(db, id, HISTORY_LIMIT),
      ]);
      const tasks = await taskRecords.listForGoal(db, userId, id, factsOf([row], milestones));
      const inOrder = await repo.listMilestonesInOrder(db, userId, id);
      return {
        goal: toGoal(row, milestones, counts.get(id)),
        milestones: inOrder.map((m, index) => toMilestone(m, index)),
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
          } else {
            const task = await taskRecords.latestPlannedAfter(tx, userId, id, patch.deadline);
            if (task) {
              problems.push({
                path: 'body.deadline',
                message: `must be on or after the last task planned for this goal, "${task.title}" (${task.date}); move or delete that task first`,
              });
            }
          }
        }
        throwIfProblems(problems);
        if (patch.deadline !== undefined && patch.deadline !== goal.deadline) {
          await taskRecords.followDeadline(tx, userId, id, {
            from: goal.deadline,
            to: patch.deadline,
          });
        }

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
        if (set.status !== undefined) crossings = await progress.refreshProgress(tx, userId, [id]);
        if (crossings.length > 0) await deps.achievements?.check(tx, userId, ['progress']);
      });
      await progress.announce(userId, crossings);
      return reads.goalById(db, userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteGoal(db, userId, id))) throw notFound();
    },
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
