import { addDays } from '#contracts/local-date.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './checkin-signals.repo.ts';

export type CheckInSignals = repo.CheckInSignalRow;

/**
 * What a proactive check-in is decided from, for one person on their local date `today`:
 * yesterday's top three and how much of it is done, the tasks closed in the seven days up to
 * yesterday, and their active goals. Read in the caller's transaction.
 */
export function checkInSignals(db: Db, userId: string, today: string) {
  return repo.checkInSignals(db, userId, addDays(today, -1), addDays(today, -7));
}
