import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
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
   * Throws AppError('unauthenticated') otherwise, and AppError('insufficient_aal') when the person
   * has a verified authenticator factor this session has not used. The role comes from the database, so a role
   * change applies at once rather than at the next token refresh.
   */
  authenticate(request: FastifyRequest): Promise<AuthContext>;
}

/** The guard `createAuthGuard` builds: `authenticate` plus the hook app.ts runs on /api. */
export interface ProductGuard extends AuthGuard {
  /**
   * An onRequest hook for every /api route (app.ts): a Bearer token that belongs to a person who
   * still owes their second factor is refused with 403 `insufficient_aal` before the body is even
   * read, so no route can forget it. Any other outcome is left to the route, which gets this
   * check's result from its first authenticate() call instead of a second lookup.
   */
  checkAssurance(
    this: void,
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void;
}

/** The person has a verified authenticator factor but this session has not used it (403). */
const insufficientAssurance = () =>
  new AppError('insufficient_aal', 'Enter the code from your authenticator app to continue.');

export function createAuthGuard(deps: {
  db: Db;
  tokens: TokenService;
  clock: () => Date;
  /** A short per-process memory of the session check (ADR 020); without it, every call reads. */
  standing?: SessionStandingCache<SessionStanding>;
}): ProductGuard {
  const unauthenticated = (message = 'Sign in to continue.') =>
    new AppError('unauthenticated', message);
  // A check started by checkAssurance, handed to the route's first authenticate() call. Later
  // calls (the event stream's heartbeat) look again.
  const pending = new WeakMap<FastifyRequest, Promise<AuthContext>>();

  async function check(request: FastifyRequest): Promise<AuthContext> {
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
    // Both must say aal2: the token (what the client reads, and what an older token of a
    // session that stepped up since still says) and the session row (a removed factor
    // downgrades it). See server/auth/README.md, "Two-factor sign-in and /api".
    const aal = claims.aal === 'aal2' && standing.aal === 'aal2' ? 'aal2' : 'aal1';
    if (standing.hasVerifiedFactor && aal !== 'aal2') throw insufficientAssurance();
    return {
      userId: standing.userId,
      email: standing.email,
      role: roleFromAppMetadata(standing.appMetadata),
      sessionId: standing.sessionId,
      aal,
      isAnonymous: standing.isAnonymous,
    };
  }

  return {
    authenticate(request) {
      const started = pending.get(request);
      if (started) {
        pending.delete(request);
        return started;
      }
      return check(request);
    },
    checkAssurance(request, _reply, done) {
      // A public route says so in its OpenAPI schema (`security: []`) and takes no person's token.
      const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)
        ?.security;
      if (
        !request.url.startsWith('/api/') ||
        (Array.isArray(security) && security.length === 0) ||
        !bearerToken(request.headers.authorization)
      ) {
        done();
        return;
      }
      const result = check(request);
      pending.set(request, result);
      result.then(
        () => done(),
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'insufficient_aal') {
            pending.delete(request);
            done(error);
          } else {
            // Not signed in, expired, a service key on a public route…: the route decides.
            done();
          }
        },
      );
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
