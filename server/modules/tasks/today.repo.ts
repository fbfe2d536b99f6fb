import { type TaskStatus } from '#contracts/tasks.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '#server/db/client.ts';
import { tasks, topThreeDays } from '#server/db/schema.ts';

// The today flow's statements: top_three_days (one frozen selection per user and local date),
// which only this module writes, and the statuses of picked tasks for the streak.

export type TopThreeDayRow = typeof topThreeDays.$inferSelect;
export type FrozenPick = TopThreeDayRow['picks'][number];

export async function findTopThreeDay(
  db: Db,
  userId: string,
  localDate: string,
  options: { lock?: boolean } = {},
): Promise<TopThreeDayRow | null> {
  const query = db
    .select()
    .from(topThreeDays)
    .where(and(eq(topThreeDays.userId, userId), eq(topThreeDays.localDate, localDate)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Freezes a day's selection unless one is already frozen; null when another call won. */
export async function insertTopThreeDay(
  db: Db,
  values: typeof topThreeDays.$inferInsert,
): Promise<TopThreeDayRow | null> {
  const [row] = await db.insert(topThreeDays).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateTopThreeDay(
  db: Db,
  id: string,
  set: Partial<Pick<TopThreeDayRow, 'picks' | 'swappedOut' | 'updatedAt'>>,
): Promise<void> {
  await db.update(topThreeDays).set(set).where(eq(topThreeDays.id, id));
}

/** Every frozen day of the user, oldest first (a streak needs them all; one row a day). */
export async function listTopThreeDays(db: Db, userId: string): Promise<TopThreeDayRow[]> {
  return db
    .select()
    .from(topThreeDays)
    .where(eq(topThreeDays.userId, userId))
    .orderBy(asc(topThreeDays.localDate));
}

/** The user's frozen days that picked `taskId` or swapped it out (a handful at most). */
export async function daysWithTask(
  db: Db,
  userId: string,
  taskId: string,
): Promise<TopThreeDayRow[]> {
  return db
    .select()
    .from(topThreeDays)
    .where(
      and(
        eq(topThreeDays.userId, userId),
        sql`(${topThreeDays.picks} @> ${JSON.stringify([{ taskId }])}::jsonb
          or ${taskId}::uuid = any(${topThreeDays.swappedOut}))`,
      ),
    )
    .orderBy(asc(topThreeDays.localDate));
}

/** The statuses of the given tasks of the user (missing ids were deleted). */
export async function taskStatuses(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, TaskStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.status]));
}
