import type { CoachDomain } from '#contracts/coach.ts';
import { goalMetricSchema } from '#contracts/coach.ts';
import type { DomainGoal, TimelineMilestone } from '#contracts/domain-metrics.ts';
import type {
  ClosedDayRow,
  DomainGoalRow,
  DomainMilestoneRow,
  MeasurementRow,
  OverdueRow,
} from './analytics.repo.ts';
import { totalCompletion } from './figures.ts';

// The figures of /analytics/metrics/{domain} (ADR 026) from the read model's rows: pure, so each
// rule is tested without a database. The definitions are written in contracts/domain-metrics.ts.

/** Tasks done, minutes invested and completion of one domain's tasks. */
export function domainTotals(
  closed: readonly ClosedDayRow[],
  overdue: readonly OverdueRow[],
  domain: CoachDomain,
) {
  const own = closed.filter((row) => row.domain === domain);
  const completion = totalCompletion(
    own,
    overdue.filter((row) => row.domain === domain),
  );
  const minutesInvested = own
    .filter((row) => row.status === 'done')
    .reduce((sum, row) => sum + row.minutes, 0);
  return { tasksDone: completion.done, minutesInvested, completion };
}

/** Each milestone with its state on `today`. */
export function milestoneTimeline(
  rows: readonly DomainMilestoneRow[],
  today: string,
): TimelineMilestone[] {
  return rows.map((row) => ({
    ...row,
    state: row.doneOn !== null ? 'done' : row.dueDate < today ? 'overdue' : 'upcoming',
  }));
}

/**
 * The domain's goals with their period's values, its total and the newest value ever. A goal
 * whose stored metric does not read as one keeps its ring with a null metric (nothing to chart).
 */
export function domainGoalFigures(
  goals: readonly DomainGoalRow[],
  measurements: readonly MeasurementRow[],
  latest: readonly MeasurementRow[],
): DomainGoal[] {
  const byGoal = new Map<string, MeasurementRow[]>();
  for (const row of measurements) {
    const list = byGoal.get(row.goalId);
    if (list) list.push(row);
    else byGoal.set(row.goalId, [row]);
  }
  const newest = new Map(latest.map((row) => [row.goalId, row]));
  return goals.map((goal) => {
    const values = byGoal.get(goal.id) ?? [];
    return {
      id: goal.id,
      title: goal.title,
      status: goal.status,
      pinned: goal.pinned,
      progress: goal.progress,
      deadline: goal.deadline,
      metric: goalMetricSchema.safeParse(goal.metric).data ?? null,
      measurements: values,
      periodTotal: values.reduce((sum, row) => sum + row.value, 0),
      latest: newest.get(goal.id) ?? null,
    };
  });
}
