import { appRoleSchema, type AppRole, type UserJson } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import { insertAudit } from './audit.repo.ts';
import { deleteFactor, deleteUserFactors, findFactor, listFactors } from './mfa.repo.ts';
import { deleteUserOneTimeTokens } from './one-time-tokens.repo.ts';
import { deleteUserSessions, downgradeFactorSessions } from './sessions.repo.ts';
import { type UserRecord } from './user-record.repo.ts';
import {
  deleteIdentities,
  deleteUser,
  emailInUse,
  listUsers,
  loadUserByEmail,
  loadUserById,
  updateEmailIdentity,
  updateUser,
} from './users.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { createEmailToken, type EmailToken } from './email-links.ts';
import type { AuthEmailKind } from './mail/templates.ts';
import { hashPassword } from './passwords.ts';
import { factorJson, userJson } from './user-json.ts';
import { changeRole, createAccount, isUniqueViolation, type Actor } from './users.ts';
import { UUID } from '#server/lib/ids.ts';
import { assertAcceptablePassword, mergeMetadata, validEmail } from './validation.ts';

export interface AdminUserAttributes {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  email_confirm?: boolean | null;
  phone_confirm?: boolean | null;
  user_metadata?: Record<string, unknown> | null;
  app_metadata?: Record<string, unknown> | null;
  ban_duration?: string | null;
  role?: string | null;
  id?: string | null;
}

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');
const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

const GO_DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration ("24h", "1h30m", "90s") in milliseconds, or null when it is not one. */
export function parseGoDuration(value: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return null;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(amount) * (GO_DURATION_UNITS[unit as string] ?? 0);
  }
  return total;
}

/**
 * The app role an admin request asks for, if any: `role` as a shorthand (user | coach | admin;
 * GoTrue's "authenticated" means no change) or app_metadata.role (null or "user" = plain user).
 */
function requestedRole(attrs: AdminUserAttributes): AppRole | undefined {
  let role: AppRole | undefined;
  if (attrs.role && attrs.role !== 'authenticated') {
    const parsed = appRoleSchema.safeParse(attrs.role);
    if (!parsed.success) throw authErrors.validation('role must be one of user, coach, admin');
    role = parsed.data;
  }
  if (attrs.app_metadata && 'role' in attrs.app_metadata) {
    const value = attrs.app_metadata.role;
    const parsed =
      value === null
        ? { success: true as const, data: 'user' as const }
        : appRoleSchema.safeParse(value);
    if (!parsed.success)
      throw authErrors.validation('app_metadata.role must be one of user, coach, admin');
    if (role && role !== parsed.data)
      throw authErrors.validation('role and app_metadata.role disagree');
    role = parsed.data;
  }
  return role;
}

/** Custom app_metadata without the keys the server owns (provider, providers, role). */
function customAppMetadata(
  appMetadata: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const { provider: _p, providers: _ps, role: _r, ...rest } = appMetadata ?? {};
  return rest;
}

/** The admin API (service-role key only): users, bans, roles, links, factors (contract §3.13). */
export function createAdminService(deps: AuthDeps) {
  const { db } = deps;
  const now = () => deps.clock();
  const actor = (meta: RequestMeta): Actor => ({ type: 'service_role', ip: meta.ip });

  function bannedUntil(duration: string): Date | null {
    if (duration === 'none') return null;
    const ms = parseGoDuration(duration);
    if (ms === null) throw authErrors.validation('invalid format for ban duration');
    return new Date(now().getTime() + ms);
  }

  async function loadOrThrow(userId: string, tx: Db = db): Promise<UserRecord> {
    if (!UUID.test(userId))
      throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await loadUserById(tx, userId);
    if (!user) throw userNotFound();
    return user;
  }

  async function list(query: { page?: string; per_page?: string; filter?: string; sort?: string }) {
    const parse = (value: string | undefined, fallback: number) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d{1,9}$/.test(value)) throw authErrors.validation('Bad Pagination Parameters');
      return Number(value);
    };
    const page = Math.max(1, parse(query.page, 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, parse(query.per_page, DEFAULT_PER_PAGE)));
    const sortDesc = /\bdesc\b/i.test(query.sort ?? '');
    const result = await listUsers(db, {
      page,
      perPage,
      filter: query.filter?.trim() || undefined,
      sortDesc,
    });
    const lastPage = Math.max(1, Math.ceil(result.total / perPage));
    // `page` must come first in each URL: the client reads the digit after the first "=".
    const link = (p: number) => `</auth/v1/admin/users?page=${p}&per_page=${perPage}>`;
    const links = [
      ...(page < lastPage ? [`${link(page + 1)}; rel="next"`] : []),
      `${link(lastPage)}; rel="last"`,
    ];
    return {
      body: { users: result.users.map(userJson), aud: 'authenticated' },
      total: result.total,
      link: links.join(', '),
    };
  }

  async function get(userId: string): Promise<UserJson> {
    return userJson(await loadOrThrow(userId));
  }

  async function create(attrs: AdminUserAttributes, meta: RequestMeta): Promise<UserJson> {
    if (!attrs.email && attrs.phone)
      throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!attrs.email)
      throw authErrors.validation('Unable to validate email address: invalid format');
    const email = validEmail(attrs.email);
    if (attrs.id && !UUID.test(attrs.id)) throw authErrors.validation('id must be a UUID');
    if (attrs.password) assertAcceptablePassword(attrs.password);
    const role = requestedRole(attrs);
    const banUntil = attrs.ban_duration ? bannedUntil(attrs.ban_duration) : null;
    if (await emailInUse(db, email)) throw emailExists();
    const passwordHash = attrs.password ? await hashPassword(attrs.password) : null;
    try {
      const user = await db.transaction(async (tx) => {
        const created = await createAccount(
          tx,
          {
            email,
            passwordHash,
            userMetadata: attrs.user_metadata ?? {},
            appMetadata: customAppMetadata(attrs.app_metadata),
            emailConfirmed: attrs.email_confirm === true,
            ...(role ? { role } : {}),
            ...(attrs.id ? { id: attrs.id.toLowerCase() } : {}),
          },
          {
            now: now(),
            firstUserAdmin: deps.env.AUTH_FIRST_USER_ADMIN,
            actor: actor(meta),
            action: 'user_created',
          },
        );
        if (banUntil) await updateUser(tx, created.id, { bannedUntil: banUntil });
        return banUntil ? { ...created, bannedUntil: banUntil } : created;
      });
      return userJson(user);
    } catch (error: unknown) {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    }
  }

  async function update(
    userId: string,
    attrs: AdminUserAttributes,
    meta: RequestMeta,
  ): Promise<UserJson> {
    const existing = await loadOrThrow(userId);
    if (attrs.phone)
      throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    const email = attrs.email ? validEmail(attrs.email) : null;
    if (attrs.password) assertAcceptablePassword(attrs.password);
    const role = requestedRole(attrs);
    const ban = attrs.ban_duration ? { until: bannedUntil(attrs.ban_duration) } : null;
    const passwordHash = attrs.password ? await hashPassword(attrs.password) : null;
    const who = actor(meta);

    try {
      await db.transaction(async (tx) => {
        const t = now();
        let user = existing;
        if (email && email !== user.email) {
          if (await emailInUse(tx, email, user.id)) throw emailExists();
          await updateUser(tx, user.id, {
            email,
            emailConfirmedAt: attrs.email_confirm ? t : null,
            emailChange: null,
            emailChangeConfirmStatus: 0,
            updatedAt: t,
          });
          const identity = user.identities.find((i) => i.provider === 'email');
          await updateEmailIdentity(tx, user.id, {
            email,
            identityData: {
              ...(identity?.identityData ?? {}),
              email,
              email_verified: attrs.email_confirm === true,
            },
            updatedAt: t,
          });
          await deleteUserOneTimeTokens(tx, user.id, [
            'email_change_new',
            'email_change_current',
            'confirmation',
          ]);
          await insertAudit(tx, {
            action: 'email_changed',
            actorType: who.type,
            userId: user.id,
            ip: who.ip,
            details: { from: user.email, to: email },
            createdAt: t,
          });
        } else if (attrs.email_confirm && !user.emailConfirmedAt) {
          await updateUser(tx, user.id, { emailConfirmedAt: t, updatedAt: t });
        }
        if (passwordHash) {
          await updateUser(tx, user.id, { passwordHash, updatedAt: t });
          await deleteUserSessions(tx, user.id);
          await deleteUserOneTimeTokens(tx, user.id);
          await insertAudit(tx, {
            action: 'password_changed',
            actorType: who.type,
            userId: user.id,
            ip: who.ip,
            createdAt: t,
          });
        }
        if (attrs.user_metadata) {
          await updateUser(tx, user.id, {
            userMetadata: mergeMetadata(user.userMetadata, attrs.user_metadata),
            updatedAt: t,
          });
        }
        if (attrs.app_metadata) {
          const appMetadata = mergeMetadata(
            user.appMetadata,
            customAppMetadata(attrs.app_metadata),
          );
          await updateUser(tx, user.id, { appMetadata, updatedAt: t });
          user = { ...user, appMetadata };
        }
        if (role) await changeRole(tx, user, role, { now: t, actor: who });
        if (ban) {
          await updateUser(tx, user.id, { bannedUntil: ban.until, updatedAt: t });
          if (ban.until) await deleteUserSessions(tx, user.id);
          await insertAudit(tx, {
            action: ban.until ? 'user_banned' : 'user_unbanned',
            actorType: who.type,
            userId: user.id,
            ip: who.ip,
            details: ban.until ? { until: ban.until.toISOString() } : {},
            createdAt: t,
          });
        }
      });
    } catch (error: unknown) {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    }
    return userJson(await loadOrThrow(userId));
  }

  async function remove(
    userId: string,
    soft: boolean,
    meta: RequestMeta,
  ): Promise<Record<string, never>> {
    const user = await loadOrThrow(userId);
    await db.transaction(async (tx) => {
      const t = now();
      if (soft) {
        await deleteUserSessions(tx, user.id);
        await deleteUserFactors(tx, user.id);
        await deleteUserOneTimeTokens(tx, user.id);
        await deleteIdentities(tx, user.id);
        await updateUser(tx, user.id, {
          email: null,
          phone: null,
          emailChange: null,
          passwordHash: null,
          deletedAt: t,
          updatedAt: t,
        });
      } else {
        await deleteUser(tx, user.id);
      }
      await insertAudit(tx, {
        action: 'user_deleted',
        actorType: 'service_role',
        userId: user.id,
        ip: meta.ip,
        details: { soft, email: user.email },
        createdAt: t,
      });
    });
    return {};
  }

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
    if (type === 'signup' && body.password) assertAcceptablePassword(body.password);
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
            actor: actor(meta),
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

  async function factors(userId: string) {
    const user = await loadOrThrow(userId);
    return (await listFactors(db, user.id)).map(factorJson);
  }

  async function removeFactor(userId: string, factorId: string, meta: RequestMeta) {
    const user = await loadOrThrow(userId);
    if (!UUID.test(factorId)) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    const factor = await findFactor(db, factorId, user.id);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    await db.transaction(async (tx) => {
      const t = now();
      await deleteFactor(tx, factor.id);
      await downgradeFactorSessions(tx, factor.id, t);
      await insertAudit(tx, {
        action: 'mfa_factor_deleted',
        actorType: 'service_role',
        userId: user.id,
        ip: meta.ip,
        details: { factor_id: factor.id },
        createdAt: t,
      });
    });
    return factorJson(factor);
  }

  return { list, get, create, update, remove, generateLink, factors, removeFactor };
}
