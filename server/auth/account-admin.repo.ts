import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

// What the admin area reads of the accounts (one row per account, no identities) and the lock the
// last-admin rule takes. Every function takes `db`, which may be a transaction.

export interface AccountSummaryRow {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  role: string | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  confirmed: boolean;
  mfa: boolean;
  banned_until: Date | string | null;
  is_anonymous: boolean;
  has_password: boolean;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of accounts, newest first, with the total that match. */
export async function listAccountSummaries(
  db: Db,
  options: {
    id?: string;
    search?: string;
    role?: 'user' | 'coach' | 'admin';
    limit: number;
    offset: number;
  },
): Promise<{ rows: AccountSummaryRow[]; total: number }> {
  const conditions = [sql`u.deleted_at is null`];
  if (options.id) conditions.push(sql`u.id = ${options.id}`);
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    conditions.push(
      sql`(u.email ilike ${pattern} or u.phone ilike ${pattern} or u.user_metadata->>'full_name' ilike ${pattern})`,
    );
  }
  if (options.role === 'user') {
    conditions.push(sql`coalesce(u.app_metadata->>'role', '') not in ('admin', 'coach')`);
  } else if (options.role) {
    conditions.push(sql`u.app_metadata->>'role' = ${options.role}`);
  }
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<AccountSummaryRow & { total: number }>(
    db,
    sql`select u.id, u.email, u.phone, u.user_metadata->>'full_name' as name,
          u.app_metadata->>'role' as role, u.created_at, u.last_sign_in_at,
          (u.email_confirmed_at is not null or u.phone_confirmed_at is not null) as confirmed,
          exists (select 1 from mfa_factors f where f.user_id = u.id and f.status = 'verified') as mfa,
          u.banned_until, u.is_anonymous, (u.password_hash is not null) as has_password,
          count(*) over ()::int as total
        from users u where ${where}
        order by u.created_at desc, u.id desc
        limit ${options.limit} offset ${options.offset}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from users u where ${where}`,
    );
    total = row?.total ?? 0;
  }
  return { rows, total };
}

/**
 * Locks the admins who can still act (not deleted, not banned at `now`) until the transaction
 * ends, and returns their ids. Two admins demoting, banning or deleting each other at once wait
 * for each other here, so the second sees the first's change and the last admin always remains.
 */
export async function lockActiveAdmins(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users
        where deleted_at is null and app_metadata->>'role' = 'admin'
          and (banned_until is null or banned_until <= ${now.toISOString()}::timestamptz)
        order by id
        for update`,
  );
  return rows.map((row) => row.id);
}
