import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { identities, users } from '#server/db/schema.ts';
import { loadUserWhere, type UserRecord } from './user-record.repo.ts';

// Phone-number and anonymous accounts (ADR 021): the statements the phone sign-in and anonymous
// flows add to users and identities. Phones are stored as E.164 digits without the "+".

export function loadUserByPhone(db: Db, phone: string): Promise<UserRecord | null> {
  return loadUserWhere(db, sql`u.phone = ${phone}`);
}

/** Marks the phone confirmed (first code redeemed) and its identity verified. */
export async function confirmPhone(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ phoneConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.phoneConfirmedAt} is null`));
  await db
    .update(identities)
    .set({
      identityData: sql`${identities.identityData} || '{"phone_verified": true}'::jsonb`,
      updatedAt: now,
      lastSignInAt: now,
    })
    .where(and(eq(identities.userId, userId), eq(identities.provider, 'phone')));
}
