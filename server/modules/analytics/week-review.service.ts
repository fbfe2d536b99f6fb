import { SLIP_THRESHOLD, INSIGHT_LIST_MAX, type InsightFigures } from '#contracts/insights.ts';
import { addDays } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './analytics.repo.ts';
import { weekFigures } from './week-review.ts';
import * as review from './week-review.repo.ts';

export interface WeekReviewDeps {
  db: Db;
  /** The streak's days (the tasks' today flow), as the summary reads them. */
  doneDays: (userId: string) => Promise<string[]>;
}

/**
 * The figures of one person's weekly insight over the local dates `from` to `to` (the read
 * model, ADR 016 and 028): what moved their goals forward, what slipped, the top three and the
 * streak's change, and the lightest of the seven days after `today`.
 */
export function createWeekReview(deps: WeekReviewDeps) {
  const { db } = deps;
  return {
    async figures(
      userId: string,
      range: { from: string; to: string; today: string },
    ): Promise<InsightFigures> {
      const { from, to, today } = range;
      const [closed, moved, slipping, goals, frozen, doneDays, planned] = await Promise.all([
        repo.closedByDay(db, userId, from, to),
        review.doneByGoal(db, userId, from, to),
        review.slippingTasks(db, userId, { from, to }, SLIP_THRESHOLD, INSIGHT_LIST_MAX),
        repo.activeGoals(db, userId),
        repo.topThreeDates(db, userId, from, to),
        deps.doneDays(userId),
        repo.plannedMinutes(db, userId, addDays(today, 1), addDays(today, 7)),
      ]);
      return weekFigures({
        period: { from, to },
        today,
        closed,
        moved,
        slipping,
        goals,
        frozen,
        doneDays,
        planned,
      });
    },
  };
}

export type WeekReview = ReturnType<typeof createWeekReview>;
