import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { coachClientLinks, coachClientNotes, coachInviteCodes } from '#server/db/schema.ts';

// The coach-links module's tables (ADR 035): shares, invite codes and the coach's private notes.
// Every statement takes `db`, which may be the service's transaction.

export type LinkRow = typeof coachClientLinks.$inferSelect;
type InviteRow = typeof coachInviteCodes.$inferSelect;

/** The pair's share, live or revoked, locked until the transaction ends. */
export async function lockPair(
  db: Db,
  coachId: string,
  clientId: string,
): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(coachClientLinks)
    .where(and(eq(coachClientLinks.coachId, coachId), eq(coachClientLinks.clientId, clientId)))
    .for('update');
  return row;
}

/** A new share; undefined when the pair already has one (two tabs at once: read it again). */
export async function insertLink(
  db: Db,
  row: typeof coachClientLinks.$inferInsert,
): Promise<LinkRow | undefined> {
  const [inserted] = await db
    .insert(coachClientLinks)
    .values(row)
    .onConflictDoNothing({ target: [coachClientLinks.coachId, coachClientLinks.clientId] })
    .returning();
  return inserted;
}

export async function updateLink(
  db: Db,
  id: string,
  set: Partial<Pick<LinkRow, 'scopes' | 'revokedAt' | 'userCoachId' | 'createdAt'>> & {
    updatedAt: Date;
  },
): Promise<LinkRow> {
  const [row] = await db
    .update(coachClientLinks)
    .set(set)
    .where(eq(coachClientLinks.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** The person's live share with this id, locked; undefined when not theirs or revoked. */
export async function lockClientLink(
  db: Db,
  clientId: string,
  id: string,
): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(coachClientLinks)
    .where(
      and(
        eq(coachClientLinks.id, id),
        eq(coachClientLinks.clientId, clientId),
        isNull(coachClientLinks.revokedAt),
      ),
    )
    .for('update');
  return row;
}

export function liveLinksOfClient(db: Db, clientId: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(coachClientLinks)
    .where(and(eq(coachClientLinks.clientId, clientId), isNull(coachClientLinks.revokedAt)))
    .orderBy(desc(coachClientLinks.createdAt));
}

export function liveLinksOfCoach(db: Db, coachId: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(coachClientLinks)
    .where(and(eq(coachClientLinks.coachId, coachId), isNull(coachClientLinks.revokedAt)))
    .orderBy(desc(coachClientLinks.createdAt));
}

/** The live share of this coach and client, or undefined: the read behind every coach route. */
export async function liveLink(
  db: Db,
  coachId: string,
  clientId: string,
): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(coachClientLinks)
    .where(
      and(
        eq(coachClientLinks.coachId, coachId),
        eq(coachClientLinks.clientId, clientId),
        isNull(coachClientLinks.revokedAt),
      ),
    );
  return row;
}

/** Every share, live ones first, newest first within each. */
export function allLinks(db: Db, limit: number): Promise<LinkRow[]> {
  return db
    .select()
    .from(coachClientLinks)
    .orderBy(sql`${coachClientLinks.revokedAt} is not null`, desc(coachClientLinks.createdAt))
    .limit(limit);
}

// --- invite codes ---

export async function inviteOf(db: Db, coachId: string): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(coachInviteCodes)
    .where(eq(coachInviteCodes.coachId, coachId));
  return row;
}

export async function coachOfCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ coachId: coachInviteCodes.coachId })
    .from(coachInviteCodes)
    .where(eq(coachInviteCodes.code, code));
  return row?.coachId;
}

/** Sets the coach's code, replacing the one they had (a code taken by another: unique violation). */
export async function putInvite(
  db: Db,
  values: { coachId: string; code: string; at: Date },
): Promise<InviteRow> {
  const [row] = await db
    .insert(coachInviteCodes)
    .values({ coachId: values.coachId, code: values.code, createdAt: values.at })
    .onConflictDoUpdate({
      target: coachInviteCodes.coachId,
      set: { code: values.code, createdAt: values.at },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

// --- notes ---

export async function noteOf(
  db: Db,
  coachId: string,
  clientId: string,
): Promise<{ body: string; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ body: coachClientNotes.body, updatedAt: coachClientNotes.updatedAt })
    .from(coachClientNotes)
    .where(and(eq(coachClientNotes.coachId, coachId), eq(coachClientNotes.clientId, clientId)));
  return row;
}

export async function putNote(
  db: Db,
  values: { coachId: string; clientId: string; body: string; at: Date },
): Promise<{ body: string; updatedAt: Date }> {
  const [row] = await db
    .insert(coachClientNotes)
    .values({
      coachId: values.coachId,
      clientId: values.clientId,
      body: values.body,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: [coachClientNotes.coachId, coachClientNotes.clientId],
      set: { body: values.body, updatedAt: values.at },
    })
    .returning({ body: coachClientNotes.body, updatedAt: coachClientNotes.updatedAt });
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** Sends a live event in the caller's transaction: delivered when it commits (event-bus.ts). */
export async function announce(
  db: Db,
  notification: { channel: string; payload: string },
): Promise<void> {
  await db.execute(sql`select pg_notify(${notification.channel}, ${notification.payload})`);
}
