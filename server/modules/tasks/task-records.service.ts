import { type Task } from '#contracts/tasks.ts';
import { randomUUID } from 'node:crypto';
import type { TaskRecurrence } from '#contracts/coach.ts';
import { type Goal } from '#contracts/goals.ts';
import type { Db } from '#server/db/client.ts';
import type { GoalFacts } from '#server/modules/goals/goal-views.ts';
import type { ProgressTask } from '#server/modules/goals/progress.ts';
import * as repo from './tasks.repo.ts';
import { recurrenceColumns, recurrenceOf, toTask } from './task-views.ts';

/** A planned task the plan service asks the tasks module to write. */
export interface PlannedTaskInput {
  title: string;
  milestone: { id: string; dueDate: string } | null;
  scheduledDate: string;
  estimatedMinutes: number;
  recurrence: TaskRecurrence | null;
}

export interface TaskRecordsDeps {
  /** The tasks table's monotonic clock, shared with the tasks service (rows sort by creation). */
  stamp: () => Date;
}

/**
 * What the goals module reads and writes of a goal's tasks: the bottom of the planning graph
 * (goals, milestones and tasks are one aggregate; the goals module reaches the tasks table only
 * through these functions). Every function takes the caller's `db | tx`.
 */
export function createTaskRecords(deps: TaskRecordsDeps) {
  const { stamp } = deps;
  return {
    async listForGoal(tx: Db, userId: string, goalId: string, facts: GoalFacts): Promise<Task[]> {
      const rows = await repo.listGoalTasks(tx, userId, [goalId]);
      return rows.map((row) => toTask(row, facts));
    },

    async createPlanned(
      tx: Db,
      userId: string,
      input: {
        goal: { id: string; deadline: string };
        today: string;
        tasks: PlannedTaskInput[];
        /** The coach and engine whose plan proposed them (null when the person wrote it). */
        by?: Pick<repo.NewTaskRow, 'proposedBy' | 'proposedByCoach'>;
      },
      facts: GoalFacts,
    ): Promise<Task[]> {
      // After the goal's tasks, in the order accepted.
      const existing = await repo.listGoalTasks(tx, userId, [input.goal.id]);
      const first = existing.reduce((max, row) => Math.max(max, row.position + 1), 0);
      const rows = input.tasks.map((task: PlannedTaskInput, index): repo.NewTaskRow => {
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
          position: first + index,
          ...input.by,
          createdAt: now,
          updatedAt: now,
        };
      });
      return (await repo.insertTasks(tx, rows)).map((row) => toTask(row, facts));
    },

    /** What a goal's plan already holds: each task's title, milestone and status, in order. */
    async outline(
      tx: Db,
      userId: string,
      goalId: string,
    ): Promise<
      Array<{ id: string; title: string; milestoneId: string | null; status: Task['status'] }>
    > {
      const rows = await repo.listGoalTasks(tx, userId, [goalId]);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        milestoneId: row.milestoneId,
        status: row.status,
      }));
    },

    /**
     * Puts the given tasks of one goal and milestone (null: none) in the given order. Every id must
     * be such a task of the user's, or nothing changes and the answer is false.
     */
    async reorder(
      tx: Db,
      userId: string,
      group: { goalId: string; milestoneId: string | null },
      taskIds: readonly string[],
    ): Promise<boolean> {
      const rows = await repo.findTasks(tx, userId, taskIds);
      const fits =
        rows.length === new Set(taskIds).size &&
        rows.length === taskIds.length &&
        rows.every((row) => row.goalId === group.goalId && row.milestoneId === group.milestoneId);
      if (!fits) return false;
      await repo.setPositions(tx, userId, taskIds);
      return true;
    },

    async progressTasks(
      tx: Db,
      userId: string,
      goalIds: readonly string[],
    ): Promise<Array<ProgressTask & { goalId: string }>> {
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

    /**
     * The goal's open task planned (scheduled or due) latest after `deadline`, or null when every
     * open task fits: a deadline cannot move before work still planned for the goal.
     */
    async latestPlannedAfter(
      tx: Db,
      userId: string,
      goalId: string,
      deadline: string,
    ): Promise<{ title: string; date: string } | null> {
      let latest: { title: string; date: string } | null = null;
      for (const row of await repo.listGoalTasks(tx, userId, [goalId])) {
        if (row.status !== 'open') continue;
        for (const date of [row.scheduledDate, row.dueDate]) {
          if (date !== null && date > deadline && (latest === null || date > latest.date)) {
            latest = { title: row.title, date };
          }
        }
      }
      return latest;
    },

    /**
     * Repeating tasks outside a milestone repeat until the goal's deadline: when it moves, their
     * series follow it (a series that stopped early for another reason keeps its end).
     */
    async followDeadline(
      tx: Db,
      userId: string,
      goalId: string,
      move: { from: string; to: string },
    ): Promise<void> {
      for (const row of await repo.listGoalTasks(tx, userId, [goalId])) {
        if (row.status !== 'open' || row.milestoneId !== null || row.repeatsUntil === null)
          continue;
        if (row.repeatsUntil === move.from || row.repeatsUntil > move.to) {
          await repo.updateTask(tx, userId, row.id, { repeatsUntil: move.to });
        }
      }
    },

    async countsByGoal(
      tx: Db,
      userId: string,
      goalIds: readonly string[],
    ): Promise<Map<string, Goal['taskCounts']>> {
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
}

export type TaskRecords = ReturnType<typeof createTaskRecords>;
