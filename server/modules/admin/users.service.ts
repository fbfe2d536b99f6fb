import type {
  AdminCreateUser,
  AdminLinkKind,
  AdminUser,
  AdminUserList,
  AdminUsersQuery,
} from '#contracts/admin-users.ts';
import type { AppRole } from '#contracts/auth.ts';
import type { AccountAdminService, ActingAdmin } from '#server/auth/account-admin.service.ts';
import { recordAudit } from '#server/auth/audit.service.ts';
import { requireRole, type AuthContext } from '#server/auth/guard.ts';
import type { Db } from '#server/db/client.ts';

// The admin area's Users panel (ADR 016: the admin module owns no table). Every call checks the
// admin role first, then writes through the auth service's admin functions and records the change
// with the acting admin in the same transaction (ADR 036). Once committed, the guard forgets what
// it remembered of the account, so a new role or a ban applies to the very next request.

export interface AdminUsersDeps {
  db: Db;
  clock: () => Date;
  accounts: AccountAdminService;
}

function actingAdmin(caller: AuthContext, ip: string | null): ActingAdmin {
  requireRole(caller, 'admin');
  return { id: caller.userId, ip };
}

export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db, accounts } = deps;

  const audit = (
    tx: Db,
    admin: ActingAdmin,
    action: string,
    userId: string,
    details: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      action,
      actorType: 'user',
      actorId: admin.id,
      userId,
      ip: admin.ip,
      details,
      createdAt: deps.clock(),
    });

  return {
    async list(caller: AuthContext, query: AdminUsersQuery): Promise<AdminUserList> {
      requireRole(caller, 'admin');
      const { users, total } = await accounts.list(query);
      return { users, total, page: query.page, perPage: query.perPage };
    },

    async changeRole(
      caller: AuthContext,
      userId: string,
      role: AppRole,
      ip: string | null,
    ): Promise<AdminUser> {
      const admin = actingAdmin(caller, ip);
      await db.transaction(async (tx) => {
        const change = await accounts.changeRoleWithin(tx, userId, role);
        if (change.from !== change.to) {
          await audit(tx, admin, 'role_changed', userId, { from: change.from, to: change.to });
        }
      });
      accounts.forget(userId);
      return accounts.summary(db, userId);
    },

    async setBan(
      caller: AuthContext,
      userId: string,
      banned: boolean,
      ip: string | null,
    ): Promise<AdminUser> {
      const admin = actingAdmin(caller, ip);
      await db.transaction(async (tx) => {
        const change = await accounts.setBanWithin(tx, admin, userId, banned);
        if (change.changed) {
          await audit(tx, admin, banned ? 'user_banned' : 'user_unbanned', userId, {
            email: change.email,
            ...(change.until ? { until: change.until.toISOString() } : {}),
          });
        }
      });
      accounts.forget(userId);
      return accounts.summary(db, userId);
    },

    async remove(caller: AuthContext, userId: string, ip: string | null): Promise<void> {
      const admin = actingAdmin(caller, ip);
      await db.transaction(async (tx) => {
        const removed = await accounts.deleteWithin(tx, admin, userId);
        await audit(tx, admin, 'user_deleted', userId, {
          email: removed.email,
          role: removed.role,
        });
      });
      accounts.forget(userId);
    },

    async create(caller: AuthContext, input: AdminCreateUser, ip: string | null) {
      const admin = actingAdmin(caller, ip);
      const created = await db.transaction((tx) =>
        accounts.createWithin(tx, admin, {
          email: input.email,
          role: input.role ?? 'user',
          password: input.password,
        }),
      );
      if (created.invitation) accounts.send(created.invitation);
      return accounts.summary(db, created.id);
    },

    async sendLink(
      caller: AuthContext,
      userId: string,
      kind: AdminLinkKind,
      ip: string | null,
    ): Promise<{ sent: true; to: string }> {
      const admin = actingAdmin(caller, ip);
      const email = await db.transaction(async (tx) => {
        const pending = await accounts.linkWithin(tx, userId, kind);
        await audit(tx, admin, kind === 'recovery' ? 'recovery_sent' : 'magiclink_sent', userId, {
          to: pending.to,
        });
        return pending;
      });
      accounts.send(email);
      return { sent: true, to: email.to };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
