import { appRoleSchema, roleFromAppMetadata, type AppRole } from '#contracts/auth.ts';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { emailInUse, listUsers, loadUserByEmail } from './users.repo.ts';
import { AuthError } from './auth.errors.ts';
import { hashPassword } from './passwords.ts';
import { changeRole, createAccount, type Actor } from './users.ts';
import { assertAcceptablePassword, validEmail } from './validation.ts';

/** A mistake an operator can fix (unknown address, bad role…), with a message to print. */
export class AccountError extends Error {
  override name = 'AccountError';
}

export interface AccountSummary {
  id: string;
  email: string;
  role: AppRole;
  confirmed: boolean;
  createdAt: Date;
}

function parseRole(value: string): AppRole {
  const parsed = appRoleSchema.safeParse(value);
  if (!parsed.success)
    throw new AccountError(`The role must be one of user, coach, admin (got "${value}").`);
  return parsed.data;
}

function friendly(error: unknown): never {
  if (error instanceof AuthError) throw new AccountError(error.message);
  throw error;
}

/** Accounts as an operator manages them from the command line (scripts/users.ts). */
export function createAccountsService(deps: { db: Db; env: Env; clock?: () => Date }) {
  const now = () => (deps.clock ?? (() => new Date()))();
  const actor: Actor = { type: 'cli' };

  return {
    /** Creates a confirmed account with a password and a role (the operator vouches for it). */
    async create(input: {
      email: string;
      password: string;
      role?: string;
    }): Promise<AccountSummary> {
      let email: string;
      try {
        email = validEmail(input.email);
        assertAcceptablePassword(input.password, deps.env.AUTH_PASSWORD_MIN_LENGTH);
      } catch (error: unknown) {
        friendly(error);
      }
      const role = parseRole(input.role ?? 'user');
      if (await emailInUse(deps.db, email)) {
        throw new AccountError(
          `An account with ${email} already exists; use set-role to change its role.`,
        );
      }
      const passwordHash = await hashPassword(input.password);
      const user = await deps.db.transaction((tx) =>
        createAccount(
          tx,
          { email, passwordHash, userMetadata: {}, emailConfirmed: true, role },
          {
            now: now(),
            firstUserAdmin: deps.env.AUTH_FIRST_USER_ADMIN,
            actor,
            action: 'user_created',
          },
        ),
      );
      return summary(user);
    },

    /** Promotes or demotes an existing account. */
    async setRole(input: {
      email: string;
      role: string;
    }): Promise<{ account: AccountSummary; previous: AppRole }> {
      const role = parseRole(input.role);
      const email = input.email.trim().toLowerCase();
      const user = await loadUserByEmail(deps.db, email);
      if (!user || user.deletedAt)
        throw new AccountError(`There is no account with the email ${email}.`);
      const previous = roleFromAppMetadata(user.appMetadata);
      const updated = await deps.db.transaction((tx) =>
        changeRole(tx, user, role, { now: now(), actor }),
      );
      return { account: summary(updated), previous };
    },

    async list(): Promise<AccountSummary[]> {
      const { users } = await listUsers(deps.db, { page: 1, perPage: 1000, sortDesc: false });
      return users.map(summary);
    },
  };
}

function summary(user: {
  id: string;
  email: string | null;
  appMetadata: Record<string, unknown>;
  emailConfirmedAt: Date | null;
  createdAt: Date;
}): AccountSummary {
  return {
    id: user.id,
    email: user.email ?? '',
    role: roleFromAppMetadata(user.appMetadata),
    confirmed: user.emailConfirmedAt !== null,
    createdAt: user.createdAt,
  };
}
