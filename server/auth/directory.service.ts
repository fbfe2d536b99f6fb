import { roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './directory.repo.ts';

// The accounts as product modules may see them (coach sharing, ADR 035): who an email or an id is,
// their role and a label (their name when they gave one, else the email), and a person's own audit
// entries of given actions. Read-only; the auth service stays the only writer of its tables.

export interface Account {
  id: string;
  email: string | null;
  name: string | null;
  role: AppRole;
  lastSignInAt: Date | null;
}

function nameOf(metadata: Record<string, unknown>): string | null {
  for (const key of ['full_name', 'name']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 80);
  }
  return null;
}

function toAccount(row: repo.AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row.userMetadata),
    role: roleFromAppMetadata(row.appMetadata),
    lastSignInAt: row.lastSignInAt,
  };
}

/** The account with this (lower-cased) email, or null; deleted accounts are none. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | null> {
  const row = await repo.accountByEmail(db, email.trim().toLowerCase());
  return row ? toAccount(row) : null;
}

/** The accounts with these ids (missing or deleted ones are left out), by id. */
export async function accountsByIds(db: Db, ids: readonly string[]): Promise<Map<string, Account>> {
  const rows = await repo.accountsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toAccount(row)]));
}

/** The person's audit entries of `actions`, newest first. */
export function auditEntriesOf(db: Db, userId: string, actions: readonly string[], limit = 50) {
  return repo.auditOf(db, userId, actions, limit);
}
