import { eq } from 'drizzle-orm';
import type { Travel } from '#contracts/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { deliverySchedules, profiles, users } from '#server/db/schema.ts';

export type ProfileRow = typeof profiles.$inferSelect;

/** What a user's "today" depends on: the planning profile and the day contract, when saved. */
export interface DaySettingsRow {
  profile: { timeZone: string; dailyCapacityMinutes: number } | null;
  schedule: { dayStartHour: number; travel: Travel | null } | null;
}

/** The profile and the day contract of a user in one query (each null until saved). */
export async function findDaySettings(db: Db, userId: string): Promise<DaySettingsRow> {
  const [row] = await db
    .select({
      timeZone: profiles.timeZone,
      dailyCapacityMinutes: profiles.dailyCapacityMinutes,
      dayStartHour: deliverySchedules.dayStartHour,
      travel: deliverySchedules.travel,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(deliverySchedules, eq(deliverySchedules.userId, users.id))
    .where(eq(users.id, userId));
  return {
    profile:
      row?.timeZone != null && row.dailyCapacityMinutes != null
        ? { timeZone: row.timeZone, dailyCapacityMinutes: row.dailyCapacityMinutes }
        : null,
    schedule:
      row?.dayStartHour != null
        ? { dayStartHour: row.dayStartHour, travel: row.travel ?? null }
        : null,
  };
}

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
