import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog, users } from '#server/db/schema.ts';

// What product modules may read of the auth tables (directory.service.ts): accounts' labels and
// roles, and a person's own audit entries.

const accountColumns = {
  id: users.id,
  email: users.email,
  appMetadata: users.appMetadata,
  userMetadata: users.userMetadata,
  lastSignInAt: users.lastSignInAt,
  bannedUntil: users.bannedUntil,
};
export type AccountRow = {
  id: string;
  email: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  lastSignInAt: Date | null;
  bannedUntil: Date | null;
};

export async function accountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export function accountsByIds(db: Db, ids: readonly string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(accountColumns)
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
}

export function auditOf(
  db: Db,
  userId: string,
  actions: readonly string[],
  limit: number,
): Promise<{ action: string; details: Record<string, unknown>; createdAt: Date }[]> {
  return db
    .select({ action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
