import type { UserJson } from '#contracts/auth.ts';
import { insertAudit } from './audit.repo.ts';
import {
  bannedUntil,
  customAppMetadata,
  emailExists,
  loadUserOrThrow,
  requestedRole,
  serviceRoleActor,
  type AdminUserAttributes,
} from './admin-users.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { deleteUserFactors } from './mfa.repo.ts';
import { deleteUserOneTimeTokens } from './one-time-tokens.repo.ts';
import { hashPassword } from './passwords.ts';
import { deleteUserSessions } from './sessions.repo.ts';
import { userJson } from './user-json.ts';
import { changeRole, createAccount, isUniqueViolation } from './users.ts';
import {
  deleteIdentities,
  deleteUser,
  emailInUse,
  updateEmailIdentity,
  updateUser,
} from './users.repo.ts';
import { UUID } from '#server/lib/ids.ts';
import { assertAcceptablePassword, mergeMetadata, validEmail } from './validation.ts';

/** Admin API: creating, changing (email, password, metadata, role, ban) and deleting users. */
export function createAdminUserWritesService(deps: AuthDeps) {
  const { db } = deps;
  const now = () => deps.clock();

  async function create(attrs: AdminUserAttributes, meta: RequestMeta): Promise<UserJson> {
    if (!attrs.email && attrs.phone)
      throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!attrs.email)
      throw authErrors.validation('Unable to validate email address: invalid format');
    const email = validEmail(attrs.email);
    if (attrs.id && !UUID.test(attrs.id)) throw authErrors.validation('id must be a UUID');
    if (attrs.password) assertAcceptablePassword(attrs.password, deps.env.AUTH_PASSWORD_MIN_LENGTH);
    const role = requestedRole(attrs);
    const banUntil = attrs.ban_duration ? bannedUntil(attrs.ban_duration, now()) : null;
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
            actor: serviceRoleActor(meta),
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
    const existing = await loadUserOrThrow(db, userId);
    if (attrs.phone)
      throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    const email = attrs.email ? validEmail(attrs.email) : null;
    if (attrs.password) assertAcceptablePassword(attrs.password, deps.env.AUTH_PASSWORD_MIN_LENGTH);
    const role = requestedRole(attrs);
    const ban = attrs.ban_duration ? { until: bannedUntil(attrs.ban_duration, now()) } : null;
    const passwordHash = attrs.password ? await hashPassword(attrs.password) : null;
    const who = serviceRoleActor(meta);

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
    deps.standing.forgetUser(userId);
    return userJson(await loadUserOrThrow(db, userId));
  }

  async function remove(
    userId: string,
    soft: boolean,
    meta: RequestMeta,
  ): Promise<Record<string, never>> {
    const user = await loadUserOrThrow(db, userId);
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
    deps.standing.forgetUser(user.id);
    return {};
  }

  return { create, update, remove };
}
