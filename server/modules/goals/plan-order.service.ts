import type { MilestoneOrder, PlanOrderResult, TaskOrder } from '#contracts/plan.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { TaskRecords } from '#server/modules/tasks/task-records.service.ts';
import { milestoneNotFound, toMilestone } from './goal-views.ts';
import * as repo from './goals.repo.ts';
import { lockedGoal } from './goals.service.ts';

export interface PlanOrderServiceDeps {
  db: Db;
  clock: () => Date;
  tasks: Pick<TaskRecords, 'reorder'>;
}

/** The plan changed since the page loaded (another tab, a deletion): the order is refused. */
function staleOrder(what: string): AppError {
  return new AppError(
    'conflict',
    `The ${what} changed since this page loaded: reload it and move the item again.`,
  );
}

/** The person's order of a goal's milestones, and of each milestone's tasks. */
export function createPlanOrderService(deps: PlanOrderServiceDeps) {
  const { db, clock, tasks } = deps;

  async function ordered(tx: Db, userId: string, goalId: string): Promise<PlanOrderResult> {
    const milestones = await repo.listMilestonesInOrder(tx, userId, goalId);
    return { milestones: milestones.map((m, index) => toMilestone(m, index)) };
  }

  return {
    /** Every milestone of the goal, each once, in the new order; nothing else changes. */
    async orderMilestones(
      userId: string,
      goalId: string,
      order: MilestoneOrder,
    ): Promise<PlanOrderResult> {
      return db.transaction(async (tx) => {
        await lockedGoal(tx, userId, goalId);
        const milestones = await repo.listMilestonesInOrder(tx, userId, goalId);
        const ids = new Set(milestones.map((m) => m.id));
        if (
          order.milestoneIds.length !== ids.size ||
          !order.milestoneIds.every((id) => ids.has(id))
        ) {
          throw staleOrder("goal's milestones");
        }
        const now = clock();
        for (const [position, id] of order.milestoneIds.entries()) {
          const milestone = milestones.find((m) => m.id === id);
          if (milestone && milestone.position !== position) {
            await repo.updateMilestone(tx, userId, id, { position, updatedAt: now });
          }
        }
        return ordered(tx, userId, goalId);
      });
    },

    /** Tasks of one milestone (or of none) of the goal, in the new order. */
    async orderTasks(userId: string, goalId: string, order: TaskOrder): Promise<PlanOrderResult> {
      return db.transaction(async (tx) => {
        await lockedGoal(tx, userId, goalId);
        if (order.milestoneId !== null) {
          const milestone = await repo.findMilestone(tx, userId, order.milestoneId);
          if (!milestone || milestone.goalId !== goalId) throw milestoneNotFound();
        }
        const fits = await tasks.reorder(
          tx,
          userId,
          { goalId, milestoneId: order.milestoneId },
          order.taskIds,
        );
        if (!fits) throw staleOrder('milestone’s tasks');
        return ordered(tx, userId, goalId);
      });
    },
  };
}

export type PlanOrderService = ReturnType<typeof createPlanOrderService>;
