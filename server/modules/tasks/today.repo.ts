import { type TaskStatus } from '#contracts/tasks.ts';
import { and, asc, eq, sql } from 'drizzle-orm';

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

/** A frozen day as the streak reads it: its date, the picked task ids in order, those swapped out. */
export interface PickedDay {
  localDate: string;
  taskIds: string[];
  swappedOut: string[];
}

/**
 * Every frozen day of the user, oldest first (a streak needs them all; one row a day), with only
 * the picks' task ids: the reasons and scores stay in the database, so years of days stay cheap.
 */
export async function listPickedDays(db: Db, userId: string): Promise<PickedDay[]> {
  return db
    .select({
      localDate: topThreeDays.localDate,
      taskIds: sql<
        string[]
      >`array(select p->>'taskId' from jsonb_array_elements(${topThreeDays.picks}) with ordinality as e(p, n) order by n)`,
      swappedOut: topThreeDays.swappedOut,
    })
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
  // One array parameter rather than one parameter an id: a streak reads thousands of ids.
  const rows = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), sql`${tasks.id} = any(${`{${ids.join(',')}}`}::uuid[])`));
  return new Map(rows.map((row) => [row.id, row.status]));
}
