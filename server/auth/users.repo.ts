import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { runPrepared, type PreparedStatement } from '#server/db/prepared-statements.ts';
import {
  loadUserWhere,
  toUserRecord,
  USER_RECORD_COLUMNS,
  userRecordColumns,
  type UserJson,
  type UserRecord,
} from './user-record.repo.ts';
import { identities, users } from '#server/db/schema.ts';

// The users and identities tables. Every function takes `db`, which may be a transaction: the
// service decides what is atomic.

export function loadUserById(db: Db, id: string): Promise<UserRecord | null> {
  return loadUserWhere(db, sql`u.id = ${id}`);
}

const USER_BY_EMAIL: PreparedStatement = {
  name: 'auth_user_by_email',
  types: ['text'],
  text: `select ${USER_RECORD_COLUMNS} from users u where u.email = $1::text limit 1`,
};

/** What a password sign-in checks before anything else is loaded. */
export interface Credentials {
  id: string;
  passwordHash: string | null;
  bannedUntil: Date | null;
  emailConfirmedAt: Date | null;
  deletedAt: Date | null;
}

const CREDENTIALS_BY_EMAIL: PreparedStatement = {
  name: 'auth_credentials_by_email',
  types: ['text'],
  text: `select id, password_hash, banned_until, email_confirmed_at, deleted_at
    from users where email = $1::text limit 1`,
};

export async function findCredentialsByEmail(db: Db, email: string): Promise<Credentials | null> {
  const [row] = await runPrepared<{
    id: string;
    password_hash: string | null;
    banned_until: Date | string | null;
    email_confirmed_at: Date | string | null;
    deleted_at: Date | string | null;
  }>(db, CREDENTIALS_BY_EMAIL, [email]);
  if (!row) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: row.id,
    passwordHash: row.password_hash,
    bannedUntil: date(row.banned_until),
    emailConfirmedAt: date(row.email_confirmed_at),
    deletedAt: date(row.deleted_at),
  };
}

export async function loadUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const [row] = await runPrepared<UserJson>(db, USER_BY_EMAIL, [email]);
  return row ? toUserRecord(row) : null;
}

/** Another account (not `exceptId`) already has this address. */
export async function emailInUse(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const owner = eq(users.email, email);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(owner, ne(users.id, exceptId)) : owner)
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row);
}

export async function insertIdentity(db: Db, row: typeof identities.$inferInsert): Promise<void> {
  await db.insert(identities).values(row);
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

export async function updateEmailIdentity(
  db: Db,
  userId: string,
  patch: {
    email?: string | null;
    identityData?: Record<string, unknown>;
    updatedAt: Date;
    lastSignInAt?: Date;
  },
): Promise<void> {
  await db
    .update(identities)
    .set(patch)
    .where(and(eq(identities.userId, userId), eq(identities.provider, 'email')));
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteIdentities(db: Db, userId: string): Promise<void> {
  await db.delete(identities).where(eq(identities.userId, userId));
}

export async function listUsers(
  db: Db,
  options: { page: number; perPage: number; filter?: string; sortDesc: boolean },
): Promise<{ users: UserRecord[]; total: number }> {
  const where = options.filter
    ? sql`u.deleted_at is null and (u.email ilike ${`%${escapeLike(options.filter)}%`} or u.user_metadata->>'full_name' ilike ${`%${escapeLike(options.filter)}%`})`
    : sql`u.deleted_at is null`;
  const order = options.sortDesc
    ? sql`u.created_at desc, u.id desc`
    : sql`u.created_at asc, u.id asc`;
  const rows = await queryRows<UserJson & { total: number }>(
    db,
    sql`select ${userRecordColumns}, count(*) over ()::int as total
        from users u where ${where} order by ${order}
        limit ${options.perPage} offset ${(options.page - 1) * options.perPage}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from users u where ${where}`,
    );
    total = row?.total ?? 0;
  }
  return { users: rows.map(toUserRecord), total };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
