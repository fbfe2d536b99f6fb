import { randomUUID } from 'node:crypto';
import type { SessionJson, UserJson } from '#contracts/auth.ts';
import type { Db } from '../db/client.ts';
import {
  consumeOneTimeToken,
  deleteUserOneTimeTokens,
  deleteUserSessions,
  deleteSession,
  emailInUse,
  findCredentialsByEmail,
  findFlowState,
  findOneTimeTokens,
  findUserOneTimeToken,
  insertAudit,
  loadUserByEmail,
  loadUserById,
  stampAuthCode,
  takeFlowStateByAuthCode,
  updateEmailIdentity,
  updateUser,
  type OneTimeTokenRow,
  type UserRecord,
} from './auth.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { emailTokenHash, pkceVerifierMatches, secretsEqual } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import {
  amrMethodOf,
  createEmailToken,
  emailLink,
  secondsUntilNextEmail,
  sendAuthEmail,
  type EmailToken,
} from './email-links.ts';
import type { AuthEmailKind } from './mail/templates.ts';
import { hashPassword, verifyPassword, checkPasswordStrength } from './passwords.ts';
import { isBanned, refreshSession, startSession, type AuthenticatedUser } from './sessions.ts';
import { userJson } from './user-json.ts';
import { createAccount, isUniqueViolation } from './users.ts';
import {
  assertAcceptablePassword,
  mergeMetadata,
  parsePkce,
  validEmail,
  type PkceParams,
} from './validation.ts';

const PKCE_FLOW_TTL_MS = 300_000;
const SESSION_FRESH_FOR_PASSWORD_CHANGE_MS = 24 * 3600 * 1000;

const phoneDisabled = () =>
  new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
const missingCredentials = () =>
  authErrors.validation('You must provide either an email or phone number and a password');

/** Which stored token kinds a verify `type` may redeem. */
const kindsForVerifyType: Record<string, AuthEmailKind[]> = {
  signup: ['confirmation'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email_change: ['email_change_new', 'email_change_current'],
  email: ['confirmation', 'magiclink', 'recovery'],
};

export type VerifyOutcome =
  | { kind: 'session'; session: SessionJson; type: string }
  | { kind: 'code'; authCode: string; type: string }
  | { kind: 'partial'; message: string };

const EMAIL_CHANGE_PARTIAL =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** The Supabase Auth user flows (sign-up, sign-in, tokens, emails, verification, profile). */
export function createAuthService(deps: AuthDeps) {
  const { db, env } = deps;
  const now = () => deps.clock();

  function fakeUser(email: string, data: Record<string, unknown>): UserJson {
    // What a repeated sign-up gets back: shaped like a fresh account (identities included), so
    // the answer does not tell whether the address is registered.
    const t = now().toISOString();
    const id = randomUUID();
    return {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      confirmation_sent_at: t,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [
        {
          identity_id: randomUUID(),
          id,
          user_id: id,
          identity_data: { ...data, sub: id, email, email_verified: false, phone_verified: false },
          provider: 'email',
          last_sign_in_at: null,
          created_at: t,
          updated_at: t,
          email,
        },
      ],
      created_at: t,
      updated_at: t,
      is_anonymous: false,
    };
  }

  /** Re-sends a confirmation when allowed, silently skipping it inside the frequency window. */
  async function resendConfirmation(
    user: UserRecord,
    pkce: PkceParams | null,
    redirectTo: string | null,
  ) {
    if (!user.email || user.emailConfirmedAt || env.AUTH_CONFIRM_EMAIL === 'off') return;
    if (secondsUntilNextEmail(deps, user, 'confirmation') > 0) return;
    await emailLink(deps, db, {
      user,
      kind: 'confirmation',
      address: user.email,
      pkce,
      redirectTo,
    });
  }

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

  // -------------------------------------------------------------------------------------------

  async function signup(
    body: {
      email?: string | null;
      phone?: string | null;
      password?: string | null;
      data?: Record<string, unknown> | null;
      code_challenge?: string | null;
      code_challenge_method?: string | null;
    },
    meta: RequestMeta,
  ): Promise<SessionJson | UserJson> {
    await deps.limiter.check('email_ip', meta.ip);
    if (env.AUTH_DISABLE_SIGNUP) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    const password = body.password ?? '';
    if (!body.email && !body.phone) {
      if (password) throw missingCredentials();
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!password) throw authErrors.validation('Signup requires a valid password');
    assertAcceptablePassword(password);
    if (body.email && body.phone) {
      throw authErrors.validation(
        'Only an email address or phone number should be provided on signup.',
      );
    }
    const pkce = parsePkce(body);
    if (!body.email) throw phoneDisabled();
    const email = validEmail(body.email);
    await deps.limiter.check('email_address', email);
    const data = body.data ?? {};

    const existing = await loadUserByEmail(db, email);
    if (existing) {
      // Same cost as a new account (one argon2 run), and a session only for the rightful owner.
      const ownsIt = await verifyPassword(existing.passwordHash, password);
      if (
        ownsIt &&
        env.AUTH_CONFIRM_EMAIL !== 'required' &&
        !isBanned(existing, now()) &&
        !existing.deletedAt
      ) {
        return startSession(deps, db, existing.id, {
          method: 'password',
          meta,
          audit: { action: 'login', details: { method: 'password', via: 'signup' } },
        });
      }
      deps.background.run('signup: resend confirmation', () =>
        resendConfirmation(existing, pkce, meta.redirectTo),
      );
      return fakeUser(email, data);
    }

    const passwordHash = await hashPassword(password);
    const confirmNow = env.AUTH_CONFIRM_EMAIL === 'off';
    let created: { user: UserRecord; token: EmailToken | null; session: SessionJson | null };
    try {
      created = await db.transaction(async (tx) => {
        const user = await createAccount(
          tx,
          { email, passwordHash, userMetadata: data, emailConfirmed: confirmNow },
          {
            now: now(),
            firstUserAdmin: env.AUTH_FIRST_USER_ADMIN,
            actor: { type: 'user', ip: meta.ip },
            action: 'user_signedup',
          },
        );
        const token = confirmNow
          ? null
          : await createEmailToken(deps, tx, {
              user,
              kind: 'confirmation',
              address: email,
              pkce,
              redirectTo: meta.redirectTo,
            });
        const session =
          env.AUTH_CONFIRM_EMAIL === 'required'
            ? null
            : await startSession(deps, tx, user.id, { method: 'password', meta });
        return { user, token, session };
      });
    } catch (error: unknown) {
      // Two sign-ups for one address at once: the loser looks like any repeated sign-up.
      if (isUniqueViolation(error)) return fakeUser(email, data);
      throw error;
    }
    if (created.token)
      sendAuthEmail(deps, { kind: 'confirmation', to: email, token: created.token });
    return created.session ?? userJson(created.user);
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
    if (!body.email && !body.phone) throw missingCredentials();
    if (!body.email) throw phoneDisabled();
    const email = body.email.trim().toLowerCase();
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
    const weak = checkPasswordStrength(password);
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
    await audit('logout', ctx.user.id, meta, { scope: chosen });
  }

  function getUser(ctx: AuthenticatedUser): UserJson {
    return userJson(ctx.user);
  }

  async function verifyReauthenticationNonce(user: UserRecord, nonce: string): Promise<boolean> {
    const stored = await findUserOneTimeToken(db, user.id, 'reauthentication');
    if (!stored || stored.expiresAt.getTime() <= now().getTime()) return false;
    return secretsEqual(stored.tokenHash, emailTokenHash(stored.relatesTo, nonce));
  }

  async function updateUserProfile(
    ctx: AuthenticatedUser,
    body: {
      email?: string | null;
      phone?: string | null;
      password?: string | null;
      nonce?: string | null;
      data?: Record<string, unknown> | null;
      app_metadata?: unknown;
      code_challenge?: string | null;
      code_challenge_method?: string | null;
    },
    meta: RequestMeta,
  ): Promise<UserJson> {
    const { user, session } = ctx;
    if (body.password) assertAcceptablePassword(body.password);
    const newEmail = body.email ? validEmail(body.email) : null;
    if (body.phone) throw phoneDisabled();
    if (body.app_metadata !== undefined) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata is not allowed');
    }
    const changesEmail = newEmail !== null && newEmail !== user.email;
    const hasVerifiedFactor = user.factors.some((f) => f.status === 'verified');
    if (hasVerifiedFactor && session.aal !== 'aal2' && (body.password || changesEmail)) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    const pkce = parsePkce(body);

    let passwordHash: string | null = null;
    if (body.password) {
      const sessionAge = now().getTime() - session.createdAt.getTime();
      const nonceRequired =
        env.AUTH_SECURE_PASSWORD_CHANGE && sessionAge > SESSION_FRESH_FOR_PASSWORD_CHANGE_MS;
      if (nonceRequired || body.nonce) {
        if (!body.nonce) {
          throw new AuthError(
            400,
            'reauthentication_needed',
            'Password update requires reauthentication.',
          );
        }
        if (!(await verifyReauthenticationNonce(user, body.nonce))) {
          throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
        }
      }
      if (user.passwordHash && (await verifyPassword(user.passwordHash, body.password))) {
        throw new AuthError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
      passwordHash = await hashPassword(body.password);
    }

    if (changesEmail) {
      await deps.limiter.check('email_ip', meta.ip);
      const wait = secondsUntilNextEmail(deps, user, 'email_change_new');
      if (wait > 0) throw authErrors.emailTooSoon(wait);
    }

    const pendingEmails: {
      kind: AuthEmailKind;
      to: string;
      token: EmailToken;
      newEmail: string;
    }[] = [];
    await db.transaction(async (tx) => {
      const t = now();
      if (body.data) {
        await updateUser(tx, user.id, {
          userMetadata: mergeMetadata(user.userMetadata, body.data),
          updatedAt: t,
        });
      }
      if (passwordHash) {
        await updateUser(tx, user.id, { passwordHash, updatedAt: t, reauthenticationSentAt: null });
        // Every pending link dies with the old password, and other devices must sign in again.
        await deleteUserOneTimeTokens(tx, user.id);
        await deleteUserSessions(tx, user.id, { except: session.id });
        await insertAudit(tx, {
          action: 'password_changed',
          actorType: 'user',
          actorId: user.id,
          userId: user.id,
          ip: meta.ip,
          details: { session_id: session.id },
          createdAt: t,
        });
      }
      if (changesEmail && newEmail) {
        await startEmailChange(tx, user, newEmail, pkce, meta, pendingEmails);
      }
    });
    for (const email of pendingEmails) sendAuthEmail(deps, email);
    const updated = await loadUserById(db, user.id);
    if (!updated)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return userJson(updated);
  }

  /** Records the pending change and makes the codes; emails go out after the commit. */
  async function startEmailChange(
    tx: Db,
    user: UserRecord,
    newEmail: string,
    pkce: PkceParams | null,
    meta: RequestMeta,
    outbox: { kind: AuthEmailKind; to: string; token: EmailToken; newEmail: string }[],
  ): Promise<void> {
    const t = now();
    await updateUser(tx, user.id, {
      emailChange: newEmail,
      emailChangeConfirmStatus: 0,
      updatedAt: t,
    });
    await deleteUserOneTimeTokens(tx, user.id, ['email_change_new', 'email_change_current']);
    await insertAudit(tx, {
      action: 'email_change_requested',
      actorType: 'user',
      actorId: user.id,
      userId: user.id,
      ip: meta.ip,
      details: { from: user.email, to: newEmail },
      createdAt: t,
    });
    // When the new address belongs to someone else, nothing goes to it, so the change can never
    // complete, but the answer is the same as for a free address (no enumeration).
    if (!(await emailInUse(tx, newEmail, user.id))) {
      const token = await createEmailToken(deps, tx, {
        user,
        kind: 'email_change_new',
        address: newEmail,
        pkce,
        redirectTo: meta.redirectTo,
      });
      outbox.push({ kind: 'email_change_new', to: newEmail, token, newEmail });
    }
    if (env.AUTH_SECURE_EMAIL_CHANGE && user.email) {
      const token = await createEmailToken(deps, tx, {
        user,
        kind: 'email_change_current',
        address: user.email,
        pkce,
        redirectTo: meta.redirectTo,
      });
      outbox.push({ kind: 'email_change_current', to: user.email, token, newEmail });
    }
    if (!outbox.some((e) => e.kind === 'email_change_current' || e.kind === 'email_change_new')) {
      await updateUser(tx, user.id, { emailChangeSentAt: t });
    }
  }

  // Email actions that must not reveal whether an address has an account: the answer is `{}`
  // at once; looking the address up and mailing it happens in the background.

  async function recover(
    body: {
      email?: string | null;
      code_challenge?: string | null;
      code_challenge_method?: string | null;
    },
    meta: RequestMeta,
  ): Promise<Record<string, never>> {
    await deps.limiter.check('email_ip', meta.ip);
    if (!body.email) throw authErrors.validation('Password recovery requires an email');
    const email = validEmail(body.email);
    const pkce = parsePkce(body);
    await deps.limiter.check('email_address', email);
    deps.background.run('recover', async () => {
      const user = await loadUserByEmail(db, email);
      if (!user || user.deletedAt || isBanned(user, now())) return;
      if (secondsUntilNextEmail(deps, user, 'recovery') > 0) return;
      await emailLink(deps, db, {
        user,
        kind: 'recovery',
        address: email,
        pkce,
        redirectTo: meta.redirectTo,
      });
      await insertAudit(db, {
        action: 'recovery_requested',
        actorType: 'anonymous',
        userId: user.id,
        ip: meta.ip,
        createdAt: now(),
      });
    });
    return {};
  }

  async function otp(
    body: {
      email?: string | null;
      phone?: string | null;
      data?: Record<string, unknown> | null;
      create_user?: boolean | null;
      code_challenge?: string | null;
      code_challenge_method?: string | null;
    },
    meta: RequestMeta,
  ): Promise<Record<string, never>> {
    await deps.limiter.check('email_ip', meta.ip);
    if (!body.email && body.phone) throw phoneDisabled();
    if (!body.email) throw authErrors.validation('An email address is required');
    const email = validEmail(body.email);
    const pkce = parsePkce(body);
    await deps.limiter.check('email_address', email);
    const createUser = body.create_user ?? true;
    const data = body.data ?? {};
    deps.background.run('otp', async () => {
      let user = await loadUserByEmail(db, email);
      if (!user) {
        if (!createUser || env.AUTH_DISABLE_SIGNUP) return;
        try {
          user = await db.transaction((tx) =>
            createAccount(
              tx,
              { email, passwordHash: null, userMetadata: data, emailConfirmed: false },
              {
                now: now(),
                firstUserAdmin: env.AUTH_FIRST_USER_ADMIN,
                actor: { type: 'anonymous', ip: meta.ip },
                action: 'user_signedup',
              },
            ),
          );
        } catch (error: unknown) {
          if (!isUniqueViolation(error)) throw error;
          user = await loadUserByEmail(db, email);
          if (!user) return;
        }
      }
      if (user.deletedAt || isBanned(user, now())) return;
      if (secondsUntilNextEmail(deps, user, 'magiclink') > 0) return;
      await emailLink(deps, db, {
        user,
        kind: 'magiclink',
        address: email,
        pkce,
        redirectTo: meta.redirectTo,
      });
    });
    return {};
  }

  async function resend(
    body: {
      email?: string | null;
      phone?: string | null;
      type?: string | null;
      code_challenge?: string | null;
      code_challenge_method?: string | null;
    },
    meta: RequestMeta,
  ): Promise<Record<string, never>> {
    await deps.limiter.check('email_ip', meta.ip);
    const type = body.type ?? '';
    if (type === 'sms' || type === 'phone_change') throw phoneDisabled();
    if (type !== 'signup' && type !== 'email_change') {
      throw authErrors.validation(
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    }
    if (!body.email) throw authErrors.validation('An email address is required');
    const email = validEmail(body.email);
    const pkce = parsePkce(body);
    await deps.limiter.check('email_address', email);
    deps.background.run('resend', async () => {
      const user = await loadUserByEmail(db, email);
      if (!user || user.deletedAt || isBanned(user, now())) return;
      if (type === 'signup') {
        await resendConfirmation(user, pkce, meta.redirectTo);
        return;
      }
      if (!user.emailChange || secondsUntilNextEmail(deps, user, 'email_change_new') > 0) return;
      const pending: { kind: AuthEmailKind; to: string; token: EmailToken; newEmail: string }[] =
        [];
      await db.transaction((tx) =>
        startEmailChange(tx, user, user.emailChange as string, pkce, meta, pending),
      );
      for (const email of pending) sendAuthEmail(deps, email);
    });
    return {};
  }

  async function reauthenticate(
    ctx: AuthenticatedUser,
    meta: RequestMeta,
  ): Promise<Record<string, never>> {
    const { user } = ctx;
    if (!user.email)
      throw authErrors.validation('Reauthentication requires an email or a phone number');
    if (!user.emailConfirmedAt) {
      throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    }
    await deps.limiter.check('email_ip', meta.ip);
    const wait = secondsUntilNextEmail(deps, user, 'reauthentication');
    if (wait > 0) throw authErrors.emailTooSoon(wait);
    await emailLink(deps, db, {
      user,
      kind: 'reauthentication',
      address: user.email,
      pkce: null,
      redirectTo: null,
    });
    return {};
  }

  // -------------------------------------------------------------------------------------------
  // Verification (codes typed by a person, or links followed from an email)

  async function redeem(
    input: {
      type: string;
      token?: string | null;
      tokenHash?: string | null;
      email?: string | null;
      phone?: string | null;
    },
    meta: RequestMeta,
    via: 'post' | 'link',
  ): Promise<VerifyOutcome> {
    await deps.limiter.check('verify_ip', meta.ip);
    const kinds = kindsForVerifyType[input.type];
    if (input.type === 'sms' || input.type === 'phone_change') throw phoneDisabled();
    if (!kinds) throw authErrors.validation('Verify requires a verification type');
    if (!input.token === !input.tokenHash) {
      throw authErrors.validation('Verify requires either a token or a token hash');
    }
    let candidates: string[];
    let expiredMessage: string;
    if (input.tokenHash) {
      if (input.email || input.phone) {
        throw authErrors.validation('Only the token_hash and type should be provided');
      }
      const hash = input.tokenHash.trim().toLowerCase();
      const bare = hash.startsWith('pkce_') ? hash.slice(5) : hash;
      candidates = [bare, `pkce_${bare}`];
      expiredMessage = 'Email link is invalid or has expired';
    } else {
      if (input.phone && !input.email) throw phoneDisabled();
      if (!input.email)
        throw authErrors.validation('Verify requires either a phone number or an email');
      const email = validEmail(input.email);
      await deps.limiter.check('verify_email', email);
      const hash = emailTokenHash(email, (input.token ?? '').trim());
      candidates = [hash, `pkce_${hash}`];
      expiredMessage = 'Token has expired or is invalid';
    }

    const rows = await findOneTimeTokens(db, candidates, kinds, now());
    const row = kinds.map((k) => rows.find((r) => r.tokenType === k)).find((r) => r !== undefined);
    if (!row) throw authErrors.otpExpired(expiredMessage);
    const method =
      input.token && input.type === 'email' ? 'otp' : amrMethodOf[row.tokenType as AuthEmailKind];

    return db.transaction(async (tx): Promise<VerifyOutcome> => {
      const user = await loadUserById(tx, row.userId);
      if (!user || user.deletedAt) throw authErrors.otpExpired(expiredMessage);
      if (isBanned(user, now())) throw authErrors.userBanned(403);
      if (!(await consumeOneTimeToken(tx, row.id))) throw authErrors.otpExpired(expiredMessage);
      const applied = await applyToken(tx, user, row, meta);
      if (applied === 'partial') return { kind: 'partial', message: EMAIL_CHANGE_PARTIAL };

      if (via === 'link' && row.tokenHash.startsWith('pkce_')) {
        const flow = row.flowStateId ? await findFlowState(tx, row.flowStateId) : null;
        if (!flow) throw new AuthError(404, 'flow_state_not_found', 'Flow state not found');
        await stampAuthCode(tx, flow.id, now());
        return { kind: 'code', authCode: flow.authCode, type: input.type };
      }
      const session = await startSession(deps, tx, applied.id, {
        method,
        meta,
        audit: { action: 'login', details: { method } },
      });
      return { kind: 'session', session, type: input.type };
    });
  }

  /** The effect of a redeemed token; 'partial' when one side of an email change is still open. */
  async function applyToken(
    tx: Db,
    user: UserRecord,
    row: OneTimeTokenRow,
    meta: RequestMeta,
  ): Promise<UserRecord | 'partial'> {
    const t = now();
    const kind = row.tokenType as AuthEmailKind;
    const confirmEmail = async () => {
      if (user.emailConfirmedAt) return;
      await updateUser(tx, user.id, {
        emailConfirmedAt: t,
        userMetadata: { ...user.userMetadata, email_verified: true },
        updatedAt: t,
      });
      const identity = user.identities.find((i) => i.provider === 'email');
      if (identity) {
        await updateEmailIdentity(tx, user.id, {
          identityData: { ...identity.identityData, email_verified: true },
          updatedAt: t,
        });
      }
      await insertAudit(tx, {
        action: 'email_confirmed',
        actorType: 'user',
        actorId: user.id,
        userId: user.id,
        ip: meta.ip,
        createdAt: t,
      });
    };

    switch (kind) {
      case 'confirmation':
      case 'invite':
      case 'magiclink':
      case 'recovery':
        await confirmEmail();
        if (kind === 'recovery' || kind === 'magiclink') {
          await deleteUserOneTimeTokens(tx, user.id, ['recovery', 'magiclink']);
        }
        break;
      case 'email_change_new':
      case 'email_change_current': {
        const newEmail = user.emailChange;
        if (!newEmail) throw authErrors.otpExpired('Email link is invalid or has expired');
        const otherKind = kind === 'email_change_new' ? 'email_change_current' : 'email_change_new';
        const otherOpen = await findUserOneTimeToken(tx, user.id, otherKind);
        // The first of two confirmations. A current-address confirmation whose new-address side
        // was never sent (the address belongs to someone else) stays "first" forever.
        if (
          env.AUTH_SECURE_EMAIL_CHANGE &&
          user.emailChangeConfirmStatus === 0 &&
          (otherOpen || kind === 'email_change_current')
        ) {
          await updateUser(tx, user.id, { emailChangeConfirmStatus: 1, updatedAt: t });
          return 'partial';
        }
        if (await emailInUse(tx, newEmail, user.id)) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        await updateUser(tx, user.id, {
          email: newEmail,
          emailChange: null,
          emailChangeConfirmStatus: 0,
          emailChangeSentAt: null,
          emailConfirmedAt: t,
          isAnonymous: false,
          updatedAt: t,
        });
        const identity = user.identities.find((i) => i.provider === 'email');
        await updateEmailIdentity(tx, user.id, {
          email: newEmail,
          identityData: {
            ...(identity?.identityData ?? {}),
            email: newEmail,
            email_verified: true,
          },
          updatedAt: t,
        });
        await deleteUserOneTimeTokens(tx, user.id, ['email_change_new', 'email_change_current']);
        await insertAudit(tx, {
          action: 'email_changed',
          actorType: 'user',
          actorId: user.id,
          userId: user.id,
          ip: meta.ip,
          details: { from: user.email, to: newEmail },
          createdAt: t,
        });
        break;
      }
      case 'reauthentication':
        throw authErrors.otpExpired('Token has expired or is invalid');
    }
    const reloaded = await loadUserById(tx, user.id);
    if (!reloaded) throw authErrors.otpExpired('Token has expired or is invalid');
    return reloaded;
  }

  function verify(
    body: {
      type?: string | null;
      token?: string | null;
      token_hash?: string | null;
      email?: string | null;
      phone?: string | null;
      redirect_to?: string | null;
    },
    meta: RequestMeta,
  ): Promise<VerifyOutcome> {
    if (body.token_hash && body.redirect_to) {
      throw authErrors.validation('Only the token_hash and type should be provided');
    }
    return redeem(
      {
        type: body.type ?? '',
        token: body.token,
        tokenHash: body.token_hash,
        email: body.email,
        phone: body.phone,
      },
      meta,
      'post',
    );
  }

  /**
   * GET /verify, the link in an email: always a 303 to the (allowed) redirect, with the session
   * in the fragment (implicit), a ?code= (PKCE), a message, or the error (contract §3.8).
   */
  async function verifyLink(
    query: { token?: string; type?: string },
    meta: RequestMeta,
  ): Promise<string> {
    const target = new URL(deps.redirects.resolve(meta.redirectTo));
    try {
      const outcome = await redeem(
        { type: query.type ?? '', tokenHash: query.token ?? '' },
        meta,
        'link',
      );
      if (outcome.kind === 'code') {
        target.searchParams.set('code', outcome.authCode);
        return target.toString();
      }
      if (outcome.kind === 'partial') {
        target.hash = new URLSearchParams({ message: outcome.message, sb: '' }).toString();
        return target.toString();
      }
      const s = outcome.session;
      target.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        sb: '',
        token_type: 'bearer',
        type: outcome.type,
      }).toString();
      return target.toString();
    } catch (error: unknown) {
      if (!(error instanceof AuthError)) throw error;
      const params = new URLSearchParams({
        error: oauthErrorFor(error.status),
        error_code: error.code,
        error_description: error.message,
        sb: '',
      });
      target.hash = params.toString();
      return target.toString();
    }
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

  /** POST /verify: a session, or GoTrue's message after the first half of an email change. */
  async function verifyCode(
    body: Parameters<typeof verify>[0],
    meta: RequestMeta,
  ): Promise<SessionJson | { msg: string; code: number }> {
    const outcome = await verify(body, meta);
    if (outcome.kind === 'session') return outcome.session;
    if (outcome.kind === 'partial') return { msg: outcome.message, code: 200 };
    throw new AuthError(500, 'unexpected_failure', 'Unexpected verification outcome');
  }

  return {
    token,
    verifyCode,
    signup,
    signInWithPassword,
    refresh,
    exchangePkce,
    logout,
    getUser,
    updateUser: updateUserProfile,
    recover,
    otp,
    resend,
    reauthenticate,
    verify,
    verifyLink,
  };
}

function oauthErrorFor(status: number): string {
  if (status === 401) return 'unauthorized_client';
  if (status === 403) return 'access_denied';
  if (status === 503) return 'temporarily_unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}
