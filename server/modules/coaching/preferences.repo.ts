import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { coachingPreferences } from '#server/db/schema.ts';

export type CoachingPreferencesRow = typeof coachingPreferences.$inferSelect;

export async function findPreferences(
  db: Db,
  userId: string,
): Promise<CoachingPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(coachingPreferences)
    .where(eq(coachingPreferences.userId, userId))
    .limit(1);
  return row;
}

/**
 * Turns proactive check-ins on or off. Turning them on starts the back-off afresh: the person has
 * just asked for them, so the check-ins they ignored before no longer count.
 */
export async function saveCheckIns(
  db: Db,
  userId: string,
  checkIns: boolean,
  at: Date,
): Promise<CoachingPreferencesRow> {
  const [row] = await db
    .insert(coachingPreferences)
    .values({ userId, checkIns, updatedAt: at })
    .onConflictDoUpdate({
      target: coachingPreferences.userId,
      set: {
        checkIns,
        updatedAt: at,
        checkInsIgnored: checkIns
          ? sql`case when ${coachingPreferences.checkIns} then ${coachingPreferences.checkInsIgnored} else 0 end`
          : sql`${coachingPreferences.checkInsIgnored}`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
