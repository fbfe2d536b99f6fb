import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reflections, userCoaches } from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';

export type ReflectionRow = typeof reflections.$inferSelect;
export type NewReflectionRow = typeof reflections.$inferInsert;
/** A reflection with the current name of the coach that answered (null once that coach is gone). */
export type ReflectionRecord = ReflectionRow & { coachName: string | null };

export async function insertReflection(db: Db, values: NewReflectionRow): Promise<ReflectionRow> {
  const [row] = await db.insert(reflections).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The person's reflections newest first, older than `before` when given (keyset on the index). */
export async function listReflections(
  db: Db,
  userId: string,
  options: { limit: number; before?: PagePosition },
): Promise<ReflectionRecord[]> {
  const conditions: SQL[] = [eq(reflections.userId, userId)];
  if (options.before) {
    conditions.push(
      sql`(${reflections.createdAt}, ${reflections.id}) < (${options.before.at.toISOString()}::timestamptz, ${options.before.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ reflection: reflections, coachName: userCoaches.name })
    .from(reflections)
    .leftJoin(userCoaches, eq(userCoaches.id, reflections.userCoachId))
    .where(and(...conditions))
    .orderBy(desc(reflections.createdAt), desc(reflections.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row.reflection, coachName: row.coachName }));
}
