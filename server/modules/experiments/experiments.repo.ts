import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { experimentCheckins, experiments } from '#server/db/schema.ts';

// The only writer of experiments and experiment_checkins. Every statement is scoped by user id and
// takes `db`, which may be the caller's transaction.

export type ExperimentRow = typeof experiments.$inferSelect;
export type NewExperimentRow = typeof experiments.$inferInsert;
export type CheckinRow = typeof experimentCheckins.$inferSelect;

export async function listExperiments(db: Db, userId: string): Promise<ExperimentRow[]> {
  return db.select().from(experiments).where(eq(experiments.userId, userId));
}

export async function findExperiment(
  db: Db,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ExperimentRow | null> {
  const query = db
    .select()
    .from(experiments)
    .where(and(eq(experiments.userId, userId), eq(experiments.id, id)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function insertExperiment(db: Db, row: NewExperimentRow): Promise<ExperimentRow> {
  const [inserted] = await db.insert(experiments).values(row).returning();
  if (!inserted) throw new Error('insert experiments returned no row');
  return inserted;
}

export async function updateExperiment(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Omit<NewExperimentRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<ExperimentRow> {
  const [row] = await db
    .update(experiments)
    .set(changes)
    .where(and(eq(experiments.userId, userId), eq(experiments.id, id)))
    .returning();
  if (!row) throw new Error('update experiments matched no row');
  return row;
}

export async function deleteExperiment(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(experiments)
    .where(and(eq(experiments.userId, userId), eq(experiments.id, id)))
    .returning({ id: experiments.id });
  return rows.length > 0;
}

export async function listCheckins(
  db: Db,
  userId: string,
  experimentId: string,
): Promise<CheckinRow[]> {
  return db
    .select()
    .from(experimentCheckins)
    .where(
      and(eq(experimentCheckins.userId, userId), eq(experimentCheckins.experimentId, experimentId)),
    )
    .orderBy(asc(experimentCheckins.localDate));
}

/** Per experiment: how many check-ins, and today's value. */
export async function checkinCounts(
  db: Db,
  userId: string,
  experimentIds: readonly string[],
  today: string,
): Promise<Map<string, { count: number; todayValue: number | null }>> {
  if (experimentIds.length === 0) return new Map();
  const rows = await db
    .select({
      experimentId: experimentCheckins.experimentId,
      count: sql<number>`count(*)::int`,
      todayValue: sql<
        number | null
      >`max(${experimentCheckins.value}) filter (where ${experimentCheckins.localDate} = ${today})`,
    })
    .from(experimentCheckins)
    .where(
      and(
        eq(experimentCheckins.userId, userId),
        inArray(experimentCheckins.experimentId, [...experimentIds]),
      ),
    )
    .groupBy(experimentCheckins.experimentId);
  return new Map(
    rows.map((row) => [
      row.experimentId,
      { count: row.count, todayValue: row.todayValue === null ? null : Number(row.todayValue) },
    ]),
  );
}

export async function upsertCheckin(
  db: Db,
  row: typeof experimentCheckins.$inferInsert,
): Promise<CheckinRow> {
  const [saved] = await db
    .insert(experimentCheckins)
    .values(row)
    .onConflictDoUpdate({
      target: [experimentCheckins.experimentId, experimentCheckins.localDate],
      set: { value: row.value, note: row.note ?? null, updatedAt: row.updatedAt },
    })
    .returning();
  if (!saved) throw new Error('upsert experiment_checkins returned no row');
  return saved;
}

export async function deleteCheckin(
  db: Db,
  userId: string,
  experimentId: string,
  localDate: string,
): Promise<boolean> {
  const rows = await db
    .delete(experimentCheckins)
    .where(
      and(
        eq(experimentCheckins.userId, userId),
        eq(experimentCheckins.experimentId, experimentId),
        eq(experimentCheckins.localDate, localDate),
      ),
    )
    .returning({ date: experimentCheckins.localDate });
  return rows.length > 0;
}
