import { insertAudit } from './audit.repo.ts';
import { authErrors } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import {
  emailLink,
  secondsUntilNextEmail,
  sendAuthEmail,
  type PendingAuthEmail,
} from './email-links.ts';
import { isBanned } from './sessions.ts';
import { loadUserByEmail } from './users.repo.ts';
import { createAccount, isUniqueViolation } from './users.ts';
import type { createSignupService } from './signup.service.ts';
import type { createUserUpdateService } from './user-update.service.ts';
import { parsePkce, validEmail } from './validation.ts';

/** What the email actions take from the sign-up and the account-change flows. */
export interface EmailActionsDeps extends AuthDeps {
  resendConfirmation: ReturnType<typeof createSignupService>['resendConfirmation'];
  startEmailChange: ReturnType<typeof createUserUpdateService>['startEmailChange'];
}

/**
 * Email actions that must not reveal whether an address has an account (recovery, OTP and
 * magic links, resend): the answer is `{}` at once; looking the address up and mailing it
 * happens in the background.
 */
export function createEmailActionsService(deps: EmailActionsDeps) {
  const { db, env, resendConfirmation, startEmailChange } = deps;
  const now = () => deps.clock();

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
    if (!body.email && body.phone) throw authErrors.phoneDisabled();
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
    if (type === 'sms' || type === 'phone_change') throw authErrors.phoneDisabled();
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
      const pending: PendingAuthEmail[] = [];
      await db.transaction((tx) =>
        startEmailChange(tx, user, user.emailChange as string, pkce, meta, pending),
      );
      for (const email of pending) sendAuthEmail(deps, email);
    });
    return {};
  }

  return { recover, otp, resend };
}
