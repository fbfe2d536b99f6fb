import { INSIGHT_LIST_MAX, type InsightFigures } from '#contracts/insights.ts';
import { addDays } from '#contracts/local-date.ts';
import { streakOf } from '#server/modules/dashboard/dashboard.service.ts';
import type { ActiveGoalRow, ClosedDayRow } from './analytics.repo.ts';
import { datesBetween, topThreeFigure, totalCompletion } from './figures.ts';
import type { GoalDoneRow, SlipRow } from './week-review.repo.ts';

// The figures of a weekly insight from the read model's rows: pure, tested without a database.
// Their definitions are in contracts/insights.ts.

/** The streak the day before `from` and on `to`, each counting only the days up to it. */
export function streakChange(doneDays: readonly string[], from: string, to: string) {
  const before = addDays(from, -1);
  const upTo = (last: string) => doneDays.filter((date) => date <= last);
  const after = streakOf(upTo(to), to);
  return { before: streakOf(upTo(before), before).current, after: after.current, best: after.best };
}

/** The date after `today` (within seven days) with the fewest planned minutes; the earliest on a tie. */
export function lightestDay(
  planned: ReadonlyArray<{ date: string; minutes: number }>,
  today: string,
): string {
  const minutes = new Map(planned.map((row) => [row.date, row.minutes]));
  const days = datesBetween(addDays(today, 1), addDays(today, 7));
  return days.reduce((best, date) =>
    (minutes.get(date) ?? 0) < (minutes.get(best) ?? 0) ? date : best,
  );
}

export interface WeekReviewRows {
  period: { from: string; to: string };
  today: string;
  closed: readonly ClosedDayRow[];
  moved: readonly GoalDoneRow[];
  slipping: readonly SlipRow[];
  goals: readonly ActiveGoalRow[];
  frozen: readonly string[];
  doneDays: readonly string[];
  planned: ReadonlyArray<{ date: string; minutes: number }>;
}

export function weekFigures(rows: WeekReviewRows): InsightFigures {
  const { period, today } = rows;
  const completion = totalCompletion(rows.closed, []);
  const movedIds = new Set(rows.moved.map((goal) => goal.goalId));
  return {
    tasksDone: completion.done,
    skipped: completion.skipped,
    movedForward: rows.moved.slice(0, INSIGHT_LIST_MAX).map((goal) => ({ ...goal })),
    slipping: rows.slipping.slice(0, INSIGHT_LIST_MAX).map((task) => ({ ...task })),
    stalledGoals: rows.goals
      .filter((goal) => !movedIds.has(goal.id))
      .slice(0, INSIGHT_LIST_MAX)
      .map((goal) => ({ goalId: goal.id, title: goal.title })),
    topThree: topThreeFigure(
      rows.frozen.filter((date) => date >= period.from && date <= period.to),
      new Set(rows.doneDays),
      today,
    ),
    streak: streakChange(rows.doneDays, period.from, period.to),
    lightestDay: lightestDay(rows.planned, today),
  };
}
