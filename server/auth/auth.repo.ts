import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { queryRows, type Db } from '../db/client.ts';
import { simpleQuery } from '../db/pglite-simple-query.ts';
import {
  auditLog,
  devOutbox,
  flowState,
  identities,
  mfaChallenges,
  mfaFactors,
  oneTimeTokens,
  rateLimits,
  refreshTokens,
  sessions,
  systemSettings,
  users,
} from '../db/schema.ts';

// The only module that touches the auth tables. Every function takes `db`, which may be a
// transaction: the service decides what is atomic.

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type FlowStateRow = typeof flowState.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type OutboxRow = typeof devOutbox.$inferSelect;

/** A user with what the wire format embeds: identities and MFA factors. */
export interface UserRecord extends UserRow {
  identities: IdentityRow[];
  factors: FactorRow[];
}

// ---------------------------------------------------------------------------------------------
// Raw JSON rows → typed rows. The hot paths (sign-in, refresh, the guard) load a user with its
// identities and factors in one statement as jsonb; these turn snake_case keys and timestamp
// strings back into the Drizzle row shapes.

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function rowMapper<T>(table: Table): (json: Record<string, unknown>) => T {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    source: snake(key),
    isTimestamp: column.columnType === 'PgTimestamp',
  }));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const field of fields) {
      const value = json[field.source];
      row[field.key] =
        field.isTimestamp && typeof value === 'string' ? new Date(value) : (value ?? null);
    }
    return row as T;
  };
}

const toUserRow = rowMapper<UserRow>(users);
const toIdentityRow = rowMapper<IdentityRow>(identities);
const toFactorRow = rowMapper<FactorRow>(mfaFactors);
const toSessionRow = rowMapper<SessionRow>(sessions);

interface UserJson {
  user: Record<string, unknown>;
  identities: Record<string, unknown>[];
  factors: Record<string, unknown>[];
}

function toUserRecord(json: UserJson): UserRecord {
  return {
    ...toUserRow(json.user),
    identities: json.identities.map(toIdentityRow),
    factors: json.factors.map(toFactorRow),
  };
}

/**
 * The columns `user`, `identities` and `factors` (jsonb) for the user row `u`: one statement
 * loads a user as the wire format needs it.
 */
const USER_RECORD_COLUMNS = `to_jsonb(u) as "user",
  (select coalesce(jsonb_agg(i order by i.created_at), '[]'::jsonb) from identities i where i.user_id = u.id) as identities,
  (select coalesce(jsonb_agg(f order by f.created_at), '[]'::jsonb) from mfa_factors f where f.user_id = u.id) as factors`;
const userRecordColumns = sql.raw(USER_RECORD_COLUMNS);

async function loadUserWhere(db: Db, where: SQL): Promise<UserRecord | null> {
  const [row] = await queryRows<UserJson>(
    db,
    sql`select ${userRecordColumns} from users u where ${where} limit 1`,
  );
  return row ? toUserRecord(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Prepared statements for the hot paths (sign-in, refresh). PostgreSQL plans a statement of this
// size in longer than it runs it; preparing once per connection removes that cost.

interface PreparedStatement {
  name: string;
  types: string[];
  /** SQL with $1…$n placeholders, each cast to its type (and no other `$`). */
  text: string;
}

type Param = string | null;

/** A SQL literal for a parameter (node-postgres's escapeLiteral): safe whatever the text holds. */
function literal(value: Param): string {
  if (value === null) return 'NULL';
  if (value.includes('\0')) throw new Error('text parameters cannot hold NUL characters');
  let hasBackslash = false;
  let escaped = "'";
  for (const c of value) {
    if (c === "'") escaped += "''";
    else if (c === '\\') {
      escaped += '\\\\';
      hasBackslash = true;
    } else escaped += c;
  }
  escaped += "'";
  return hasBackslash ? ` E${escaped}` : escaped;
}

/** Per PGlite instance, the PREPAREs made or under way (concurrent first calls share one). */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `statement` prepared. PGlite (one connection): PREPARE once, then EXECUTE with literals,
 * as EXECUTE takes no bind parameters. node-postgres: a named query, prepared by pg once per
 * pooled connection. Inside a transaction (no client at hand): the text with literals.
 */
async function runPrepared<T>(db: Db, statement: PreparedStatement, values: Param[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    let prepared = preparedOn.get(client);
    if (!prepared) {
      prepared = new Map();
      preparedOn.set(client, prepared);
    }
    let preparing = prepared.get(statement.name);
    if (!preparing) {
      preparing = client
        .exec(`prepare ${statement.name} (${statement.types.join(', ')}) as ${statement.text}`)
        .catch((error: unknown) => {
          prepared.delete(statement.name);
          throw error;
        });
      prepared.set(statement.name, preparing);
    }
    await preparing;
    const args = values.map(literal).join(', ');
    // The simple protocol: one exchange with PostgreSQL, where query() makes three (parse and
    // describe, bind and describe, execute) and exec() two (the query, then a sync).
    return simpleQuery<T>(client, `execute ${statement.name}(${args})`);
  }
  if (client && typeof (client as { query?: unknown }).query === 'function') {
    const pool = client as {
      query(config: { name: string; text: string; values: Param[] }): Promise<{ rows: T[] }>;
    };
    return (await pool.query({ name: statement.name, text: statement.text, values })).rows;
  }
  const inlined = statement.text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = values[Number(index) - 1];
    if (value === undefined) throw new Error(`missing parameter $${index} for ${statement.name}`);
    return literal(value);
  });
  return queryRows<T>(db, sql.raw(inlined));
}

// ---------------------------------------------------------------------------------------------
// Instance settings (keys)

export async function getSetting<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row ? (row.value as T) : null;
}

/** Inserts unless the key exists; true when this call created it (first start, any process). */
export async function insertSettingIfAbsent(
  db: Db,
  key: string,
  value: unknown,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(systemSettings)
    .values({ key, value, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ key: systemSettings.key });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Users

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

/**
 * The first account of a fresh instance claims the admin role: true for exactly one account,
 * even when several sign up at once (the settings row is the tie-breaker).
 */
export async function claimFirstAdmin(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into system_settings (key, value, created_at, updated_at)
        select 'auth.first_admin', jsonb_build_object('user_id', ${userId}::text), ${now}, ${now}
        where not exists (select 1 from users where id <> ${userId})
        on conflict (key) do nothing
        returning key`,
  );
  return rows.length === 1;
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

// ---------------------------------------------------------------------------------------------
// Sessions and refresh tokens

export interface NewSession {
  id: string;
  userId: string;
  aal: 'aal1' | 'aal2';
  factorId?: string | null;
  amr: { method: string; timestamp: number }[];
  userAgent: string | null;
  ip: string | null;
  refreshTokenId: string;
  refreshTokenHash: string;
  now: Date;
  /** Also stamp users.last_sign_in_at (a sign-in, not an MFA step-up). */
  signIn: boolean;
  /** An audit entry by the user to write with it (e.g. login). */
  audit?: { action: string; details: Record<string, unknown> } | undefined;
}

const START_SESSION: PreparedStatement = {
  name: 'auth_start_session',
  types: [
    'uuid',
    'uuid',
    'text',
    'uuid',
    'jsonb',
    'text',
    'text',
    'timestamptz',
    'uuid',
    'text',
    'boolean',
    'text',
    'jsonb',
  ],
  text: `
    with created as (
      insert into sessions (id, user_id, aal, factor_id, amr, user_agent, ip, created_at, updated_at)
      values ($1::uuid, $2::uuid, $3::text, $4::uuid, $5::jsonb, $6::text, $7::text, $8::timestamptz, $8::timestamptz)
      returning id
    ), token as (
      insert into refresh_tokens (id, token_hash, session_id, created_at)
      select $9::uuid, $10::text, created.id, $8::timestamptz from created
    ), stamp as (
      update users set last_sign_in_at = $8::timestamptz, updated_at = $8::timestamptz
      where id = $2::uuid and $11::boolean
    ), audit as (
      insert into audit_log (action, actor_type, actor_id, user_id, ip, details, created_at)
      select $12::text, 'user', $2::uuid, $2::uuid, $7::text, $13::jsonb, $8::timestamptz
      where $12::text is not null
    )
    select ${USER_RECORD_COLUMNS} from users u where u.id = $2::uuid`,
};

/**
 * One statement: the session, its first refresh token, last_sign_in_at and the audit entry;
 * returns the user as it was before the statement (last_sign_in_at not yet stamped).
 */
export async function createSession(db: Db, s: NewSession): Promise<UserRecord | null> {
  const [row] = await runPrepared<UserJson>(db, START_SESSION, [
    s.id,
    s.userId,
    s.aal,
    s.factorId ?? null,
    JSON.stringify(s.amr),
    s.userAgent,
    s.ip,
    s.now.toISOString(),
    s.refreshTokenId,
    s.refreshTokenHash,
    s.signIn ? 'true' : 'false',
    s.audit?.action ?? null,
    JSON.stringify(s.audit?.details ?? {}),
  ]);
  return row ? toUserRecord(row) : null;
}

export interface RotatedSession {
  session: SessionRow;
  user: UserRecord;
}

const ROTATE_REFRESH_TOKEN: PreparedStatement = {
  name: 'auth_rotate_refresh_token',
  types: ['text', 'uuid', 'text', 'timestamptz'],
  text: `
    with revoked as (
      update refresh_tokens rt set revoked_at = $4::timestamptz
      where rt.token_hash = $1::text and rt.revoked_at is null
        and not exists (
          select 1 from sessions s join users bu on bu.id = s.user_id
          where s.id = rt.session_id and bu.banned_until is not null and bu.banned_until > $4::timestamptz)
      returning rt.id, rt.session_id
    ), child as (
      insert into refresh_tokens (id, token_hash, session_id, parent_id, created_at)
      select $2::uuid, $3::text, revoked.session_id, revoked.id, $4::timestamptz from revoked
      returning session_id
    ), touched as (
      update sessions s set refreshed_at = $4::timestamptz, updated_at = $4::timestamptz
      from child where s.id = child.session_id
      returning s.*
    )
    select to_jsonb(touched) as session, ${USER_RECORD_COLUMNS}
    from touched join users u on u.id = touched.user_id`,
};

/**
 * The refresh fast path, one prepared statement: revokes the presented token if it is live and
 * its user is not banned, issues its child, stamps the session, and returns the session and
 * user. Null when the token is unknown, already revoked or its user banned (the caller looks
 * closer). Pass the root database, not a transaction.
 */
export async function rotateLiveRefreshToken(
  db: Db,
  input: { tokenHash: string; childId: string; childHash: string; now: Date },
): Promise<RotatedSession | null> {
  const [row] = await runPrepared<UserJson & { session: Record<string, unknown> }>(
    db,
    ROTATE_REFRESH_TOKEN,
    [input.tokenHash, input.childId, input.childHash, input.now.toISOString()],
  );
  return row ? { session: toSessionRow(row.session), user: toUserRecord(row) } : null;
}

export interface PresentedToken {
  id: string;
  sessionId: string;
  revokedAt: Date | null;
}

/** Locks the presented refresh token's row (slow path: reuse, bans). */
export async function findRefreshTokenForUpdate(
  db: Db,
  tokenHash: string,
): Promise<PresentedToken | null> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function insertRefreshToken(
  db: Db,
  row: { id: string; tokenHash: string; sessionId: string; parentId: string | null; now: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    id: row.id,
    tokenHash: row.tokenHash,
    sessionId: row.sessionId,
    parentId: row.parentId,
    createdAt: row.now,
  });
}

export async function revokeRefreshToken(db: Db, id: string, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, id));
}

/** Revokes every live refresh token of a session (an MFA step-up hands out a new one). */
export async function revokeSessionRefreshTokens(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.sessionId, sessionId), sql`${refreshTokens.revokedAt} is null`));
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row ?? null;
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ refreshedAt: now, updatedAt: now }).where(eq(sessions.id, id));
}

/** What an access token needs to still be good: its session row and its user's standing. */
export interface SessionStanding {
  sessionId: string;
  aal: string;
  userId: string;
  email: string | null;
  appMetadata: Record<string, unknown>;
  bannedUntil: Date | null;
  deletedAt: Date | null;
}

/** One indexed lookup for the product API guard. */
export async function findSessionStanding(
  db: Db,
  sessionId: string,
): Promise<SessionStanding | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      aal: sessions.aal,
      userId: users.id,
      email: users.email,
      appMetadata: users.appMetadata,
      bannedUntil: users.bannedUntil,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(
  db: Db,
  userId: string,
  options: { except?: string } = {},
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      options.except
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.except))
        : eq(sessions.userId, userId),
    );
}

/** After an MFA verification: other devices still at aal1 must sign in again. */
export async function deleteAal1Sessions(db: Db, userId: string, except: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, except), eq(sessions.aal, 'aal1')));
}

export async function raiseSessionAal(
  db: Db,
  id: string,
  patch: {
    aal: 'aal1' | 'aal2';
    amr: { method: string; timestamp: number }[];
    factorId: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .update(sessions)
    .set({ aal: patch.aal, amr: patch.amr, factorId: patch.factorId, updatedAt: patch.now })
    .where(eq(sessions.id, id));
}

/** Sessions that rested on a removed factor fall back to aal1. */
export async function downgradeFactorSessions(db: Db, factorId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update sessions set aal = 'aal1', factor_id = null, updated_at = ${now},
      amr = coalesce((select jsonb_agg(e) from jsonb_array_elements(amr) e where e->>'method' <> 'totp'), '[]'::jsonb)
    where factor_id = ${factorId}`);
}

// ---------------------------------------------------------------------------------------------
// One-time tokens (emailed links and codes) and PKCE flow state

export async function upsertOneTimeToken(
  db: Db,
  row: {
    id: string;
    userId: string;
    tokenType: string;
    tokenHash: string;
    relatesTo: string;
    flowStateId: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insert(oneTimeTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [oneTimeTokens.userId, oneTimeTokens.tokenType],
      set: {
        id: row.id,
        tokenHash: row.tokenHash,
        relatesTo: row.relatesTo,
        flowStateId: row.flowStateId,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      },
    });
}

/** Live tokens whose hash is one of `hashes` and whose kind is one of `types`. */
export async function findOneTimeTokens(
  db: Db,
  hashes: string[],
  types: string[],
  now: Date,
): Promise<OneTimeTokenRow[]> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        inArray(oneTimeTokens.tokenHash, hashes),
        inArray(oneTimeTokens.tokenType, types),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
}

export async function findUserOneTimeToken(
  db: Db,
  userId: string,
  tokenType: string,
): Promise<OneTimeTokenRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, tokenType)));
  return row ?? null;
}

/** Deletes one token; false when someone else consumed it first. */
export async function consumeOneTimeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(oneTimeTokens)
    .where(eq(oneTimeTokens.id, id))
    .returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

export async function deleteUserOneTimeTokens(
  db: Db,
  userId: string,
  types?: string[],
): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(
      types
        ? and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.tokenType, types))
        : eq(oneTimeTokens.userId, userId),
    );
}

export async function insertFlowState(db: Db, row: typeof flowState.$inferInsert): Promise<void> {
  await db.insert(flowState).values(row);
}

export async function findFlowState(db: Db, id: string): Promise<FlowStateRow | null> {
  const [row] = await db.select().from(flowState).where(eq(flowState.id, id));
  return row ?? null;
}

export async function stampAuthCode(db: Db, id: string, now: Date): Promise<void> {
  await db.update(flowState).set({ authCodeIssuedAt: now }).where(eq(flowState.id, id));
}

/** Takes the flow state of an auth code out of the table (single use): the row, or null. */
export async function takeFlowStateByAuthCode(
  db: Db,
  authCode: string,
): Promise<FlowStateRow | null> {
  const [row] = await db.delete(flowState).where(eq(flowState.authCode, authCode)).returning();
  return row ?? null;
}

export async function deleteStaleFlowStates(db: Db, before: Date): Promise<void> {
  await db.delete(flowState).where(lt(flowState.createdAt, before));
}

// ---------------------------------------------------------------------------------------------
// MFA

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt));
}

export async function findFactor(db: Db, id: string, userId: string): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)));
  return row ?? null;
}

export async function insertFactor(db: Db, row: typeof mfaFactors.$inferInsert): Promise<void> {
  await db.insert(mfaFactors).values(row);
}

export async function updateFactor(
  db: Db,
  id: string,
  patch: Partial<typeof mfaFactors.$inferInsert>,
): Promise<void> {
  await db.update(mfaFactors).set(patch).where(eq(mfaFactors.id, id));
}

/**
 * Records a TOTP step as used unless it (or a later one) already was; false means replay.
 * Atomic, so two concurrent verifications of one code cannot both pass.
 */
export async function claimTotpStep(
  db: Db,
  factorId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(
      and(
        eq(mfaFactors.id, factorId),
        or(sql`${mfaFactors.lastUsedStep} is null`, lt(mfaFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function deleteFactor(db: Db, id: string): Promise<FactorRow | null> {
  const [row] = await db.delete(mfaFactors).where(eq(mfaFactors.id, id)).returning();
  return row ?? null;
}

export async function deleteUserFactors(db: Db, userId: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
}

export async function deleteStaleUnverifiedFactors(
  db: Db,
  userId: string,
  before: Date,
): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.status, 'unverified'),
        lt(mfaFactors.createdAt, before),
      ),
    );
}

export async function deleteOtherUnverifiedFactors(
  db: Db,
  userId: string,
  keep: string,
  factorType: string,
): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        ne(mfaFactors.id, keep),
        eq(mfaFactors.status, 'unverified'),
        eq(mfaFactors.factorType, factorType),
      ),
    );
}

export async function insertChallenge(
  db: Db,
  row: typeof mfaChallenges.$inferInsert,
): Promise<void> {
  await db.insert(mfaChallenges).values(row);
}

export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.factorId, factorId)));
  return row ?? null;
}

/** Marks a challenge used; false when it already was (so a challenge passes once). */
export async function markChallengeVerified(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ verifiedAt: now })
    .where(and(eq(mfaChallenges.id, id), sql`${mfaChallenges.verifiedAt} is null`))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Audit log

export interface AuditEntry {
  action: string;
  actorType: 'user' | 'service_role' | 'cli' | 'system' | 'anonymous';
  actorId?: string | null;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  createdAt: Date;
}

export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorType: entry.actorType,
    actorId: entry.actorId ?? null,
    userId: entry.userId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
    createdAt: entry.createdAt,
  });
}

export async function listAudit(
  db: Db,
  options: { userId?: string; limit: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(options.userId ? eq(auditLog.userId, options.userId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}

// ---------------------------------------------------------------------------------------------
// Rate limits: fixed windows, one upsert per check, shared by every process on the database.

export async function hitRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<{ hits: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await queryRows<{ hits: number; reset_at: string | Date }>(
    db,
    sql`insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

export async function purgeRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

// ---------------------------------------------------------------------------------------------
// Dev outbox

export async function listOutbox(
  db: Db,
  options: { to?: string; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(devOutbox)
    .where(options.to ? eq(devOutbox.to, options.to) : undefined)
    .orderBy(desc(devOutbox.createdAt))
    .limit(options.limit);
}

// ---------------------------------------------------------------------------------------------
// The account's own view of its sessions (the settings page's signed-in devices).

export async function listUserSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sql`coalesce(${sessions.refreshedAt}, ${sessions.createdAt})`));
}

/** Deletes one of the user's sessions; false when no such session is theirs. */
export async function deleteOwnSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}
