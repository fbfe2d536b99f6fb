import { and, asc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { FactorRow } from './user-record.repo.ts';
import { mfaChallenges, mfaFactors } from '#server/db/schema.ts';

// MFA factors and their challenges.
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt));
}

export async function findFactor(db: Db, id: string, userId: string): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)));
  return row ?? null;
}

export async function insertFactor(db: Db, row: typeof mfaFactors.$inferInsert): Promise<void> {
  await db.insert(mfaFactors).values(row);
}

export async function updateFactor(
  db: Db,
  id: string,
  patch: Partial<typeof mfaFactors.$inferInsert>,
): Promise<void> {
  await db.update(mfaFactors).set(patch).where(eq(mfaFactors.id, id));
}

/**
 * Records a TOTP step as used unless it (or a later one) already was; false means replay.
 * Atomic, so two concurrent verifications of one code cannot both pass.
 */
export async function claimTotpStep(
  db: Db,
  factorId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(
      and(
        eq(mfaFactors.id, factorId),
        or(sql`${mfaFactors.lastUsedStep} is null`, lt(mfaFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function deleteFactor(db: Db, id: string): Promise<FactorRow | null> {
  const [row] = await db.delete(mfaFactors).where(eq(mfaFactors.id, id)).returning();
  return row ?? null;
}

export async function deleteUserFactors(db: Db, userId: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
}

export async function deleteStaleUnverifiedFactors(
  db: Db,
  userId: string,
  before: Date,
): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.status, 'unverified'),
        lt(mfaFactors.createdAt, before),
      ),
    );
}

export async function deleteOtherUnverifiedFactors(
  db: Db,
  userId: string,
  keep: string,
  factorType: string,
): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        ne(mfaFactors.id, keep),
        eq(mfaFactors.status, 'unverified'),
        eq(mfaFactors.factorType, factorType),
      ),
    );
}

export async function insertChallenge(
  db: Db,
  row: typeof mfaChallenges.$inferInsert,
): Promise<void> {
  await db.insert(mfaChallenges).values(row);
}

export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.factorId, factorId)));
  return row ?? null;
}

/** Marks a challenge used; false when it already was (so a challenge passes once). */
export async function markChallengeVerified(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ verifiedAt: now })
    .where(and(eq(mfaChallenges.id, id), sql`${mfaChallenges.verifiedAt} is null`))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}
