import { type Dashboard } from '#contracts/dashboard.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import { addDays } from '#contracts/local-date.ts';
import type { TodayService } from '#server/modules/tasks/today.service.ts';

const MAX_NEXT_MILESTONES = 5;

export interface DashboardServiceDeps {
  today: Pick<TodayService, 'today' | 'doneDays'>;
  goals: Pick<GoalReads, 'activeGoals' | 'nextMilestones'>;
}

/** The current streak (ending today, or yesterday while today is not done yet) and the best one. */
export function streakOf(doneDays: readonly string[], localDate: string) {
  const done = new Set(doneDays);
  let current = 0;
  let cursor = done.has(localDate) ? localDate : addDays(localDate, -1);
  while (done.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const date of [...done].sort()) {
    run = previous !== null && addDays(previous, 1) === date ? run + 1 : 1;
    best = Math.max(best, run);
    previous = date;
  }
  return { current, best: Math.max(best, current) };
}

/** The home screen in one read, composed from the today flow and the goals' reads. */
export function createDashboardService(deps: DashboardServiceDeps) {
  const { today, goals } = deps;
  return {
    async dashboard(userId: string): Promise<Dashboard> {
      const day = await today.today(userId);
      const [activeGoals, nextMilestones, doneDays] = await Promise.all([
        goals.activeGoals(userId),
        goals.nextMilestones(userId, MAX_NEXT_MILESTONES),
        today.doneDays(userId),
      ]);
      return {
        localDate: day.localDate,
        timeZone: day.timeZone,
        topThree: day.topThree,
        goals: activeGoals,
        nextMilestones,
        streak: streakOf(doneDays, day.localDate),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
