import type { SessionJson, UserJson } from '#contracts/auth.ts';
import { insertAudit } from './audit.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { pkceVerifierMatches } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { checkPasswordStrength, verifyPassword } from './passwords.ts';
import { takeFlowStateByAuthCode } from './one-time-tokens.repo.ts';
import { deleteSession, deleteUserSessions } from './sessions.repo.ts';
import { isBanned, refreshSession, startSession, type AuthenticatedUser } from './sessions.ts';
import { userJson } from './user-json.ts';
import { findCredentialsByEmail, loadUserById } from './users.repo.ts';

const PKCE_FLOW_TTL_MS = 300_000;

/** POST /token's grants (password, refresh token, PKCE code), GET /user and logout. */
export function createSessionGrantsService(deps: AuthDeps) {
  const { db, env } = deps;
  const now = () => deps.clock();

  async function audit(
    action: string,
    userId: string | null,
    meta: RequestMeta,
    details: Record<string, unknown> = {},
  ) {
    await insertAudit(db, {
      action,
      actorType: userId ? 'user' : 'anonymous',
      actorId: userId,
      userId,
      ip: meta.ip,
      details,
      createdAt: now(),
    });
  }

  /** POST /token: every grant counts against the per-IP token limit. */
  async function token(
    grantType: string | undefined,
    body: {
      email?: string | null;
      phone?: string | null;
      password?: string | null;
      refresh_token?: string | null;
      auth_code?: string | null;
      code_verifier?: string | null;
    },
    meta: RequestMeta,
  ): Promise<SessionJson> {
    await deps.limiter.check('token_ip', meta.ip);
    switch (grantType ?? '') {
      case 'password':
        return signInWithPassword(body, meta);
      case 'refresh_token':
        return refresh(body, meta);
      case 'pkce':
        return exchangePkce(body, meta);
      default:
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
  }

  async function signInWithPassword(
    body: { email?: string | null; phone?: string | null; password?: string | null },
    meta: RequestMeta,
  ): Promise<SessionJson & { weak_password?: { message: string; reasons: string[] } }> {
    if (body.email && body.phone) {
      throw authErrors.validation(
        'Only an email address or phone number should be provided on login.',
      );
    }
    if (!body.email && !body.phone) throw authErrors.missingCredentials();
    if (!body.email) throw authErrors.phoneDisabled();
    const email = body.email.trim().toLowerCase();
    // Per address and IP first: a guesser elsewhere cannot lock the owner out. An attempt over
    // that limit is not counted against the address's much higher ceiling.
    await deps.limiter.check('signin_email_ip', `${email} ${meta.ip}`);
    await deps.limiter.check('signin_email', email);
    const password = body.password ?? '';

    const user = email.length <= 255 ? await findCredentialsByEmail(db, email) : null;
    // Unknown address, no password, or a wrong one: the same work and the same answer.
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok || user.deletedAt) {
      await audit('login_failed', null, meta, user ? { user_id: user.id } : {});
      throw authErrors.invalidCredentials();
    }
    if (isBanned(user, now())) throw authErrors.userBanned(400);
    if (env.AUTH_CONFIRM_EMAIL === 'required' && !user.emailConfirmedAt) {
      throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    }
    const session = await startSession(deps, db, user.id, {
      method: 'password',
      meta,
      audit: { action: 'login', details: { method: 'password' } },
    });
    const weak = checkPasswordStrength(password, env.AUTH_PASSWORD_MIN_LENGTH);
    return weak ? { ...session, weak_password: weak } : session;
  }

  async function refresh(
    body: { refresh_token?: string | null },
    meta: RequestMeta,
  ): Promise<SessionJson> {
    if (!body.refresh_token) throw authErrors.validation('Refresh token is not valid');
    return refreshSession(deps, body.refresh_token, meta);
  }

  async function exchangePkce(
    body: { auth_code?: string | null; code_verifier?: string | null },
    meta: RequestMeta,
  ): Promise<SessionJson> {
    if (!body.auth_code || !body.code_verifier) {
      throw authErrors.validation(
        'invalid request: both auth code and code verifier should be non-empty',
      );
    }
    const notFound = () =>
      new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (!/^[0-9a-f-]{36}$/i.test(body.auth_code)) throw notFound();
    const authCode = body.auth_code;
    const verifier = body.code_verifier;
    return db.transaction(async (tx) => {
      // Taken out of the table whatever happens next: an auth code is good for one try.
      const flow = await takeFlowStateByAuthCode(tx, authCode);
      if (!flow || !flow.authCodeIssuedAt || !flow.userId) throw notFound();
      if (now().getTime() - flow.authCodeIssuedAt.getTime() > PKCE_FLOW_TTL_MS) {
        throw new AuthError(
          422,
          'flow_state_expired',
          'invalid flow state, flow state has expired',
        );
      }
      if (!pkceVerifierMatches(flow.codeChallenge, flow.codeChallengeMethod, verifier)) {
        throw new AuthError(
          400,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        );
      }
      const user = await loadUserById(tx, flow.userId);
      if (!user || user.deletedAt) throw notFound();
      if (isBanned(user, now())) throw authErrors.userBanned(400);
      const session = await startSession(deps, tx, user.id, {
        method: flow.authenticationMethod,
        meta,
        audit: { action: 'login', details: { method: flow.authenticationMethod, flow: 'pkce' } },
      });
      return session;
    });
  }

  async function logout(
    ctx: AuthenticatedUser,
    scope: string | undefined,
    meta: RequestMeta,
  ): Promise<void> {
    const chosen = scope ?? 'global';
    if (chosen !== 'global' && chosen !== 'local' && chosen !== 'others') {
      throw authErrors.validation(`Unsupported logout scope "${chosen}"`);
    }
    if (chosen === 'local') await deleteSession(db, ctx.session.id);
    else if (chosen === 'others')
      await deleteUserSessions(db, ctx.user.id, { except: ctx.session.id });
    else await deleteUserSessions(db, ctx.user.id);
    deps.standing.forgetUser(ctx.user.id);
    await audit('logout', ctx.user.id, meta, { scope: chosen });
  }

  function getUser(ctx: AuthenticatedUser): UserJson {
    return userJson(ctx.user);
  }

  return { token, signInWithPassword, refresh, exchangePkce, logout, getUser };
}
