import type { GoalMilestone, UpdateMilestone } from '#contracts/goals.ts';
import type { Db } from '#server/db/client.ts';
import type { AchievementsService } from '#server/modules/achievements/achievements.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { HistoryEntry } from './goal-history.ts';
import { milestoneNotFound, toMilestone } from './goal-views.ts';
import * as repo from './goals.repo.ts';
import { lockedGoal } from './goals.service.ts';
import { invalidInput } from './input-problems.ts';
import type { ProgressCrossing, ProgressService } from './progress.service.ts';

export interface MilestonesServiceDeps {
  db: Db;
  clock: () => Date;
  profile: ProfileService;
  history: HistoryEntry;
  progress: ProgressService;
  /** Awards the badges a change earns, inside the change's transaction (when the app has them). */
  achievements?: Pick<AchievementsService, 'check'>;
}

/** Editing, completing, reopening and deleting a goal's milestones (a plan creates them). */
export function createMilestonesService(deps: MilestonesServiceDeps) {
  const { db, clock, profile, history, progress } = deps;
  return {
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
        if (set.completedAt !== undefined)
          crossings = await progress.refreshProgress(tx, userId, [goalId]);
        const earning = [
          ...(set.completedAt ? (['milestones'] as const) : []),
          ...(crossings.length > 0 ? (['progress'] as const) : []),
        ];
        if (earning.length > 0) await deps.achievements?.check(tx, userId, earning);
        return (await repo.findMilestone(tx, userId, milestoneId)) ?? milestone;
      });
      await progress.announce(userId, crossings);
      const sorted = await repo.listMilestonesInOrder(db, userId, goalId);
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
        crossings = await progress.refreshProgress(tx, userId, [goalId]);
        if (crossings.length > 0) await deps.achievements?.check(tx, userId, ['progress']);
      });
      await progress.announce(userId, crossings);
    },
  };
}

export type MilestonesService = ReturnType<typeof createMilestonesService>;
