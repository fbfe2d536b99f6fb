import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { runPrepared, type PreparedStatement } from '#server/db/prepared-statements.ts';
import {
  toSessionRow,
  toUserRecord,
  USER_RECORD_COLUMNS,
  type SessionRow,
  type UserJson,
  type UserRecord,
} from './user-record.repo.ts';
import { mfaFactors, sessions, users } from '#server/db/schema.ts';

// The sessions table. The two hot-path statements (ADR 013) also write a session's refresh token,
// the user's last sign-in and the audit entry, in one round trip each; every other write to those
// tables goes through their own repo.

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
  /** An anonymous account (ADR 021), read here so saving the account applies at once. */
  isAnonymous: boolean;
  /** The user has a verified authenticator factor, so the product API asks for aal2. */
  hasVerifiedFactor: boolean;
}

/** One indexed lookup for the product API guard (the factor check rides along as a subquery). */
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
      isAnonymous: users.isAnonymous,
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
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
