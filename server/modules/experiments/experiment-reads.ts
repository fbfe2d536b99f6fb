import type { ExperimentDetail } from '#contracts/experiments.ts';
import type { Db } from '#server/db/client.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import { experimentNotFound, toExperiment } from './experiment-rules.ts';
import * as repo from './experiments.repo.ts';
import { experimentResult } from './result.ts';

export interface ExperimentReadsDeps {
  db: Db;
  profile: Pick<ProfileService, 'day'>;
  /** The person's own goals: an experiment's goal must be one (another's is a 404). */
  goals: Pick<GoalReads, 'target' | 'facts'>;
}

/** The reads both experiment services share: today, the API's views, the detail with its result. */
export function createExperimentReads(deps: ExperimentReadsDeps) {
  const today = async (tx: Db, userId: string) => (await deps.profile.day(userId, tx)).localDate;

  async function views(tx: Db, userId: string, rows: repo.ExperimentRow[], date: string) {
    const counts = await repo.checkinCounts(
      tx,
      userId,
      rows.map((row) => row.id),
      date,
    );
    const titles = rows.some((row) => row.goalId)
      ? (await deps.goals.facts(tx, userId)).goals
      : new Map<string, { title: string }>();
    return rows.map((row) =>
      toExperiment(row, date, {
        goalTitle: row.goalId ? (titles.get(row.goalId)?.title ?? null) : null,
        checkinCount: counts.get(row.id)?.count ?? 0,
        todayValue: counts.get(row.id)?.todayValue ?? null,
      }),
    );
  }

  async function detailOf(
    tx: Db,
    userId: string,
    row: repo.ExperimentRow,
  ): Promise<ExperimentDetail> {
    const localDate = await today(tx, userId);
    const [[experiment], checkins] = await Promise.all([
      views(tx, userId, [row], localDate),
      repo.listCheckins(tx, userId, row.id),
    ]);
    if (!experiment) throw experimentNotFound();
    const points = checkins.map((c) => ({ date: c.localDate, value: c.value, note: c.note }));
    const result = experimentResult({
      metric: row.metric,
      baseline: row.baseline,
      startDate: row.startDate,
      status: experiment.status,
      checkins: points,
    });
    return { localDate, experiment, checkins: points, result };
  }

  async function locked(tx: Db, userId: string, id: string): Promise<repo.ExperimentRow> {
    const row = await repo.findExperiment(tx, userId, id, { lock: true });
    if (!row) throw experimentNotFound();
    return row;
  }

  return { today, views, detailOf, locked };
}

export type ExperimentReads = ReturnType<typeof createExperimentReads>;
