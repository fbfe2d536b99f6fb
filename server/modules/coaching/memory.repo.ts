import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { coachMemories } from '#server/db/schema.ts';

// Coach memory (ADR 034): short facts coaches keep about one person, shown to them, editable and
// deletable. Every statement is scoped to the person.

export type MemoryRow = typeof coachMemories.$inferSelect;
export type NewMemoryRow = typeof coachMemories.$inferInsert;

/** The person's memories, newest first (at most MEMORY_LIMIT of them). */
export function listMemories(db: Db, userId: string): Promise<MemoryRow[]> {
  return db
    .select()
    .from(coachMemories)
    .where(eq(coachMemories.userId, userId))
    .orderBy(desc(coachMemories.createdAt), desc(coachMemories.id));
}

export async function findMemory(
  db: Db,
  userId: string,
  id: string,
): Promise<MemoryRow | undefined> {
  const [row] = await db
    .select()
    .from(coachMemories)
    .where(and(eq(coachMemories.userId, userId), eq(coachMemories.id, id)))
    .limit(1);
  return row;
}

/**
 * How many memories the person has, counted under a lock held until the transaction ends, so two
 * memories added at once cannot both take the last place.
 */
export async function countMemoriesLocked(db: Db, userId: string): Promise<number> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`coach_memories:${userId}`}, 0))`,
  );
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(coachMemories)
    .where(eq(coachMemories.userId, userId));
  return Number(row?.count ?? 0);
}

export async function insertMemory(db: Db, values: NewMemoryRow): Promise<MemoryRow> {
  const [row] = await db.insert(coachMemories).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** undefined when the memory is not the person's. */
export async function updateMemory(
  db: Db,
  userId: string,
  id: string,
  set: { body: string; updatedAt: Date },
): Promise<MemoryRow | undefined> {
  const [row] = await db
    .update(coachMemories)
    .set(set)
    .where(and(eq(coachMemories.userId, userId), eq(coachMemories.id, id)))
    .returning();
  return row;
}

/** Whether the person had this memory. */
export async function deleteMemory(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(coachMemories)
    .where(and(eq(coachMemories.userId, userId), eq(coachMemories.id, id)))
    .returning({ id: coachMemories.id });
  return rows.length > 0;
}
