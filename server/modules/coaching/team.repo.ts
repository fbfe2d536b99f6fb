import { and, asc, eq } from 'drizzle-orm';
import type { CoachDomain } from '#contracts/coach.ts';
import type { Db } from '#server/db/client.ts';
import { userCoaches } from '#server/db/schema.ts';

export type TeamRow = typeof userCoaches.$inferSelect;

export function listTeam(db: Db, userId: string): Promise<TeamRow[]> {
  return db
    .select()
    .from(userCoaches)
    .where(eq(userCoaches.userId, userId))
    .orderBy(asc(userCoaches.addedAt), asc(userCoaches.domain));
}

/** Adds the coach, or changes the tone of the one already there (it keeps its place). */
export async function upsertTeamMember(db: Db, values: TeamRow): Promise<TeamRow> {
  const [row] = await db
    .insert(userCoaches)
    .values(values)
    .onConflictDoUpdate({
      target: [userCoaches.userId, userCoaches.domain],
      set: { tone: values.tone },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** True when the coach was on the team. */
export async function deleteTeamMember(
  db: Db,
  userId: string,
  domain: CoachDomain,
): Promise<boolean> {
  const rows = await db
    .delete(userCoaches)
    .where(and(eq(userCoaches.userId, userId), eq(userCoaches.domain, domain)))
    .returning({ domain: userCoaches.domain });
  return rows.length > 0;
}
