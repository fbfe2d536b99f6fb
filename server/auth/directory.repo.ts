import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, users } from '#server/db/schema.ts';

// What product modules may read of the auth tables (directory.service.ts): the admin area's
// accounts page by page (a broadcast), an address's account and the addresses of a few accounts;
// coach sharing's account labels and roles, and a person's own audit entries.

function roleIs(role: AppRole): SQL {
  const stored = sql`coalesce(${users.appMetadata}->>'role', '')`;
  return role === 'user' ? sql`${stored} not in ('coach', 'admin')` : sql`${stored} = ${role}`;
}

/** Ids of accounts not deleted (of `role` when given), after `after` in id order, at most `limit`. */
export async function accountIdsPage(
  db: Db,
  options: { role: AppRole | null; after: string | null; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        options.role ? roleIs(options.role) : undefined,
        options.after ? gt(users.id, options.after) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** The account with this (lower-cased) address, deleted ones included. */
export async function accountIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row?.id ?? null;
}

/** The addresses of these accounts (null for a phone-only or anonymous one). */
export async function emailsOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

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
