import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { coachSuggestions } from '#server/db/schema.ts';

export type SuggestionRow = typeof coachSuggestions.$inferSelect;
export type NewSuggestionRow = typeof coachSuggestions.$inferInsert;

export async function insertSuggestion(db: Db, row: NewSuggestionRow): Promise<void> {
  await db.insert(coachSuggestions).values(row);
}

/** The person's suggestion, locked until the transaction ends (two accepts take turns); or null. */
export async function findSuggestionForUpdate(
  db: Db,
  userId: string,
  id: string,
): Promise<SuggestionRow | null> {
  const [row] = await db
    .select()
    .from(coachSuggestions)
    .where(and(eq(coachSuggestions.id, id), eq(coachSuggestions.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Marks it accepted (the first acceptance's time stays) for `goalId` (null: its goal stays). */
export async function markAccepted(
  db: Db,
  id: string,
  goalId: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(coachSuggestions)
    .set({
      ...(goalId === null ? {} : { goalId }),
      acceptedAt: sql`coalesce(${coachSuggestions.acceptedAt}, ${at})`,
    })
    .where(eq(coachSuggestions.id, id));
}
