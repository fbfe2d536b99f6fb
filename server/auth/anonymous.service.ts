import { randomUUID } from 'node:crypto';
import type { SessionJson, UserJson } from '#contracts/auth.ts';
import { claimFirstAdmin } from '#server/db/settings.repo.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { insertAudit, insertUserAudit } from './audit.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { createEmailToken, sendAuthEmail, type PendingAuthEmail } from './email-links.ts';
import { hashPassword } from './passwords.ts';
import { RetryLaterError } from './phone-otp.service.ts';
import { startSession, type AuthenticatedUser } from './sessions.ts';
import { userJson } from './user-json.ts';
import { emailInUse, insertIdentity, insertUser, loadUserById, updateUser } from './users.repo.ts';
import { isUniqueViolation, withRole } from './users.ts';
import { assertAcceptablePassword, mergeMetadata, validEmail } from './validation.ts';

/** POST /signup with neither email nor phone nor password: signInAnonymously(). */
export function isAnonymousSignup(body: {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
}): boolean {
  return !body.email && !body.phone && !body.password;
}

const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

/**
 * Anonymous sign-ins (ADR 021): an account with no email, phone or password, a session whose AMR
 * is `anonymous`, and `is_anonymous: true` until PUT /user gives it an email and a password.
 * The account keeps its id, so everything made while trying the app stays.
 */
export function createAnonymousService(deps: AuthDeps) {
  const { db, env } = deps;
  const now = () => deps.clock();
  const limiter = createRateLimiter({
    db,
    clock: deps.clock,
    namespace: 'auth.',
    purgeEvery: 1000,
    rejected: (rule) =>
      new RetryLaterError(
        'over_request_rate_limit',
        'Request rate limit reached',
        rule.windowSeconds,
      ),
  });

  async function signIn(
    body: { data?: Record<string, unknown> | null },
    meta: RequestMeta,
  ): Promise<SessionJson> {
    if (env.AUTH_DISABLE_SIGNUP) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    if (!env.AUTH_ANONYMOUS_SIGN_INS) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (env.AUTH_RATE_LIMITS) {
      await limiter.hit(meta.ip, {
        name: 'anonymous_ip',
        ...env.AUTH_RATE_LIMIT_ANONYMOUS_PER_IP,
        message: '',
      });
    }
    const id = randomUUID();
    return db.transaction(async (tx) => {
      const t = now();
      await insertUser(tx, {
        id,
        passwordHash: null,
        isAnonymous: true,
        appMetadata: {},
        userMetadata: body.data ?? {},
        createdAt: t,
        updatedAt: t,
      });
      await insertAudit(tx, {
        action: 'user_signedup',
        actorType: 'anonymous',
        userId: id,
        ip: meta.ip,
        details: { provider: 'anonymous' },
        createdAt: t,
      });
      return startSession(deps, tx, id, { method: 'anonymous', meta });
    });
  }

  /**
   * PUT /user from an anonymous account with an email (and usually a password): the email and
   * password are set on the same account at once (GoTrue applies an anonymous user's email change
   * immediately), an email identity is linked, `is_anonymous` is cleared and a confirmation email
   * goes out unless AUTH_CONFIRM_EMAIL=off.
   */
  async function convert(
    ctx: AuthenticatedUser,
    body: {
      email?: string | null;
      phone?: string | null;
      password?: string | null;
      data?: Record<string, unknown> | null;
      app_metadata?: unknown;
    },
    meta: RequestMeta,
  ): Promise<UserJson> {
    const { user } = ctx;
    if (body.password) assertAcceptablePassword(body.password, env.AUTH_PASSWORD_MIN_LENGTH);
    if (body.app_metadata !== undefined) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata is not allowed');
    }
    if (body.phone) throw authErrors.phoneDisabled();
    if (!body.email) {
      throw new AuthError(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
      );
    }
    const email = validEmail(body.email);
    await deps.limiter.check('email_ip', meta.ip);
    await deps.limiter.check('email_address', email);
    if (await emailInUse(db, email, user.id)) throw emailExists();
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const confirmNow = env.AUTH_CONFIRM_EMAIL === 'off';
    const pending: PendingAuthEmail[] = [];
    try {
      await db.transaction(async (tx) => {
        const t = now();
        const userMetadata = body.data
          ? mergeMetadata(user.userMetadata, body.data)
          : user.userMetadata;
        let appMetadata: Record<string, unknown> = {
          ...user.appMetadata,
          provider: 'email',
          providers: ['email'],
        };
        await updateUser(tx, user.id, {
          email,
          isAnonymous: false,
          emailConfirmedAt: confirmNow ? t : null,
          appMetadata,
          userMetadata,
          updatedAt: t,
          ...(passwordHash ? { passwordHash } : {}),
        });
        await insertIdentity(tx, {
          id: randomUUID(),
          providerId: user.id,
          userId: user.id,
          provider: 'email',
          identityData: {
            ...userMetadata,
            sub: user.id,
            email,
            email_verified: confirmNow,
            phone_verified: false,
          },
          email,
          createdAt: t,
          updatedAt: t,
        });
        await insertUserAudit(tx, {
          action: 'anonymous_converted',
          userId: user.id,
          ip: meta.ip,
          details: { session_id: ctx.session.id },
          createdAt: t,
        });
        // The person who tried a fresh instance first and then saved the account is its first user.
        if (env.AUTH_FIRST_USER_ADMIN && (await claimFirstAdmin(tx, user.id, t))) {
          appMetadata = withRole(appMetadata, 'admin');
          await updateUser(tx, user.id, { appMetadata });
          await insertAudit(tx, {
            action: 'role_changed',
            actorType: 'system',
            userId: user.id,
            details: { from: 'user', to: 'admin', reason: 'first account of the instance' },
            createdAt: t,
          });
        }
        if (!confirmNow) {
          const loaded = await loadUserById(tx, user.id);
          if (!loaded) throw new Error('the converted account vanished');
          const token = await createEmailToken(deps, tx, {
            user: loaded,
            kind: 'confirmation',
            address: email,
            pkce: null,
            redirectTo: meta.redirectTo,
          });
          pending.push({ kind: 'confirmation', to: email, token });
        }
      });
    } catch (error: unknown) {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    }
    for (const email of pending) sendAuthEmail(deps, email);
    const updated = await loadUserById(db, user.id);
    if (!updated) {
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    }
    return userJson(updated);
  }

  return { signIn, convert };
}
