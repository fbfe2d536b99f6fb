import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import type { ProgressService } from '#server/modules/goals/progress.service.ts';
import { weekStart } from '#contracts/local-date.ts';
import type { UserDay } from '#server/modules/profile/profile.service.ts';
import { nextOccurrenceDate } from './recurrence.ts';
import * as repo from './tasks.repo.ts';
import { recurrenceOf } from './task-views.ts';

export interface OccurrencesDeps {
  db: Db;
  clock: () => Date;
  /** The tasks table's monotonic clock. */
  stamp: () => Date;
  progress: Pick<ProgressService, 'refreshProgress' | 'announce'>;
}

/** Repeating tasks: the next occurrence when one closes, and weeks that passed without one. */
export function createOccurrences(deps: OccurrencesDeps) {
  const { db, clock, stamp, progress } = deps;

  /** The next occurrence of a repeating task just closed on `today`, or null when the series ends. */
  async function generateNext(
    tx: Db,
    row: repo.TaskRow,
    today: string,
  ): Promise<repo.TaskRow | null> {
    const recurrence = recurrenceOf(row);
    if (!recurrence || row.seriesId === null) return null;
    const closedThisWeek =
      recurrence.kind === 'weekly'
        ? await repo.countClosedSince(tx, row.userId, row.seriesId, weekStart(today))
        : 0;
    const next = nextOccurrenceDate(recurrence, today, closedThisWeek);
    if (row.repeatsUntil !== null && next > row.repeatsUntil) return null;
    return nextOccurrence(tx, row, next, today);
  }

  async function nextOccurrence(
    tx: Db,
    row: repo.TaskRow,
    scheduledDate: string,
    today: string,
  ): Promise<repo.TaskRow | null> {
    const now = stamp();
    const [created] = await repo.insertTasks(tx, [
      {
        ...row,
        id: randomUUID(),
        status: 'open',
        scheduledDate,
        dueDate: null,
        snoozedUntil: null,
        openSince: today,
        completedAt: null,
        closedOn: null,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    return created ?? null;
  }

  /**
   * "As days pass": a weekly occurrence still open from a week that has ended is closed as
   * skipped (on its own date, so it does not count toward this week) and the series continues
   * today. Idempotent: a second call finds nothing. Every-N-days tasks simply wait to be done.
   */
  async function rollMissedWeeks(userId: string, day: UserDay): Promise<void> {
    const monday = weekStart(day.localDate);
    // Most reads find nothing to roll; they should not pay for a transaction.
    if ((await repo.missedWeeklyOccurrences(db, userId, monday)).length === 0) return;
    const crossings = await db.transaction(async (tx) => {
      const missed = await repo.missedWeeklyOccurrences(tx, userId, monday, { lock: true });
      const goalIds: string[] = [];
      for (const row of missed) {
        await repo.updateTask(tx, userId, row.id, {
          status: 'skipped',
          closedOn: row.scheduledDate,
          updatedAt: clock(),
        });
        if (row.repeatsUntil === null || day.localDate <= row.repeatsUntil) {
          await nextOccurrence(tx, row, day.localDate, day.localDate);
        }
        if (row.goalId !== null) goalIds.push(row.goalId);
      }
      return progress.refreshProgress(tx, userId, goalIds);
    });
    await progress.announce(userId, crossings);
  }

  return { generateNext, rollMissedWeeks };
}

export type Occurrences = ReturnType<typeof createOccurrences>;
