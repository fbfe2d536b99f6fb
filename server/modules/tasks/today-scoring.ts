import type { GoalFacts } from '#server/modules/goals/goal-views.ts';
import type { UserDay } from '#server/modules/profile/profile.service.ts';
import type { FrozenPick } from './today.repo.ts';
import type { TopThreeContext, TopThreePick, TopThreeTask } from './top-three.ts';

/** The columns of a task the scoring reads (a tasks row, or a row of the delivery's batch read). */
export interface ScorableTask {
  id: string;
  title: string;
  status: TopThreeTask['status'];
  goalId: string | null;
  scheduledDate: string | null;
  dueDate: string | null;
  snoozedUntil: string | null;
  estimatedMinutes: number | null;
  openSince: string;
}

export function toScoringTask(
  row: ScorableTask,
  milestone: { title: string; dueDate: string } | undefined,
): TopThreeTask {
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

/** A pick as top_three_days stores it (a copy: the breakdown object is not shared). */
export function frozenPick(pick: TopThreePick): FrozenPick {
  return {
    taskId: pick.taskId,
    score: pick.score,
    reason: pick.reason,
    reasons: pick.reasons,
    breakdown: { ...pick.breakdown },
  };
}

/** The scoring context of a user's day: their capacity and their goals' priorities and pins. */
export function scoringContext(day: UserDay, facts: GoalFacts): TopThreeContext {
  const goalPriorities: Record<string, TopThreeContext['goalPriorities'][string]> = {};
  const goalTitles: Record<string, string> = {};
  const topGoalIds: string[] = [];
  for (const goal of facts.goals.values()) {
    goalPriorities[goal.id] = goal.priority;
    goalTitles[goal.id] = goal.title;
    if (goal.pinned) topGoalIds.push(goal.id);
  }
  return {
    localDate: day.localDate,
    capacityMinutes: day.dailyCapacityMinutes,
    goalPriorities,
    topGoalIds,
    goalTitles,
  };
}
