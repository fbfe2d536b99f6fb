import { and, desc, eq } from 'drizzle-orm';
import type { AssessmentKind, DraftAnswers } from '#contracts/assessments.ts';
import type { Db } from '#server/db/client.ts';
import { assessments } from '#server/db/schema.ts';

export type AssessmentRow = typeof assessments.$inferSelect;

/** One of the person's assessments; null when it is not theirs or does not exist. */
export async function findAssessment(
  db: Db,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AssessmentRow | null> {
  const query = db
    .select()
    .from(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.userId, userId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUnfinished(
  db: Db,
  userId: string,
  kind: AssessmentKind,
): Promise<AssessmentRow | null> {
  const [row] = await db
    .select()
    .from(assessments)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.kind, kind),
        eq(assessments.status, 'in_progress'),
      ),
    );
  return row ?? null;
}

/** Starts one unless another request just did (one unfinished per person and kind): null then. */
export async function insertUnfinished(
  db: Db,
  values: Pick<AssessmentRow, 'id' | 'userId' | 'kind' | 'answers' | 'createdAt'>,
): Promise<AssessmentRow | null> {
  const [row] = await db
    .insert(assessments)
    .values({ ...values, status: 'in_progress', step: 0, updatedAt: values.createdAt })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateAssessment(
  db: Db,
  id: string,
  changes: { answers: DraftAnswers; step: number; updatedAt: Date; completedAt?: Date },
): Promise<AssessmentRow> {
  const [row] = await db
    .update(assessments)
    .set({
      answers: changes.answers,
      step: changes.step,
      updatedAt: changes.updatedAt,
      ...(changes.completedAt
        ? { status: 'completed' as const, completedAt: changes.completedAt }
        : {}),
    })
    .where(eq(assessments.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** The person's latest completed assessment, of either kind (the one recommendations read). */
export async function findLatestCompleted(db: Db, userId: string): Promise<AssessmentRow | null> {
  const [row] = await db
    .select()
    .from(assessments)
    .where(and(eq(assessments.userId, userId), eq(assessments.status, 'completed')))
    .orderBy(desc(assessments.completedAt), desc(assessments.createdAt))
    .limit(1);
  return row ?? null;
}
