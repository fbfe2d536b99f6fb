import type { FastifyRequest } from 'fastify';
import { roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { SessionStandingCache } from './session-standing-cache.ts';
import { findSessionStanding, type SessionStanding } from './sessions.repo.ts';
import { bearerToken } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { UUID } from '#server/lib/ids.ts';

/** Who is calling the product API (/api/*), as established by createAuthGuard. */
export interface AuthContext {
  userId: string;
  email: string | null;
  role: AppRole;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  /** Signed in anonymously and not saved yet (ADR 021): no email or SMS channels. */
  isAnonymous: boolean;
}

export interface AuthGuard {
  /**
   * Verifies the request's Bearer access token with our public key, checks that its session
   * still exists and its user is neither banned nor deleted, and returns who is calling.
   * Throws AppError('unauthenticated') otherwise. The role comes from the database, so a role
   * change applies at once rather than at the next token refresh.
   */
  authenticate(request: FastifyRequest): Promise<AuthContext>;
}

export function createAuthGuard(deps: {
  db: Db;
  tokens: TokenService;
  clock: () => Date;
  /** A short per-process memory of the session check (ADR 020); without it, every call reads. */
  standing?: SessionStandingCache<SessionStanding>;
}): AuthGuard {
  const unauthenticated = (message = 'Sign in to continue.') =>
    new AppError('unauthenticated', message);
  return {
    async authenticate(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthenticated();
      const result = await deps.tokens.verify(token);
      if (!result.ok) {
        throw unauthenticated(
          result.reason === 'expired' ? 'Your session has expired.' : 'Sign in to continue.',
        );
      }
      const { claims } = result;
      if (typeof claims.session_id !== 'string' || !UUID.test(claims.session_id))
        throw unauthenticated();
      const sessionId = claims.session_id;
      const load = () => findSessionStanding(deps.db, sessionId);
      const standing = await (deps.standing ? deps.standing.read(sessionId, load) : load());
      if (!standing || standing.userId !== claims.sub || standing.deletedAt) {
        throw unauthenticated('Your session has ended. Sign in again.');
      }
      if (standing.bannedUntil && standing.bannedUntil.getTime() > deps.clock().getTime()) {
        throw unauthenticated('This account is suspended.');
      }
      return {
        userId: standing.userId,
        email: standing.email,
        role: roleFromAppMetadata(standing.appMetadata),
        sessionId: standing.sessionId,
        aal: standing.aal === 'aal2' ? 'aal2' : 'aal1',
        isAnonymous: standing.isAnonymous,
      };
    },
  };
}

/** Throws AppError('forbidden') unless the caller has one of `roles`. */
export function requireRole(ctx: AuthContext, ...roles: AppRole[]): void {
  if (!roles.includes(ctx.role)) {
    throw new AppError('forbidden', 'You do not have access to this.');
  }
}

/** Throws AppError('forbidden') for an anonymous account (ADR 021): `what` needs a saved one. */
export function requireSavedAccount(ctx: AuthContext, what: string): void {
  if (ctx.isAnonymous) {
    throw new AppError('forbidden', `Save your account with an email and password to ${what}.`);
  }
}
