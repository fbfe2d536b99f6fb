import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { goalMeasurements } from '#server/db/schema.ts';

// The only writer of goal_measurements (ADR 026). Every statement is scoped by user id, so another
// person's goal or measurement finds nothing (the service turns that into a 404).

export type MeasurementRow = typeof goalMeasurements.$inferSelect;
export type NewMeasurementRow = typeof goalMeasurements.$inferInsert;

export async function insertMeasurement(
  db: Db,
  values: NewMeasurementRow,
): Promise<MeasurementRow> {
  const [row] = await db.insert(goalMeasurements).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The newest `limit` measurements of a goal, oldest first (by date, then by when logged). */
export async function listMeasurements(
  db: Db,
  userId: string,
  goalId: string,
  limit: number,
): Promise<MeasurementRow[]> {
  const newest = await db
    .select()
    .from(goalMeasurements)
    .where(and(eq(goalMeasurements.userId, userId), eq(goalMeasurements.goalId, goalId)))
    .orderBy(
      desc(goalMeasurements.localDate),
      desc(goalMeasurements.createdAt),
      asc(goalMeasurements.id),
    )
    .limit(limit);
  return newest.reverse();
}

/** Deletes one measurement of the goal; false when the person has none with this id there. */
export async function deleteMeasurement(
  db: Db,
  userId: string,
  goalId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(goalMeasurements)
    .where(
      and(
        eq(goalMeasurements.userId, userId),
        eq(goalMeasurements.goalId, goalId),
        eq(goalMeasurements.id, id),
      ),
    )
    .returning({ id: goalMeasurements.id });
  return deleted.length > 0;
}
