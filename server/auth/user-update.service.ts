import type { UserJson } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import { insertUserAudit } from './audit.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { emailTokenHash } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import {
  createEmailToken,
  emailLink,
  secondsUntilNextEmail,
  sendAuthEmail,
  type PendingAuthEmail,
} from './email-links.ts';
import { deleteUserOneTimeTokens, findUserOneTimeToken } from './one-time-tokens.repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { deleteUserSessions } from './sessions.repo.ts';
import type { AuthenticatedUser } from './sessions.ts';
import type { UserRecord } from './user-record.repo.ts';
import { userJson } from './user-json.ts';
import { emailInUse, loadUserById, updateUser } from './users.repo.ts';
import {
  assertAcceptablePassword,
  mergeMetadata,
  parsePkce,
  validEmail,
  type PkceParams,
} from './validation.ts';

const SESSION_FRESH_FOR_PASSWORD_CHANGE_MS = 24 * 3600 * 1000;

/** PUT /user (metadata, password, email change) and the reauthentication nonce it may ask for. */
export function createUserUpdateService(deps: AuthDeps) {
  const { db, env } = deps;
  const now = () => deps.clock();

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
    if (body.password) assertAcceptablePassword(body.password, deps.env.AUTH_PASSWORD_MIN_LENGTH);
    const newEmail = body.email ? validEmail(body.email) : null;
    if (body.phone) throw authErrors.phoneDisabled();
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

    const pendingEmails: PendingAuthEmail[] = [];
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
        await insertUserAudit(tx, {
          action: 'password_changed',
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
    if (passwordHash) deps.standing.forgetUser(user.id);
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
    outbox: PendingAuthEmail[],
  ): Promise<void> {
    const t = now();
    await updateUser(tx, user.id, {
      emailChange: newEmail,
      emailChangeConfirmStatus: 0,
      updatedAt: t,
    });
    await deleteUserOneTimeTokens(tx, user.id, ['email_change_new', 'email_change_current']);
    await insertUserAudit(tx, {
      action: 'email_change_requested',
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

  return { updateUser: updateUserProfile, startEmailChange, reauthenticate };
}
