import { randomUUID } from 'node:crypto';
import type { SessionJson } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { insertAudit } from './audit.repo.ts';
import {
  findRefreshTokenForUpdate,
  findSessionRefreshToken,
  insertRefreshToken,
  revokeRefreshToken,
} from './refresh-tokens.repo.ts';
import {
  createSession,
  deleteSession,
  findSession,
  rotateLiveRefreshToken,
  touchSession,
} from './sessions.repo.ts';
import { type SessionRow, type UserRecord } from './user-record.repo.ts';
import { loadUserById } from './users.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import { childRefreshToken, hashRefreshToken, randomSecret } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import type { AccessTokenClaims, AmrClaim } from './tokens.ts';
import { userJson } from './user-json.ts';
import { UUID } from '#server/lib/ids.ts';

export function isBanned(user: { bannedUntil: Date | null }, now: Date): boolean {
  return user.bannedUntil !== null && user.bannedUntil.getTime() > now.getTime();
}

/** Signs an access token for a session and shapes the token response (contract §2.4). */
export async function sessionResponse(
  deps: AuthDeps,
  user: UserRecord,
  session: { id: string; aal: string; amr: AmrClaim[] },
  refreshToken: string,
): Promise<SessionJson> {
  const { token, expiresAt, expiresIn } = await deps.tokens.sign({
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: user.role,
    aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/**
 * Starts a session for a user who just proved who they are (`method` becomes the AMR entry):
 * the session row, its first refresh token, last_sign_in_at and the audit entry, in one
 * statement that also loads the user for the response.
 */
export async function startSession(
  deps: AuthDeps,
  db: Db,
  userId: string,
  options: {
    method: string;
    meta: RequestMeta;
    /** Written with the session, in the same statement (e.g. login). */
    audit?: { action: string; details: Record<string, unknown> };
  },
): Promise<SessionJson> {
  const now = deps.clock();
  const sessionId = randomUUID();
  const refreshToken = randomSecret();
  const amr = [{ method: options.method, timestamp: Math.floor(now.getTime() / 1000) }];
  const user = await createSession(db, {
    id: sessionId,
    userId,
    aal: 'aal1',
    amr,
    userAgent: options.meta.userAgent,
    ip: options.meta.ip,
    refreshTokenId: randomUUID(),
    refreshTokenHash: hashRefreshToken(refreshToken),
    now,
    signIn: true,
    audit: options.audit,
  });
  if (!user) throw new Error('the user of a new session vanished');
  const signedIn = { ...user, lastSignInAt: now, updatedAt: now };
  return sessionResponse(deps, signedIn, { id: sessionId, aal: 'aal1', amr }, refreshToken);
}

type SlowPathOutcome =
  | { kind: 'issued'; session: SessionRow; user: UserRecord; refreshToken: string }
  | { kind: 'error'; error: AuthError };

/** How far down a chain a replayed token is followed (rotations inside one reuse window). */
const MAX_CHAIN_WALK = 50;

/**
 * The refresh_token grant (contract §6.1 and DESIGN §3): a live token is revoked and replaced
 * by its child in the same session; the child is HMAC(refresh secret, token), so the server can
 * name it again later. A token revoked less than AUTH_REFRESH_REUSE_SECONDS ago (two tabs
 * refreshing at once, a client that lost the answer) is answered with the chain's active
 * token — its child, or that child's live descendant — never with a second chain. An older one
 * is treated as stolen: the whole session is deleted and the answer is refresh_token_already_used.
 */
export async function refreshSession(
  deps: AuthDeps,
  presented: string,
  meta: RequestMeta,
): Promise<SessionJson> {
  if (presented.length < 12) throw authErrors.validation('Refresh token is not valid');
  const tokenHash = hashRefreshToken(presented);
  const secret = deps.keys.refreshTokenSecret;
  const child = childRefreshToken(secret, presented);
  const childHash = hashRefreshToken(child);
  const now = deps.clock();

  const rotated = await rotateLiveRefreshToken(deps.db, {
    tokenHash,
    childId: randomUUID(),
    childHash,
    now,
  });
  if (rotated) {
    return sessionResponse(deps, rotated.user, rotated.session, child);
  }

  const outcome = await deps.db.transaction(async (tx): Promise<SlowPathOutcome> => {
    const token = await findRefreshTokenForUpdate(tx, tokenHash);
    if (!token) {
      return {
        kind: 'error',
        error: new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        ),
      };
    }
    const session = await findSession(tx, token.sessionId);
    const user = session ? await loadUserById(tx, session.userId) : null;
    if (!session || !user) {
      return {
        kind: 'error',
        error: new AuthError(
          400,
          'session_not_found',
          'Invalid Refresh Token: No Valid Session Found',
        ),
      };
    }
    if (isBanned(user, now)) return { kind: 'error', error: authErrors.userBanned(400) };

    const reuseDeadline = token.revokedAt
      ? token.revokedAt.getTime() + deps.env.AUTH_REFRESH_REUSE_SECONDS * 1000
      : Number.POSITIVE_INFINITY;
    if (now.getTime() >= reuseDeadline) {
      // Outside the grace window: someone replays an old token. End the session for everyone.
      await deleteSession(tx, session.id);
      await insertAudit(tx, {
        action: 'token_refresh_reuse',
        actorType: 'anonymous',
        userId: user.id,
        ip: meta.ip,
        details: { session_id: session.id },
        createdAt: now,
      });
      return {
        kind: 'error',
        error: new AuthError(
          400,
          'refresh_token_already_used',
          'Invalid Refresh Token: Already Used',
        ),
      };
    }
    if (!token.revokedAt) {
      // Live after all (the fast path lost a race with a ban being lifted): rotate it here.
      await revokeRefreshToken(tx, token.id, now);
      await insertRefreshToken(tx, {
        id: randomUUID(),
        tokenHash: childHash,
        sessionId: session.id,
        parentId: token.id,
        now,
      });
      await touchSession(tx, session.id, now);
      return { kind: 'issued', session, user, refreshToken: child };
    }
    // Inside the window: follow the chain from the presented token down to its live token.
    let candidate = child;
    for (let step = 0; step < MAX_CHAIN_WALK; step += 1) {
      const next = await findSessionRefreshToken(tx, session.id, hashRefreshToken(candidate));
      if (!next) break;
      if (!next.revokedAt) {
        await touchSession(tx, session.id, now);
        return { kind: 'issued', session, user, refreshToken: candidate };
      }
      candidate = childRefreshToken(secret, candidate);
    }
    // The chain ended without a live token (an MFA step-up or a sign-out replaced it): nothing
    // to hand back, and no new chain either.
    return {
      kind: 'error',
      error: new AuthError(
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
      ),
    };
  });
  if (outcome.kind === 'error') throw outcome.error;
  return sessionResponse(deps, outcome.user, outcome.session, outcome.refreshToken);
}

/** The Bearer value of an Authorization header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}

/** True for the publishable or service-role key: a project key, not a user's token. */
export function isProjectKey(deps: Pick<AuthDeps, 'keys'>, token: string): boolean {
  return (
    secretsEqual(token, deps.keys.publishableKey) || secretsEqual(token, deps.keys.serviceRoleKey)
  );
}

export interface AuthenticatedUser {
  user: UserRecord;
  session: SessionRow;
  claims: AccessTokenClaims;
}

/**
 * Resolves the user behind an /auth/v1 request's Bearer token (contract §3, "Auth failures"):
 * a valid signature and expiry, a user that exists and is not banned, and a live session row.
 */
export async function authenticateAuthRequest(
  deps: AuthDeps,
  authorization: string | string[] | undefined,
): Promise<AuthenticatedUser> {
  const token = bearerToken(authorization);
  if (!token || isProjectKey(deps, token)) throw authErrors.noAuthorization();
  const result = await deps.tokens.verify(token);
  if (!result.ok)
    throw authErrors.badJwt(
      result.reason === 'expired' ? 'token is expired' : 'signature is invalid',
    );
  const { claims } = result;
  if (!claims.sub) throw authErrors.badJwt('missing sub claim');
  if (!UUID.test(claims.sub)) throw authErrors.badJwt('sub claim must be a UUID', 400);
  const user = await loadUserById(deps.db, claims.sub);
  if (!user || user.deletedAt) {
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  const session =
    typeof claims.session_id === 'string' && UUID.test(claims.session_id)
      ? await findSession(deps.db, claims.session_id)
      : null;
  if (!session || session.userId !== user.id) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  if (isBanned(user, deps.clock())) throw authErrors.userBanned(403);
  return { user, session, claims };
}
