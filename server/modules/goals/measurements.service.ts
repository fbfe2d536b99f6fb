import { randomUUID } from 'node:crypto';
import { goalMetricSchema, type GoalMetric } from '#contracts/coach.ts';
import { addDays } from '#contracts/local-date.ts';
import {
  MEASUREMENT_BACKDATE_DAYS,
  MEASUREMENT_LIST_LIMIT,
  newMeasurementSchema,
  type Measurement,
  type MeasurementList,
  type NewMeasurement,
} from '#contracts/measurements.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import { notFound } from './goal-views.ts';
import * as goalsRepo from './goals.repo.ts';
import { invalidInput } from './input-problems.ts';
import * as repo from './measurements.repo.ts';

export interface MeasurementsServiceDeps {
  db: Db;
  clock: () => Date;
  profile: Pick<ProfileService, 'day'>;
}

function toMeasurement(row: repo.MeasurementRow): Measurement {
  return {
    id: row.id,
    goalId: row.goalId,
    date: row.localDate,
    value: row.value,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The goal's metric, or a 400 when it has none a value could be logged against. Every goal saved
 * through the API has one; a stored one that no longer reads as a metric is the person's to fix.
 */
function metricOf(goal: goalsRepo.GoalRow): GoalMetric {
  const metric = goalMetricSchema.safeParse(goal.metric);
  if (!metric.success) {
    throw new AppError(
      'invalid_input',
      'This goal has no metric to log a value against. Edit the goal to give it a measure, a target and a unit first.',
    );
  }
  return metric.data;
}

async function ownGoal(db: Db, userId: string, goalId: string, lock = false) {
  const goal = await goalsRepo.findGoal(db, userId, goalId, { lock });
  if (!goal) throw notFound();
  return goal;
}

/**
 * Values logged against a goal's metric (ADR 026): log, list and delete. Every call is scoped to
 * the caller (another person's goal is a 404); a value is dated in the person's local days and
 * moves no progress.
 */
export function createMeasurementsService(deps: MeasurementsServiceDeps) {
  const { db, clock, profile } = deps;
  return {
    async list(userId: string, goalId: string): Promise<MeasurementList> {
      const goal = await ownGoal(db, userId, goalId);
      const rows = await repo.listMeasurements(db, userId, goalId, MEASUREMENT_LIST_LIMIT);
      return { metric: metricOf(goal), measurements: rows.map(toMeasurement) };
    },

    async log(userId: string, goalId: string, input: NewMeasurement): Promise<Measurement> {
      const body = newMeasurementSchema.parse(input);
      return db.transaction(async (tx) => {
        // Locked so a goal deleted meanwhile cannot gain a value.
        const goal = await ownGoal(tx, userId, goalId, true);
        metricOf(goal);
        const { localDate: today } = await profile.day(userId, tx);
        const date = body.date ?? today;
        if (date > today) throw invalidInput('body.date', `must be today (${today}) or earlier`);
        const earliest = addDays(today, -MEASUREMENT_BACKDATE_DAYS);
        if (date < earliest) {
          throw invalidInput('body.date', `must be within the last year (${earliest} or later)`);
        }
        const row = await repo.insertMeasurement(tx, {
          id: randomUUID(),
          goalId,
          userId,
          localDate: date,
          value: body.value,
          note: body.note ? body.note : null,
          createdAt: clock(),
        });
        return toMeasurement(row);
      });
    },

    async remove(userId: string, goalId: string, measurementId: string): Promise<void> {
      await ownGoal(db, userId, goalId);
      if (!(await repo.deleteMeasurement(db, userId, goalId, measurementId))) {
        throw new AppError('not_found', 'No measurement of this goal has this id.');
      }
    },
  };
}

export type MeasurementsService = ReturnType<typeof createMeasurementsService>;
