import { randomUUID } from 'node:crypto';
import type { GoalHistoryKind } from '#contracts/goals.ts';
import type { NewHistoryRow } from './goals.repo.ts';

/** Builds a goal_history row; every service that writes history shares one (one time line). */
export type HistoryEntry = (
  goal: { id: string; userId: string },
  kind: GoalHistoryKind,
  summary: string,
  data?: Record<string, unknown>,
) => NewHistoryRow;

/** `stamp` is a monotonic clock: history lists newest first, so entries need ordered instants. */
export function createHistoryEntry(stamp: () => Date): HistoryEntry {
  return (goal, kind, summary, data = {}) => ({
    id: randomUUID(),
    goalId: goal.id,
    userId: goal.userId,
    kind,
    summary,
    data,
    createdAt: stamp(),
  });
}
