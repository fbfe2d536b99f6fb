import { randomUUID } from 'node:crypto';
import type { SessionJson, UserJson } from '#contracts/auth.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import {
  createEmailToken,
  emailLink,
  secondsUntilNextEmail,
  sendAuthEmail,
  type EmailToken,
} from './email-links.ts';
import { hashPassword } from './passwords.ts';
import { startSession } from './sessions.ts';
import type { UserRecord } from './user-record.repo.ts';
import { userJson } from './user-json.ts';
import { loadUserByEmail } from './users.repo.ts';
import { createAccount, isUniqueViolation } from './users.ts';
import { assertAcceptablePassword, parsePkce, validEmail, type PkceParams } from './validation.ts';

/** POST /signup, and the confirmation email it (or POST /resend) sends. */
export function createSignupService(deps: AuthDeps) {
  const { db, env } = deps;
  const now = () => deps.clock();

  /** Sign-up signs in at once unless confirmation is required (then it returns the bare user). */
  const signsInAtOnce = () => env.AUTH_CONFIRM_EMAIL !== 'required';

  const alreadyRegistered = () =>
    new AuthError(422, 'user_already_exists', 'User already registered');

  function fakeUser(email: string, data: Record<string, unknown>): UserJson {
    // What a repeated sign-up gets back when confirmation is required: GoTrue's placeholder, a
    // fresh random id and no identities (ADR 012). Apps tell "already registered" by
    // `identities.length === 0`; only the mailbox's owner learns more.
    const t = now().toISOString();
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      confirmation_sent_at: t,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
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
      if (password) throw authErrors.missingCredentials();
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!password) throw authErrors.validation('Signup requires a valid password');
    assertAcceptablePassword(password, env.AUTH_PASSWORD_MIN_LENGTH);
    if (body.email && body.phone) {
      throw authErrors.validation(
        'Only an email address or phone number should be provided on signup.',
      );
    }
    const pkce = parsePkce(body);
    if (!body.email) throw authErrors.phoneDisabled();
    const email = validEmail(body.email);
    await deps.limiter.check('email_address', email);
    const data = body.data ?? {};

    // Hashed before the lookup, whatever it finds: a registered address costs the same argon2
    // run as a new account.
    const passwordHash = await hashPassword(password);
    const existing = await loadUserByEmail(db, email);
    if (existing) {
      // GoTrue: where sign-up signs in at once, a registered address is refused (never a second
      // way to test a password); where confirmation is required, a placeholder user.
      if (signsInAtOnce()) throw alreadyRegistered();
      deps.background.run('signup: resend confirmation', () =>
        resendConfirmation(existing, pkce, meta.redirectTo),
      );
      return fakeUser(email, data);
    }

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
        const session = !signsInAtOnce()
          ? null
          : await startSession(deps, tx, user.id, { method: 'password', meta });
        return { user, token, session };
      });
    } catch (error: unknown) {
      // Two sign-ups for one address at once: the loser gets what any repeated sign-up gets.
      if (isUniqueViolation(error)) {
        if (signsInAtOnce()) throw alreadyRegistered();
        return fakeUser(email, data);
      }
      throw error;
    }
    if (created.token)
      sendAuthEmail(deps, { kind: 'confirmation', to: email, token: created.token });
    return created.session ?? userJson(created.user);
  }

  return { signup, resendConfirmation };
}
