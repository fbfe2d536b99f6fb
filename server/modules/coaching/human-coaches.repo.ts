import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PERSONALITY } from '#contracts/coaching.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { userCoaches } from '#server/db/schema.ts';
import type { UserCoachRow } from './team.repo.ts';

// A person's human coaches as `user_coaches` rows (ADR 035): catalogue id `human-<account id>`,
// never on the team, `ended_at` set while the person does not share with them.

export const humanCatalogueId = (coachUserId: string): string => `human-${coachUserId}`;

/** Creates the person's row for this human coach, or revives and renames the one they had. */
export async function upsertHumanCoach(
  db: Db,
  values: { id: string; clientId: string; coachUserId: string; name: string; at: Date },
): Promise<UserCoachRow> {
  const [row] = await db
    .insert(userCoaches)
    .values({
      id: values.id,
      userId: values.clientId,
      catalogueId: humanCatalogueId(values.coachUserId),
      // A human coach has no domain of its own; the column wants one (ADR 035).
      domain: 'personal_development',
      name: values.name,
      tone: 'supportive',
      personality: DEFAULT_PERSONALITY,
      teamPosition: null,
      coachUserId: values.coachUserId,
      endedAt: null,
      addedAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: [userCoaches.userId, userCoaches.catalogueId],
      set: { name: values.name, endedAt: null, updatedAt: values.at },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function endHumanCoach(
  db: Db,
  clientId: string,
  userCoachId: string,
  at: Date,
): Promise<void> {
  await db
    .update(userCoaches)
    .set({ endedAt: at, updatedAt: at })
    .where(and(eq(userCoaches.userId, clientId), eq(userCoaches.id, userCoachId)));
}

/** Per thread: the person's last message and whether the thread's last word is theirs. */
export async function threadFigures(
  db: Db,
  userCoachIds: readonly string[],
): Promise<Array<{ coachId: string; personAt: Date | null; unanswered: boolean }>> {
  if (userCoachIds.length === 0) return [];
  const rows = await queryRows<{
    coachId: string;
    personAt: string | Date | null;
    unanswered: boolean | null;
  }>(
    db,
    sql`select ${userCoaches.id} as "coachId",
          (select max(m.created_at) from coach_messages m
            where m.thread_id = ${userCoaches.id} and m.author = 'person') as "personAt",
          (select m.author = 'person' from coach_messages m
            where m.thread_id = ${userCoaches.id}
            order by m.created_at desc, m.id desc limit 1) as "unanswered"
        from ${userCoaches}
        where ${inArray(userCoaches.id, [...userCoachIds])}`,
  );
  return rows.map((row) => ({
    coachId: row.coachId,
    personAt: row.personAt === null ? null : new Date(row.personAt),
    unanswered: row.unanswered === true,
  }));
}
