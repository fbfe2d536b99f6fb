import {
  MAX_EXPERIMENT_DAYS,
  experimentDays,
  type Experiment,
  type ExperimentMetric,
} from '#contracts/experiments.ts';
import { addDays } from '#contracts/local-date.ts';
import { AppError } from '#server/errors.ts';
import { invalidInput } from '#server/modules/goals/input-problems.ts';
import type { ExperimentRow } from './experiments.repo.ts';
import { lastCheckinDay, statusOf } from './status.ts';

// The rules of an experiment the schema cannot check alone (values against the metric, dates
// against today), the errors a person reads, and the row as the API shows it.

export function experimentNotFound(): AppError {
  return new AppError('not_found', 'No experiment has this id.');
}

/** A start may be up to this many days back (an experiment already under way) and a year ahead. */
export const EARLIEST_START_DAYS_BACK = MAX_EXPERIMENT_DAYS - 1;
export const LATEST_START_DAYS_AHEAD = 365;

export function checkStart(startDate: string, today: string, path = 'body.startDate'): void {
  const earliest = addDays(today, -EARLIEST_START_DAYS_BACK);
  if (startDate < earliest) {
    throw invalidInput(
      path,
      `must be ${earliest} or later (at most ${EARLIEST_START_DAYS_BACK} days ago)`,
    );
  }
  const latest = addDays(today, LATEST_START_DAYS_AHEAD);
  if (startDate > latest) throw invalidInput(path, `must be ${latest} or earlier (within a year)`);
}

/** A check-in's value for the metric: a whole 1–5 on a rating, any number otherwise. */
export function checkValue(metric: ExperimentMetric, value: number, path: string): void {
  if (metric.kind === 'rating' && (!Number.isInteger(value) || value < 1 || value > 5)) {
    throw invalidInput(path, 'must be a whole number from 1 to 5 for a rating');
  }
}

/** A baseline on a rating may be an average (2.5), but stays within 1–5. */
export function checkBaseline(metric: ExperimentMetric, baseline: number | null): void {
  if (metric.kind === 'rating' && baseline !== null && (baseline < 1 || baseline > 5)) {
    throw invalidInput('body.baseline', 'must be from 1 to 5 for a rating');
  }
}

export function toExperiment(
  row: ExperimentRow,
  today: string,
  extra: {
    goalTitle: string | null;
    checkinCount: number;
    todayValue: number | null;
  },
): Experiment {
  const status = statusOf(row, today);
  const last = lastCheckinDay(row, today);
  return {
    id: row.id,
    title: row.title,
    hypothesis: row.hypothesis,
    change: row.changeToTry,
    metric: row.metric,
    startDate: row.startDate,
    endDate: row.endDate,
    closedOn: row.closedOn,
    status,
    goal:
      row.goalId && extra.goalTitle !== null ? { id: row.goalId, title: extra.goalTitle } : null,
    baseline: row.baseline,
    origin: row.origin,
    days: experimentDays(row.startDate, row.endDate),
    checkinWindow:
      status === 'abandoned' || last < row.startDate ? null : { from: row.startDate, to: last },
    checkinCount: extra.checkinCount,
    todayValue: extra.todayValue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
