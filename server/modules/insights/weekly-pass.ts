import { randomUUID } from 'node:crypto';
import { formatDate, weekStart } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import {
  notifyMany,
  type BatchNotification,
} from '#server/modules/notifications/notifications.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import * as repo from './insights.repo.ts';
import type { InsightsService } from './insights.service.ts';

/** After a failure to write one, the row is due again this much later. */
const RETRY_MS = 60 * 60 * 1000;

export interface WeeklyPassDeps {
  db: Db;
  clock: () => Date;
  profile: Pick<ProfileService, 'day'>;
  insights: Pick<InsightsService, 'compose'>;
  batchSize: number;
  leaseMs: number;
  log: { error(details: object, message: string): void };
}

export interface WeeklyPassResult {
  seeded: number;
  claimed: number;
  written: number;
}

function announcement(userId: string, insightId: string, headline: string, weekOf: string) {
  return {
    id: randomUUID(),
    userId,
    type: 'insight',
    title: `Your insight for the week of ${weekOf}`,
    message: headline,
    priority: 'low',
    data: { insight_id: insightId },
  } satisfies BatchNotification;
}

/**
 * One pass of the weekly insights worker (ADR 028), run by the delivery worker's scheduler loop:
 * gives people without a row their next week's pending row, claims up to `batchSize` rows whose
 * week has started (FOR UPDATE SKIP LOCKED, with a lease, as the deliveries are claimed), writes
 * each insight and, in the transaction of its write-back, the `insight` notification and the
 * next week's row. The write-back holds only while the claim does, so however many workers run,
 * each person's week is written and announced once.
 */
export async function weeklyInsightsPass(deps: WeeklyPassDeps): Promise<WeeklyPassResult> {
  const { db, clock, batchSize, log } = deps;
  const seeded = await repo.seedPending(db, clock(), batchSize);
  const claimedAt = clock();
  const claims = await repo.claimDue(
    db,
    claimedAt,
    new Date(claimedAt.getTime() + deps.leaseMs),
    batchSize,
  );
  let written = 0;
  for (const claim of claims) {
    try {
      const { localDate } = await deps.profile.day(claim.userId);
      const { content, engine } = await deps.insights.compose(claim.userId, localDate);
      const wrote = await db.transaction(async (tx) => {
        const now = clock();
        const currentWeek = weekStart(localDate);
        if (!(await repo.completeClaim(tx, claim, { content, engine, currentWeek }, now)))
          return false;
        const weekOf = formatDate(currentWeek, undefined, 'en-GB');
        await notifyMany(
          [announcement(claim.userId, claim.id, content.words.headline, weekOf)],
          tx,
          now,
        );
        await repo.scheduleNextWeek(tx, [claim.userId], now);
        return true;
      });
      if (wrote) written += 1;
    } catch (error: unknown) {
      log.error({ err: error, userId: claim.userId }, 'a weekly insight could not be written');
      const now = clock();
      await repo
        .releaseClaim(db, claim, new Date(now.getTime() + RETRY_MS), now)
        .catch(() => undefined);
    }
  }
  return { seeded, claimed: claims.length, written };
}
