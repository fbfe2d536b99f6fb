import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { goalMeasurements, goals, milestones, tasks, topThreeDays } from '#server/db/schema.ts';
import type { TestUser } from './users.ts';

// Hand-built histories for the route tests whose figures are worked out by hand (analytics,
// coach effectiveness, domain metrics, insights): rows written straight to the tables, each with
// the defaults a figure does not depend on, so a test names only what its figures read.

type GoalValues = Partial<typeof goals.$inferInsert>;
type TaskValues = Partial<typeof tasks.$inferInsert>;
type MilestoneValues = Pick<typeof milestones.$inferInsert, 'goalId' | 'dueDate'> &
  Partial<typeof milestones.$inferInsert>;

export interface HistorySeeder {
  /** A health goal of 10 sessions due at the end of 2025 unless `values` says otherwise. */
  goal(user: TestUser, values?: GoalValues): Promise<string>;
  /** An open task, open since 1 March 2025, unless `values` says otherwise. */
  task(user: TestUser, values?: TaskValues): Promise<string>;
  /** A milestone of `values.goalId` due on `values.dueDate`. */
  milestone(user: TestUser, values: MilestoneValues): Promise<string>;
  /** The day's top three as it was frozen on `localDate`. */
  day(user: TestUser, localDate: string, taskIds: readonly string[]): Promise<void>;
  /** A value logged against a goal's metric. */
  measurement(user: TestUser, goalId: string, localDate: string, value: number): Promise<void>;
}

/** Writes rows created and updated at `at`. */
export function historySeeder(db: Db, at: Date): HistorySeeder {
  return {
    async goal(user, values = {}) {
      const id = randomUUID();
      await db.insert(goals).values({
        id,
        userId: user.id,
        title: 'Goal',
        domain: 'health',
        specific: 'Specific',
        metric: { name: 'sessions', target: 10, unit: 'sessions' },
        deadline: '2025-12-31',
        why: 'Why',
        firstStep: 'Start',
        weeklyHours: 2,
        createdAt: at,
        updatedAt: at,
        ...values,
      });
      return id;
    },
    async task(user, values = {}) {
      const id = randomUUID();
      await db.insert(tasks).values({
        id,
        userId: user.id,
        title: 'Task',
        status: 'open',
        openSince: '2025-03-01',
        createdAt: at,
        updatedAt: at,
        ...values,
      });
      return id;
    },
    async milestone(user, values) {
      const id = randomUUID();
      await db.insert(milestones).values({
        id,
        userId: user.id,
        title: `Due ${values.dueDate}`,
        description: 'D',
        position: 0,
        createdAt: at,
        updatedAt: at,
        ...values,
      });
      return id;
    },
    async day(user, localDate, taskIds) {
      await db.insert(topThreeDays).values({
        id: randomUUID(),
        userId: user.id,
        localDate,
        picks: taskIds.map((taskId) => ({
          taskId,
          score: 0,
          reason: 'Next on your list',
          reasons: [],
          breakdown: { due: 0, milestone: 0, topGoal: 0, priority: 0, staleness: 0, effort: 0 },
        })),
        frozenAt: at,
        updatedAt: at,
      });
    },
    async measurement(user, goalId, localDate, value) {
      await db.insert(goalMeasurements).values({
        id: randomUUID(),
        goalId,
        userId: user.id,
        localDate,
        value,
        createdAt: at,
      });
    },
  };
}
