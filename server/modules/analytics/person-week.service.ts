import type { Db } from '#server/db/client.ts';
import * as repo from './analytics.repo.ts';

/**
 * A person's tasks done and skipped over the local dates `from` to `to`, and the dates of those
 * with a frozen top three (the read model's statements, ADR 016), read in the caller's
 * transaction: the week a coach quotes back to the person.
 */
export async function personWeek(
  db: Db,
  userId: string,
  range: { from: string; to: string },
): Promise<{ done: number; skipped: number; topThreeDates: string[] }> {
  const [closed, topThreeDates] = await Promise.all([
    repo.closedByDay(db, userId, range.from, range.to),
    repo.topThreeDates(db, userId, range.from, range.to),
  ]);
  let done = 0;
  let skipped = 0;
  for (const row of closed) {
    if (row.status === 'done') done += row.count;
    else skipped += row.count;
  }
  return { done, skipped, topThreeDates };
}
