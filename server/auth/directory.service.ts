import { roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './directory.repo.ts';

// The accounts as product modules may see them, read-only (the auth service stays the only writer
// of its tables; ADR 016, 035): for the admin area, every account page by page and addresses by id;
// for coach sharing, who an email or an id is, their role and a label (their name when they gave
// one, else the email), and a person's own audit entries of given actions.

/**
 * Every account not deleted (of `role` when given), in pages of `batchSize` ids: a broadcast
 * writes one page at a time.
 */
export async function* accountIdPages(
  db: Db,
  role: AppRole | null,
  batchSize: number,
): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const page = await repo.accountIdsPage(db, { role, after, limit: batchSize });
    if (page.length > 0) yield page;
    if (page.length < batchSize) return;
    after = page.at(-1) ?? null;
  }
}

/** The id of the account with this address (lower-cased here), or null. */
export function accountIdOf(db: Db, email: string): Promise<string | null> {
  return repo.accountIdByEmail(db, email.trim().toLowerCase());
}

/** Addresses by account id, for the ids given. */
export function accountEmails(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  return repo.emailsOf(db, ids);
}

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
