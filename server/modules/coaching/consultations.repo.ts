import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { coachProposals, teamConsultations } from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';

export type ConsultationRow = typeof teamConsultations.$inferSelect;
export type NewConsultationRow = typeof teamConsultations.$inferInsert;
export type ProposalRow = typeof coachProposals.$inferSelect;
export type NewProposalRow = typeof coachProposals.$inferInsert;

export async function insertConsultation(
  db: Db,
  values: NewConsultationRow,
): Promise<ConsultationRow> {
  const [row] = await db.insert(teamConsultations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The proposals of a consultation, in the order given. */
export async function insertProposals(
  db: Db,
  values: readonly NewProposalRow[],
): Promise<ProposalRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(coachProposals)
    .values([...values])
    .returning();
}

/** The person's consultations newest first, older than `before` when given. */
export function listConsultations(
  db: Db,
  userId: string,
  options: { limit: number; before?: PagePosition },
): Promise<ConsultationRow[]> {
  const conditions: SQL[] = [eq(teamConsultations.userId, userId)];
  if (options.before) {
    conditions.push(
      sql`(${teamConsultations.createdAt}, ${teamConsultations.id}) < (${options.before.at.toISOString()}::timestamptz, ${options.before.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(teamConsultations)
    .where(and(...conditions))
    .orderBy(desc(teamConsultations.createdAt), desc(teamConsultations.id))
    .limit(options.limit);
}

/** The proposals of these consultations as they stand now (accepted or declined since, or open). */
export function proposalsOf(
  db: Db,
  userId: string,
  consultationIds: readonly string[],
): Promise<ProposalRow[]> {
  if (consultationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(coachProposals)
    .where(
      and(
        eq(coachProposals.userId, userId),
        inArray(coachProposals.consultationId, [...consultationIds]),
      ),
    )
    .orderBy(asc(coachProposals.createdAt), asc(coachProposals.id));
}
