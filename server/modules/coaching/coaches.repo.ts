import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CoachPersonality } from '#contracts/coaching.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { Db } from '#server/db/client.ts';
import { coachMessages, coachThreads, userCoaches } from '#server/db/schema.ts';
import type { UserCoachRow } from './team.repo.ts';

// The person's own coaches (ADR 034): their copies of catalogue coaches in `user_coaches`, with
// what the hub shows beside each (the thread's last message and the coach's unread messages).
// ADR 029's team routes (team.repo.ts) work on the same rows.

/** An own coach with its thread's figures. */
export interface OwnCoachRecord extends UserCoachRow {
  lastMessageAt: Date | null;
  unread: number;
}

/**
 * Every own coach of the person: the team first in its order, then the others in the order they
 * were added. The last message and the unread count come from the coach's thread (one per coach;
 * the index on (thread_id, created_at) answers both).
 */
export async function listOwnCoaches(db: Db, userId: string): Promise<OwnCoachRecord[]> {
  const rows = await db
    .select({
      coach: userCoaches,
      lastMessageAt: sql<string | null>`(
        select max(m.created_at) from ${coachMessages} m where m.thread_id = ${coachThreads.id})`,
      unread: sql<number>`coalesce((
        select count(*) from ${coachMessages} m
        where m.thread_id = ${coachThreads.id} and m.author = 'coach'
          and (${coachThreads.readAt} is null or m.created_at > ${coachThreads.readAt})), 0)::int`,
    })
    .from(userCoaches)
    .leftJoin(coachThreads, eq(coachThreads.userCoachId, userCoaches.id))
    .where(eq(userCoaches.userId, userId))
    .orderBy(
      sql`${userCoaches.teamPosition} asc nulls last`,
      asc(userCoaches.addedAt),
      asc(userCoaches.id),
    );
  return rows.map((row) => ({
    ...row.coach,
    lastMessageAt: row.lastMessageAt === null ? null : new Date(row.lastMessageAt),
    unread: Number(row.unread),
  }));
}

/** The person's copy of a catalogue coach, if they have one. */
export async function findByCatalogue(
  db: Db,
  userId: string,
  catalogueId: string,
): Promise<UserCoachRow | undefined> {
  const [row] = await db
    .select()
    .from(userCoaches)
    .where(and(eq(userCoaches.userId, userId), eq(userCoaches.catalogueId, catalogueId)))
    .limit(1);
  return row;
}

/** Whether the person has any own coach at all (on the team or not). */
export async function hasOwnCoaches(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userCoaches.id })
    .from(userCoaches)
    .where(eq(userCoaches.userId, userId))
    .limit(1);
  return row !== undefined;
}

export interface NewOwnCoach {
  id: string;
  userId: string;
  catalogueId: string;
  domain: CoachDomain;
  name: string;
  tone: CoachTone;
  personality: CoachPersonality;
  teamPosition: number | null;
  at: Date;
}

/**
 * Creates an own coach; undefined when the person already has a copy of this catalogue coach
 * (two tabs adding the same coach at once: the caller reads the one that won).
 */
export async function insertOwnCoach(
  db: Db,
  values: NewOwnCoach,
): Promise<UserCoachRow | undefined> {
  const { at, ...fields } = values;
  const [row] = await db
    .insert(userCoaches)
    .values({ ...fields, addedAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [userCoaches.userId, userCoaches.catalogueId] })
    .returning();
  return row;
}

/** Changes an own coach's name, tone, personality or team place; undefined when not theirs. */
export async function updateOwnCoach(
  db: Db,
  userId: string,
  id: string,
  set: Partial<Pick<UserCoachRow, 'name' | 'tone' | 'personality' | 'teamPosition'>> & {
    updatedAt: Date;
  },
): Promise<UserCoachRow | undefined> {
  const [row] = await db
    .update(userCoaches)
    .set(set)
    .where(and(eq(userCoaches.userId, userId), eq(userCoaches.id, id)))
    .returning();
  return row;
}

/** The ids on the person's team in their order, locked until the transaction ends. */
export async function lockTeam(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db
    .select({ id: userCoaches.id })
    .from(userCoaches)
    .where(and(eq(userCoaches.userId, userId), isNotNull(userCoaches.teamPosition)))
    .orderBy(asc(userCoaches.teamPosition), asc(userCoaches.addedAt))
    .for('update');
}

/** Gives the team the order of `ids` (1, 2, 3…); every id must be on the person's team. */
export async function setTeamOrder(
  db: Db,
  userId: string,
  ids: readonly string[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const positions = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${userCoaches} set team_position = v.position, updated_at = ${at.toISOString()}::timestamptz
    from (values ${positions}) as v(id, position)
    where ${userCoaches.id} = v.id and ${userCoaches.userId} = ${userId}::uuid`);
}
