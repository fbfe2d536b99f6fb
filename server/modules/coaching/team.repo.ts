import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { aiCatalogueId, aiCoachOf, DEFAULT_PERSONALITY } from '#contracts/coaching.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { CoachPersona } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import { userCoaches } from '#server/db/schema.ts';

export type UserCoachRow = typeof userCoaches.$inferSelect;

/** The coaches on the person's team, in their order. */
export function listTeam(db: Db, userId: string): Promise<UserCoachRow[]> {
  return db
    .select()
    .from(userCoaches)
    .where(and(eq(userCoaches.userId, userId), isNotNull(userCoaches.teamPosition)))
    .orderBy(asc(userCoaches.teamPosition), asc(userCoaches.addedAt));
}

/** The next place at the end of the team. */
export async function nextTeamPosition(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${userCoaches.teamPosition})` })
    .from(userCoaches)
    .where(eq(userCoaches.userId, userId));
  return (row?.last ?? 0) + 1;
}

/**
 * Puts the domain's AI coach on the team in `tone`: creates the person's copy (named as in the
 * catalogue), or sets the tone of the copy they have and puts it back on the team at the end.
 */
export async function upsertTeamMember(
  db: Db,
  values: { id: string; userId: string; domain: CoachDomain; tone: CoachTone; at: Date },
): Promise<UserCoachRow> {
  const position = await nextTeamPosition(db, values.userId);
  const [row] = await db
    .insert(userCoaches)
    .values({
      id: values.id,
      userId: values.userId,
      catalogueId: aiCatalogueId(values.domain),
      domain: values.domain,
      name: aiCoachOf(values.domain).name,
      tone: values.tone,
      personality: DEFAULT_PERSONALITY,
      teamPosition: position,
      addedAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: [userCoaches.userId, userCoaches.catalogueId],
      set: {
        tone: values.tone,
        teamPosition: sql`coalesce(${userCoaches.teamPosition}, ${position})`,
        updatedAt: values.at,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** Takes the domain's AI coach off the team (its thread stays); true when it was on the team. */
export async function removeTeamMember(
  db: Db,
  userId: string,
  domain: CoachDomain,
): Promise<boolean> {
  const rows = await db
    .update(userCoaches)
    .set({ teamPosition: null })
    .where(
      and(
        eq(userCoaches.userId, userId),
        eq(userCoaches.catalogueId, aiCatalogueId(domain)),
        isNotNull(userCoaches.teamPosition),
      ),
    )
    .returning({ id: userCoaches.id });
  return rows.length > 0;
}

/** One of the person's own coaches; undefined when the id is not theirs (answer 404). */
export async function findOwnCoach(
  db: Db,
  userId: string,
  id: string,
): Promise<UserCoachRow | undefined> {
  const [row] = await db
    .select()
    .from(userCoaches)
    .where(and(eq(userCoaches.userId, userId), eq(userCoaches.id, id)))
    .limit(1);
  return row;
}

/** The coach as the conversation's AI interface sees it. */
export function personaOf(row: UserCoachRow): CoachPersona {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    tone: row.tone,
    personality: row.personality,
  };
}
