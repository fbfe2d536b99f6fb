import type { AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { accountIdByEmail, accountIdsPage, emailsOf } from './directory.repo.ts';

// The auth service's door for the admin area (ADR 016): modules read accounts through here, never
// through the users table.

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
    const page = await accountIdsPage(db, { role, after, limit: batchSize });
    if (page.length > 0) yield page;
    if (page.length < batchSize) return;
    after = page.at(-1) ?? null;
  }
}

/** The id of the account with this address (lower-cased here), or null. */
export function accountIdOf(db: Db, email: string): Promise<string | null> {
  return accountIdByEmail(db, email.trim().toLowerCase());
}

/** Addresses by account id, for the ids given. */
export function accountEmails(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  return emailsOf(db, ids);
}
