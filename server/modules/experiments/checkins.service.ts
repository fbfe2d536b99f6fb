import type { ExperimentDetail, NewCheckin } from '#contracts/experiments.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { invalidInput } from '#server/modules/goals/input-problems.ts';
import { checkValue } from './experiment-rules.ts';
import type { ExperimentReads } from './experiment-reads.ts';
import * as repo from './experiments.repo.ts';
import { lastCheckinDay, statusOf } from './status.ts';

/** Daily check-ins: one per experiment and local date, within its days so far. */
export function createCheckinsService(deps: { db: Db; clock: () => Date; reads: ExperimentReads }) {
  const { db, clock } = deps;
  const { today, detailOf, locked } = deps.reads;
  return {
    /** Saves the day's check-in (replacing one sent before): from the start to the last day, never ahead. */
    async checkin(userId: string, id: string, date: string, body: NewCheckin) {
      return db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        const localDate = await today(tx, userId);
        if (statusOf(row, localDate) === 'abandoned') {
          throw new AppError(
            'conflict',
            'This experiment was abandoned: it takes no more check-ins.',
          );
        }
        checkDate(row, date, localDate);
        checkValue(row.metric, body.value, 'body.value');
        const now = clock();
        await repo.upsertCheckin(tx, {
          experimentId: id,
          userId,
          localDate: date,
          value: body.value,
          note: body.note,
          createdAt: now,
          updatedAt: now,
        });
        return detailOf(tx, userId, row);
      });
    },

    async removeCheckin(userId: string, id: string, date: string): Promise<ExperimentDetail> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        if (!(await repo.deleteCheckin(tx, userId, id, date))) {
          throw new AppError('not_found', `This experiment has no check-in on ${date}.`);
        }
        return detailOf(tx, userId, row);
      });
    },
  };
}

function checkDate(row: repo.ExperimentRow, date: string, today: string): void {
  if (date > today)
    throw invalidInput('params.date', `is in the future: check in on ${today} or earlier`);
  const last = lastCheckinDay(row, today);
  if (date < row.startDate || date > last) {
    throw invalidInput(
      'params.date',
      row.startDate > today
        ? `is before the experiment starts on ${row.startDate}`
        : `must be between ${row.startDate} and ${last}, the experiment's days so far`,
    );
  }
}

export type CheckinsService = ReturnType<typeof createCheckinsService>;
