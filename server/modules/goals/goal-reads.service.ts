import type { CoachDomain, SmartGoal } from '#contracts/coach.ts';
import type { Goal, GoalStatus } from '#contracts/goals.ts';
import type { Task } from '#contracts/tasks.ts';
import type { Db } from '#server/db/client.ts';
import type { TaskRecords } from '#server/modules/tasks/task-records.service.ts';
import {
  factsOf,
  isOpenMilestone,
  milestoneNotFound,
  notFound,
  smartGoalOf,
  toGoal,
  type GoalFacts,
} from './goal-views.ts';
import * as repo from './goals.repo.ts';
import { invalidInput } from './input-problems.ts';

export interface GoalReadsDeps {
  db: Db;
  tasks: Pick<TaskRecords, 'countsByGoal' | 'outline'>;
}

/** A goal (and milestone) a task may attach to. */
export interface GoalTarget {
  goal: { id: string; title: string; deadline: string; status: GoalStatus; domain: CoachDomain };
  milestone: { id: string; title: string; dueDate: string } | null;
}

/**
 * The goals module's reads for other flows and modules: goals with their details, the facts the
 * tasks module needs, the dashboard's lists and the coach's view of a goal. Writes nothing.
 */
export function createGoalReads(deps: GoalReadsDeps) {
  const { db } = deps;

  async function goalsWithDetails(tx: Db, userId: string, rows: repo.GoalRow[]): Promise<Goal[]> {
    const ids = rows.map((g) => g.id);
    const [milestones, counts] = await Promise.all([
      repo.listMilestones(tx, userId, ids),
      deps.tasks.countsByGoal(tx, userId, ids),
    ]);
    return rows.map((row) => toGoal(row, milestones, counts.get(row.id)));
  }

  return {
    goalsWithDetails,

    async goalById(tx: Db, userId: string, id: string): Promise<Goal> {
      const row = await repo.findGoal(tx, userId, id);
      if (!row) throw notFound();
      const [goal] = await goalsWithDetails(tx, userId, [row]);
      if (!goal) throw notFound();
      return goal;
    },

    /** What the achievements module counts: goals, accepted plans, done milestones, progress. */
    achievementFacts(tx: Db, userId: string): Promise<repo.GoalAchievementFacts> {
      return repo.achievementFacts(tx, userId);
    },

    async facts(tx: Db, userId: string): Promise<GoalFacts> {
      const [goals, milestones] = await Promise.all([
        repo.listGoals(tx, userId),
        repo.listMilestones(tx, userId),
      ]);
      return factsOf(goals, milestones);
    },

    /** The goal as the coach plans it, or a 404. */
    async smartGoal(userId: string, id: string): Promise<SmartGoal> {
      const goal = await repo.findGoal(db, userId, id);
      if (!goal) throw notFound();
      return smartGoalOf(goal);
    },

    /** The goal's plan so far (milestones in order, tasks by title), or a 404. */
    async planOutline(
      userId: string,
      id: string,
    ): Promise<{
      milestones: Array<{
        id: string;
        title: string;
        description: string;
        dueDate: string;
        done: boolean;
      }>;
      tasks: Array<{ title: string; milestoneId: string | null; status: Task['status'] }>;
    }> {
      const goal = await repo.findGoal(db, userId, id);
      if (!goal) throw notFound();
      const [milestones, tasks] = await Promise.all([
        repo.listMilestonesInOrder(db, userId, id),
        deps.tasks.outline(db, userId, id),
      ]);
      return {
        milestones: milestones.map((m) => ({
          id: m.id,
          title: m.title,
          description: m.description,
          dueDate: m.dueDate,
          done: m.completedAt !== null,
        })),
        tasks: tasks.map(({ title, milestoneId, status }) => ({ title, milestoneId, status })),
      };
    },

    /** Active goals with progress, pinned first (the dashboard's list); `tx` reads in a transaction. */
    async activeGoals(userId: string, tx: Db = db): Promise<Goal[]> {
      const rows = await repo.listGoals(tx, userId, { status: 'active' });
      return goalsWithDetails(tx, userId, rows);
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
    ): Promise<GoalTarget | null> {
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

export type GoalReads = ReturnType<typeof createGoalReads>;
