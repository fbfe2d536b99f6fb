import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { profiles } from '#server/db/schema.ts';

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

export async function upsertProfile(
  db: Db,
  values: Omit<ProfileRow, 'createdAt'> & { createdAt: Date },
): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values(values)
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        timeZone: values.timeZone,
        dailyCapacityMinutes: values.dailyCapacityMinutes,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
