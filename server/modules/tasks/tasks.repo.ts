import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { TaskStatus } from '#contracts/tasks.ts';
import type { Db } from '#server/db/client.ts';
import { tasks } from '#server/db/schema.ts';

// The only module that touches tasks and top_three_days (today.repo.ts). Every function takes `db`, which may be
// a transaction, and every read or write is scoped by user id.

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;

export async function insertTasks(db: Db, rows: readonly NewTaskRow[]): Promise<TaskRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tasks)
    .values([...rows])
    .returning();
}

export async function findTask(
  db: Db,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TaskRow | null> {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findTasks(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, [...ids])));
}

export async function updateTask(
  db: Db,
  userId: string,
  id: string,
  set: Partial<NewTaskRow>,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set(set)
    .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTask(db: Db, userId: string, id: string): Promise<TaskRow | null> {
  const [row] = await db
    .delete(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
    .returning();
  return row ?? null;
}

/** Removes the series' open occurrence other than `keepId` (a reopened one takes its place). */
export async function deleteOpenOccurrence(
  db: Db,
  userId: string,
  seriesId: string,
  keepId: string,
): Promise<number> {
  const deleted = await db
    .delete(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.seriesId, seriesId),
        eq(tasks.status, 'open'),
        ne(tasks.id, keepId),
      ),
    )
    .returning({ id: tasks.id });
  return deleted.length;
}

/** Closed occurrences of a series closed on or after `since` (a week's quota counts them). */
export async function countClosedSince(
  db: Db,
  userId: string,
  seriesId: string,
  since: string,
): Promise<number> {
  const [row] = await db
    .select({ closed: count() })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.seriesId, seriesId),
        ne(tasks.status, 'open'),
        sql`${tasks.closedOn} >= ${since}`,
      ),
    );
  return row?.closed ?? 0;
}

/** Open weekly occurrences scheduled before `before`: weeks that passed without them. */
export async function missedWeeklyOccurrences(
  db: Db,
  userId: string,
  before: string,
  options: { lock?: boolean } = {},
): Promise<TaskRow[]> {
  const query = db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, 'open'),
        eq(tasks.recurrenceKind, 'weekly'),
        isNotNull(tasks.seriesId),
        lt(tasks.scheduledDate, before),
      ),
    );
  return options.lock ? query.for('update') : query;
}

export type TaskView = 'today' | 'upcoming' | 'overdue' | 'all';

/**
 * The user's tasks for a view on `localDate`, ordered by scheduled date (unscheduled last), then
 * creation. The views are defined in contracts/goals.ts.
 */
export async function listTasks(
  db: Db,
  userId: string,
  options: { view: TaskView; localDate: string; goalId?: string; status?: TaskStatus },
): Promise<TaskRow[]> {
  const { view, localDate } = options;
  const conditions: (SQL | undefined)[] = [eq(tasks.userId, userId)];
  if (options.goalId) conditions.push(eq(tasks.goalId, options.goalId));
  if (options.status) conditions.push(eq(tasks.status, options.status));
  switch (view) {
    case 'today':
      conditions.push(
        eq(tasks.status, 'open'),
        or(isNull(tasks.scheduledDate), lte(tasks.scheduledDate, localDate)),
        or(isNull(tasks.snoozedUntil), lte(tasks.snoozedUntil, localDate)),
      );
      break;
    case 'upcoming':
      conditions.push(
        eq(tasks.status, 'open'),
        or(gt(tasks.scheduledDate, localDate), gt(tasks.snoozedUntil, localDate)),
      );
      break;
    case 'overdue':
      conditions.push(
        eq(tasks.status, 'open'),
        or(lt(tasks.scheduledDate, localDate), lt(tasks.dueDate, localDate)),
        or(isNull(tasks.snoozedUntil), lte(tasks.snoozedUntil, localDate)),
      );
      break;
    case 'all':
      break;
  }
  return db
    .select()
    .from(tasks)
    .where(and(...conditions))
    .orderBy(sql`${tasks.scheduledDate} asc nulls last`, asc(tasks.createdAt), asc(tasks.id));
}

/**
 * Open tasks scheduled from `from` (null: any day before `to`) to `to`, oldest first, at most
 * `limit`; a task snoozed past `to` waits and is left out. The coach's view of what was missed
 * and what is coming.
 */
export async function listOpenScheduled(
  db: Db,
  userId: string,
  range: { from: string | null; to: string; limit: number },
): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, 'open'),
        range.from === null ? undefined : gte(tasks.scheduledDate, range.from),
        lte(tasks.scheduledDate, range.to),
        or(isNull(tasks.snoozedUntil), lte(tasks.snoozedUntil, range.to)),
      ),
    )
    .orderBy(asc(tasks.scheduledDate), asc(tasks.createdAt), asc(tasks.id))
    .limit(range.limit);
}

/** Every task of the given goals (for a goal's page and its progress). */
export async function listGoalTasks(
  db: Db,
  userId: string,
  goalIds: readonly string[],
): Promise<TaskRow[]> {
  if (goalIds.length === 0) return [];
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.goalId, [...goalIds])))
    .orderBy(
      asc(tasks.position),
      sql`${tasks.scheduledDate} asc nulls last`,
      asc(tasks.createdAt),
      asc(tasks.id),
    );
}

/** Sets each task's position to its index in `ids` (the caller checked they belong together). */
export async function setPositions(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::uuid then ${index}::integer`),
    sql` `,
  );
  await db
    .update(tasks)
    .set({ position: sql`case ${tasks.id} ${cases} end` })
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, [...ids])));
}

export async function countByGoalAndStatus(
  db: Db,
  userId: string,
  goalIds: readonly string[],
): Promise<Array<{ goalId: string | null; status: TaskStatus; count: number }>> {
  if (goalIds.length === 0) return [];
  return db
    .select({ goalId: tasks.goalId, status: tasks.status, count: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.goalId, [...goalIds])))
    .groupBy(tasks.goalId, tasks.status);
}
