import { roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import type { AdminLinkKind, AdminUser, AdminUsersQuery } from '#contracts/admin-users.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import {
  listAccountSummaries,
  lockActiveAdmins,
  type AccountSummaryRow,
} from './account-admin.repo.ts';
import type { AuthDeps } from './deps.ts';
import {
  createEmailToken,
  secondsUntilNextEmail,
  sendAuthEmail,
  type PendingAuthEmail,
} from './email-links.ts';
import { checkPasswordStrength, hashPassword, passwordTooLong } from './passwords.ts';
import { deleteUserSessions } from './sessions.repo.ts';
import { isBanned } from './sessions.ts';
import type { UserRecord } from './user-record.repo.ts';
import { createAccount, isUniqueViolation, withRole } from './users.ts';
import { deleteUser, emailInUse, loadUserById, updateUser } from './users.repo.ts';

// The auth service's side of the admin area (/api/admin/users, ADR 036): what an admin signed in
// to the product may do to accounts. The `…Within` functions write in the caller's transaction and
// audit nothing: the admin module records each change, with the acting admin, in that same
// transaction, then calls `forget` so the guard stops trusting what it remembered.

/** A suspension "until unbanned": far enough that no one waits it out. */
const INDEFINITE_BAN_MS = 100 * 365 * 24 * 3600 * 1000;

/** The admin who acts, as the audit log and createAccount name them. */
export interface ActingAdmin {
  id: string;
  ip: string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toAdminUser(row: AccountSummaryRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    role: roleFromAppMetadata({ role: row.role }),
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: iso(row.last_sign_in_at),
    confirmed: row.confirmed,
    mfa: row.mfa,
    bannedUntil: iso(row.banned_until),
    isAnonymous: row.is_anonymous,
    hasPassword: row.has_password,
  };
}

const notFound = () =>
  new AppError('not_found', 'There is no such account. It may have been deleted.');

/** The last admin who can act: refused, so that someone can always run the instance. */
export function lastAdminError(what: string): AppError {
  return new AppError(
    'conflict',
    `This is the only admin left. Make someone else an admin before ${what}.`,
  );
}

/**
 * Throws lastAdminError unless another active admin would remain without `userId`. Locks the
 * active admins' rows until the transaction ends (account-admin.repo.ts).
 */
export async function assertAnotherAdminRemains(
  tx: Db,
  userId: string,
  now: Date,
  what: string,
): Promise<void> {
  const admins = await lockActiveAdmins(tx, now);
  if (admins.includes(userId) && admins.length < 2) throw lastAdminError(what);
}

export function createAccountAdminService(deps: AuthDeps) {
  const now = () => deps.clock();

  async function target(tx: Db, userId: string): Promise<UserRecord> {
    const user = await loadUserById(tx, userId);
    if (!user || user.deletedAt) throw notFound();
    return user;
  }

  async function summary(db: Db, userId: string): Promise<AdminUser> {
    const { rows } = await listAccountSummaries(db, { id: userId, limit: 1, offset: 0 });
    const [row] = rows;
    if (!row) throw notFound();
    return toAdminUser(row);
  }

  return {
    async list(query: AdminUsersQuery): Promise<{ users: AdminUser[]; total: number }> {
      const { rows, total } = await listAccountSummaries(deps.db, {
        ...(query.q ? { search: query.q } : {}),
        ...(query.role ? { role: query.role } : {}),
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { users: rows.map(toAdminUser), total };
    },

    /** One account as the list shows it. */
    summary,

    /** Sets the role; the last admin keeps theirs. */
    async changeRoleWithin(
      tx: Db,
      userId: string,
      role: AppRole,
    ): Promise<{ from: AppRole; to: AppRole; email: string | null }> {
      const user = await target(tx, userId);
      const from = roleFromAppMetadata(user.appMetadata);
      if (from === role) return { from, to: role, email: user.email };
      if (from === 'admin')
        await assertAnotherAdminRemains(tx, user.id, now(), 'changing this role');
      await updateUser(tx, user.id, {
        appMetadata: withRole(user.appMetadata, role),
        updatedAt: now(),
      });
      return { from, to: role, email: user.email };
    },

    /** Suspends the account until lifted (ending every session) or lifts it. */
    async setBanWithin(
      tx: Db,
      actor: ActingAdmin,
      userId: string,
      banned: boolean,
    ): Promise<{ changed: boolean; until: Date | null; email: string | null }> {
      const user = await target(tx, userId);
      const t = now();
      if (!banned) {
        if (!user.bannedUntil) return { changed: false, until: null, email: user.email };
        await updateUser(tx, user.id, { bannedUntil: null, updatedAt: t });
        return { changed: true, until: null, email: user.email };
      }
      if (user.id === actor.id) {
        throw new AppError('conflict', 'You cannot suspend your own account.');
      }
      if (isBanned(user, t)) return { changed: false, until: user.bannedUntil, email: user.email };
      if (roleFromAppMetadata(user.appMetadata) === 'admin')
        await assertAnotherAdminRemains(tx, user.id, t, 'suspending this account');
      const until = new Date(t.getTime() + INDEFINITE_BAN_MS);
      await updateUser(tx, user.id, { bannedUntil: until, updatedAt: t });
      await deleteUserSessions(tx, user.id);
      return { changed: true, until, email: user.email };
    },

    /**
     * Deletes the account and, through the foreign keys' cascades, everything of the person's in
     * every module's tables (sessions and refresh tokens included).
     */
    async deleteWithin(
      tx: Db,
      actor: ActingAdmin,
      userId: string,
    ): Promise<{ email: string | null; role: AppRole }> {
      if (userId === actor.id) {
        throw new AppError(
          'conflict',
          'To delete your own account, use Settings: it asks for your password first.',
        );
      }
      const user = await target(tx, userId);
      const role = roleFromAppMetadata(user.appMetadata);
      if (role === 'admin')
        await assertAnotherAdminRemains(tx, user.id, now(), 'deleting this account');
      if (!(await deleteUser(tx, user.id))) throw notFound();
      return { email: user.email, role };
    },

    /**
     * Creates an account with a role. With a password it is ready to use; without one, the
     * invitation email (to choose one) is returned, to send once the transaction has committed.
     */
    async createWithin(
      tx: Db,
      actor: ActingAdmin,
      input: { email: string; role: AppRole; password?: string | undefined },
    ): Promise<{ id: string; invitation: PendingAuthEmail | null }> {
      const password = input.password || undefined;
      if (password !== undefined) {
        const weak = passwordTooLong(password)
          ? { message: 'A password is at most 72 characters.' }
          : checkPasswordStrength(password, deps.env.AUTH_PASSWORD_MIN_LENGTH);
        if (weak) throw new AppError('invalid_input', weak.message);
      }
      const taken = () =>
        new AppError('conflict', `An account with ${input.email} already exists.`);
      if (await emailInUse(tx, input.email)) throw taken();
      const t = now();
      try {
        const user = await createAccount(
          tx,
          {
            email: input.email,
            passwordHash: password ? await hashPassword(password) : null,
            userMetadata: {},
            emailConfirmed: password !== undefined,
            role: input.role,
            ...(password ? {} : { invitedAt: t }),
          },
          {
            now: t,
            firstUserAdmin: false,
            actor: { type: 'user', id: actor.id, ip: actor.ip },
            action: 'user_created',
          },
        );
        if (password) return { id: user.id, invitation: null };
        const token = await createEmailToken(deps, tx, {
          user,
          kind: 'invite',
          address: input.email,
          pkce: null,
          redirectTo: null,
        });
        return { id: user.id, invitation: { kind: 'invite', to: input.email, token } };
      } catch (error: unknown) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /**
     * Makes a password-reset or sign-in link for the account (the email itself goes after the
     * commit, through `send`). Refused for an account without an address, a suspended one, or one
     * that was sent the same kind of email moments ago.
     */
    async linkWithin(tx: Db, userId: string, kind: AdminLinkKind): Promise<PendingAuthEmail> {
      const user = await target(tx, userId);
      if (!user.email) {
        throw new AppError('conflict', 'This account has no email address to send a link to.');
      }
      if (isBanned(user, now())) {
        throw new AppError('conflict', 'This account is suspended. Lift the suspension first.');
      }
      const wait = secondsUntilNextEmail(deps, user, kind);
      if (wait > 0) {
        throw new AppError(
          'rate_limited',
          `An email like this went to ${user.email} moments ago. Try again in ${wait} seconds.`,
          { retryAfterSeconds: wait },
        );
      }
      const token = await createEmailToken(deps, tx, {
        user,
        kind,
        address: user.email,
        pkce: null,
        redirectTo: null,
      });
      return { kind, to: user.email, token };
    },

    /** Queues an email made inside a transaction that has now committed (the mail path). */
    send(email: PendingAuthEmail): void {
      sendAuthEmail(deps, email);
    },

    /** The guard forgets what it remembered of the account (after the change has committed). */
    forget(userId: string): void {
      deps.standing.forgetUser(userId);
    },
  };
}

export type AccountAdminService = ReturnType<typeof createAccountAdminService>;
