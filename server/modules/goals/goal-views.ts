import type { SmartGoal } from '#contracts/coach.ts';
import type {
  Goal,
  GoalHistoryEntry,
  GoalMilestone,
  GoalPriority,
  GoalStatus,
  MilestoneSummary,
} from '#contracts/goals.ts';
import { AppError } from '#server/errors.ts';
import type { GoalRow, HistoryRow, MilestoneRow } from './goals.repo.ts';

// Rows of goals, milestones and history as the API shows them, and the errors for missing ones.

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

export function notFound(): AppError {
  return new AppError('not_found', 'No goal has this id.');
}

export function milestoneNotFound(): AppError {
  return new AppError('not_found', 'No milestone of this goal has this id.');
}

export function toMilestone(row: MilestoneRow, position: number): GoalMilestone {
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

export function toHistoryEntry(row: HistoryRow): GoalHistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}

export function isOpenMilestone(row: MilestoneRow): boolean {
  return row.completedAt === null && row.progress < 100;
}

export function smartGoalOf(row: GoalRow): SmartGoal {
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

export function toGoal(
  row: GoalRow,
  milestones: readonly MilestoneRow[],
  counts: Goal['taskCounts'] | undefined,
): Goal {
  // Milestones arrive sorted by due date, then position.
  const next = milestones.find((m) => m.goalId === row.id && isOpenMilestone(m));
  const nextMilestone: MilestoneSummary | null = next
    ? { id: next.id, title: next.title, dueDate: next.dueDate }
    : null;
  return {
    id: row.id,
    ...smartGoalOf(row),
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

export function factsOf(goals: readonly GoalRow[], milestones: readonly MilestoneRow[]): GoalFacts {
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
