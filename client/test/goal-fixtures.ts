import {
  refineGoalResponseSchema,
  type RefineGoalResponse,
  type SmartGoal,
} from '#contracts/coach.ts';
import { breakdownResponseSchema, type BreakdownResponse } from '#contracts/plan.ts';
import { goalDetailSchema, goalSchema, type Goal, type GoalDetail } from '#contracts/goals.ts';
import { taskSchema, type Task } from '#contracts/tasks.ts';
import { todaySchema, type Today } from '#contracts/today.ts';

// Answers of the goals API for client tests, each checked by the contract's schema.

let counter = 0;
/** A fresh UUID-shaped id. */
export function id(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

const stamp = '2026-03-02T08:00:00.000Z';

export const smartGoal: SmartGoal = {
  title: 'Run a 10k',
  domain: 'health',
  specific: 'Run 10 km without stopping at an easy pace.',
  metric: { name: 'Longest run', target: 10, unit: 'km' },
  deadline: '2026-06-01',
  why: 'To feel strong again.',
  firstStep: 'Run 2 km on Monday.',
  weeklyHours: 3,
};

export function makeGoal(overrides: Partial<Goal> = {}): Goal {
  return goalSchema.parse({
    id: id(),
    ...smartGoal,
    priority: 'medium',
    status: 'active',
    pinned: false,
    progress: 0,
    nextMilestone: null,
    proposedBy: 'offline',
    taskCounts: { open: 0, done: 0, skipped: 0 },
    createdAt: stamp,
    updatedAt: stamp,
    completedAt: null,
    ...overrides,
  });
}

export function makeDetail(goal: Goal, overrides: Partial<GoalDetail> = {}): GoalDetail {
  return goalDetailSchema.parse({ goal, milestones: [], tasks: [], history: [], ...overrides });
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return taskSchema.parse({
    id: id(),
    goalId: null,
    goalTitle: null,
    milestoneId: null,
    milestoneTitle: null,
    title: 'A task',
    notes: null,
    status: 'open',
    scheduledDate: '2026-03-02',
    dueDate: null,
    snoozedUntil: null,
    estimatedMinutes: 30,
    recurrence: null,
    seriesId: null,
    repeatsUntil: null,
    completedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  });
}

export function makeToday(
  topThree: { task: Task; reason: string }[],
  others: Task[] = [],
  localDate = '2026-03-02',
): Today {
  return todaySchema.parse({
    localDate,
    timeZone: 'Europe/Paris',
    topThree: topThree.map(({ task, reason }) => ({
      task,
      reason,
      reasons: [reason],
      score: 70,
      breakdown: { due: 70, milestone: 0, topGoal: 0, priority: 0, staleness: 0, effort: 0 },
    })),
    others,
    othersTotal: others.length,
    frozenAt: stamp,
  });
}

export function refineAnswer(value: unknown): RefineGoalResponse {
  return refineGoalResponseSchema.parse(value);
}

/** A breakdown answer; a plan's `alreadyInPlan` is 0 (a first breakdown) unless given. */
export function breakdownAnswer(value: {
  result: { kind: string; alreadyInPlan?: number; [key: string]: unknown };
  [key: string]: unknown;
}): BreakdownResponse {
  const result =
    value.result.kind === 'plan' ? { alreadyInPlan: 0, ...value.result } : value.result;
  return breakdownResponseSchema.parse({ ...value, result });
}
