import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { onboardingProgress } from '#server/db/schema.ts';

export type OnboardingRow = typeof onboardingProgress.$inferSelect;

export async function findOnboarding(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<OnboardingRow | null> {
  const query = db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function upsertOnboarding(db: Db, values: OnboardingRow): Promise<OnboardingRow> {
  const { userId: _userId, ...changes } = values;
  const [row] = await db
    .insert(onboardingProgress)
    .values(values)
    .onConflictDoUpdate({ target: onboardingProgress.userId, set: changes })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
