import { authErrors } from './auth.errors.ts';
import { emailExists, serviceRoleActor, userNotFound } from './admin-users.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { createEmailToken, sendAuthEmail, type EmailToken } from './email-links.ts';
import type { AuthEmailKind } from './mail/templates.ts';
import { hashPassword } from './passwords.ts';
import { userJson } from './user-json.ts';
import { createAccount } from './users.ts';
import { emailInUse, loadUserByEmail, loadUserById, updateUser } from './users.repo.ts';
import { assertAcceptablePassword, validEmail } from './validation.ts';

/** Admin API: links and codes made without sending an email (invite, magic link, recovery...). */
export function createAdminLinksService(deps: AuthDeps) {
  const { db } = deps;
  const now = () => deps.clock();

  async function generateLink(
    body: {
      type?: string | null;
      email?: string | null;
      password?: string | null;
      data?: Record<string, unknown> | null;
      new_email?: string | null;
      redirect_to?: string | null;
    },
    meta: RequestMeta,
  ) {
    const type = body.type ?? '';
    const known = [
      'signup',
      'invite',
      'magiclink',
      'recovery',
      'email_change_current',
      'email_change_new',
    ];
    if (!known.includes(type))
      throw authErrors.validation('Invalid email action link type requested');
    if (!body.email)
      throw authErrors.validation('Unable to validate email address: invalid format');
    const email = validEmail(body.email);
    const redirectTo = body.redirect_to ?? meta.redirectTo;
    if (type === 'email_change_current' && !deps.env.AUTH_SECURE_EMAIL_CHANGE) {
      throw authErrors.validation(
        'email_change_current is only available with secure email change',
      );
    }
    if (type === 'signup' && body.password)
      assertAcceptablePassword(body.password, deps.env.AUTH_PASSWORD_MIN_LENGTH);
    const newEmail = body.new_email ? validEmail(body.new_email) : null;
    if (type.startsWith('email_change') && !newEmail) {
      throw authErrors.validation('The new email address is required for email change links');
    }
    const passwordHash =
      type === 'signup' && body.password ? await hashPassword(body.password) : null;

    const result = await db.transaction(async (tx) => {
      const t = now();
      let user = await loadUserByEmail(tx, email);
      let kind: AuthEmailKind;
      let address = email;
      const newAccount = async (invited: boolean) =>
        createAccount(
          tx,
          {
            email,
            passwordHash,
            userMetadata: body.data ?? {},
            emailConfirmed: false,
            ...(invited ? { invitedAt: t } : { confirmationSentAt: t }),
          },
          {
            now: t,
            firstUserAdmin: deps.env.AUTH_FIRST_USER_ADMIN,
            actor: serviceRoleActor(meta),
            action: 'user_created',
          },
        );
      switch (type) {
        case 'signup':
        case 'invite':
          if (user?.emailConfirmedAt) throw emailExists();
          user ??= await newAccount(type === 'invite');
          kind = type === 'invite' ? 'invite' : 'confirmation';
          break;
        case 'magiclink':
          if (!user) {
            user = await newAccount(false);
            kind = 'confirmation';
          } else {
            kind = 'magiclink';
          }
          break;
        case 'recovery':
          if (!user) throw userNotFound();
          kind = 'recovery';
          break;
        default: {
          if (!user) throw userNotFound();
          if (!newEmail) throw authErrors.validation('new_email is required');
          if (await emailInUse(tx, newEmail, user.id)) throw emailExists();
          await updateUser(tx, user.id, {
            emailChange: newEmail,
            emailChangeConfirmStatus: 0,
            updatedAt: t,
          });
          user = { ...user, emailChange: newEmail, emailChangeConfirmStatus: 0 };
          // Both sides get a code (as GoTrue does); the answer carries the one asked for.
          const other: AuthEmailKind =
            type === 'email_change_new' ? 'email_change_current' : 'email_change_new';
          if (deps.env.AUTH_SECURE_EMAIL_CHANGE) {
            await createEmailToken(deps, tx, {
              user,
              kind: other,
              address: other === 'email_change_new' ? newEmail : email,
              pkce: null,
              redirectTo,
            });
          }
          kind = type as AuthEmailKind;
          address = type === 'email_change_new' ? newEmail : email;
        }
      }
      const token: EmailToken = await createEmailToken(deps, tx, {
        user,
        kind,
        address,
        pkce: null,
        redirectTo,
      });
      const reloaded = await loadUserById(tx, user.id);
      return { user: reloaded ?? user, token };
    });

    return {
      ...userJson(result.user),
      action_link: result.token.link ?? '',
      email_otp: result.token.otp,
      hashed_token: result.token.hashedToken,
      verification_type: result.token.verifyType,
      redirect_to: deps.redirects.resolve(redirectTo),
    };
  }

  /**
   * POST /invite (contract §3.13): creates the account (or reuses an unconfirmed one; a confirmed
   * one is 422 email_exists) with invited_at, and emails the invite link. Following it signs the
   * person in (and confirms the address); they then choose a password with PUT /user.
   */
  async function invite(
    body: { email?: string | null; data?: Record<string, unknown> | null },
    meta: RequestMeta,
  ) {
    if (!body.email)
      throw authErrors.validation('Unable to validate email address: invalid format');
    const email = validEmail(body.email);
    const result = await db.transaction(async (tx) => {
      const t = now();
      let user = await loadUserByEmail(tx, email);
      if (user?.emailConfirmedAt) throw emailExists();
      user ??= await createAccount(
        tx,
        {
          email,
          passwordHash: null,
          userMetadata: body.data ?? {},
          emailConfirmed: false,
          invitedAt: t,
        },
        {
          now: t,
          firstUserAdmin: deps.env.AUTH_FIRST_USER_ADMIN,
          actor: serviceRoleActor(meta),
          action: 'user_invited',
        },
      );
      const token = await createEmailToken(deps, tx, {
        user,
        kind: 'invite',
        address: email,
        pkce: null,
        redirectTo: meta.redirectTo,
      });
      const reloaded = await loadUserById(tx, user.id);
      return { user: reloaded ?? user, token };
    });
    sendAuthEmail(deps, { kind: 'invite', to: email, token: result.token });
    const json = userJson(result.user);
    // GoTrue's answer carries both stamps: the invitation and the email that carried it.
    return { ...json, confirmation_sent_at: json.invited_at ?? json.confirmation_sent_at };
  }

  return { generateLink, invite };
}
