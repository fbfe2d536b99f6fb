import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { deliverySchedules } from '#server/db/schema.ts';

export type ScheduleRow = typeof deliverySchedules.$inferSelect;

export async function findSchedule(db: Db, userId: string): Promise<ScheduleRow | null> {
  const [row] = await db
    .select()
    .from(deliverySchedules)
    .where(eq(deliverySchedules.userId, userId));
  return row ?? null;
}

/** Writes the user's day contract; `next_delivery_at` is left to the scheduler's refresh. */
export async function upsertSchedule(
  db: Db,
  values: Omit<ScheduleRow, 'nextDeliveryAt' | 'createdAt'> & { createdAt: Date },
): Promise<void> {
  const { userId: _userId, createdAt: _createdAt, ...changes } = values;
  await db
    .insert(deliverySchedules)
    .values(values)
    .onConflictDoUpdate({ target: deliverySchedules.userId, set: changes });
}
