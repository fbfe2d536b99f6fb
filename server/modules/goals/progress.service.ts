import type { NewNotification } from '#contracts/notifications.ts';
import type { Db } from '#server/db/client.ts';
import type { TaskRecords } from '#server/modules/tasks/task-records.service.ts';
import type { HistoryEntry } from './goal-history.ts';
import * as repo from './goals.repo.ts';
import { computeProgress, crossedThresholds } from './progress.ts';

/** A goal whose progress reached thresholds it never reached before. */
export interface ProgressCrossing {
  goalId: string;
  goalTitle: string;
  progress: number;
  thresholds: number[];
}

export interface ProgressServiceDeps {
  history: HistoryEntry;
  tasks: Pick<TaskRecords, 'progressTasks'>;
  /** The notifications service's notify, when the app has one. */
  notify?: (userId: string, notification: NewNotification) => Promise<unknown>;
  log: { error(details: object, message: string): void };
}

/**
 * A goal's progress after any change to its milestones or tasks: the goals, plan and tasks
 * services call `refreshProgress` inside their transaction and `announce` after it committed.
 */
export function createProgressService(deps: ProgressServiceDeps) {
  const { history } = deps;

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
        deps.tasks.progressTasks(tx, userId, [goalId]),
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

  return { refreshProgress, announce };
}

export type ProgressService = ReturnType<typeof createProgressService>;
