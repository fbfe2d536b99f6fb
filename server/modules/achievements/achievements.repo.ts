import { asc, eq } from 'drizzle-orm';
import type { BadgeId } from '#contracts/achievements.ts';
import type { Db } from '#server/db/client.ts';
import { achievementBackfills, achievements } from '#server/db/schema.ts';

// The only module that writes achievements and achievement_backfills. Every function takes `db`,
// which may be the transaction of the change that earned a badge: a rolled-back change awards
// nothing. Every read is scoped by user id.

export type AchievementRow = typeof achievements.$inferSelect;

export async function listEarned(db: Db, userId: string): Promise<AchievementRow[]> {
  return db
    .select()
    .from(achievements)
    .where(eq(achievements.userId, userId))
    .orderBy(asc(achievements.earnedAt), asc(achievements.badge));
}

/**
 * Awards `badges` to the user unless already awarded: the primary key (user, badge) keeps one row
 * whatever races, and only the badges this statement inserted come back (a concurrent transaction
 * that awarded the same badge waits for this one and then inserts nothing).
 */
export async function insertEarned(
  db: Db,
  userId: string,
  badges: readonly BadgeId[],
  earnedAt: Date,
  backfilled: boolean,
): Promise<BadgeId[]> {
  if (badges.length === 0) return [];
  const rows = await db
    .insert(achievements)
    .values(badges.map((badge) => ({ userId, badge, earnedAt, backfilled })))
    .onConflictDoNothing()
    .returning({ badge: achievements.badge });
  return rows.map((row) => row.badge);
}

/**
 * Takes the user's catch-up marker (written by the migration for people who existed before
 * achievements): true once, for the transaction that deleted it.
 */
export async function takeBackfillMarker(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(achievementBackfills)
    .where(eq(achievementBackfills.userId, userId))
    .returning({ userId: achievementBackfills.userId });
  return rows.length > 0;
}
