import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

// Who the accounts are, for the admin area: one role's accounts page by page (a broadcast), an
// address's account (lookups and filters) and the addresses of a few accounts (lists).

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
