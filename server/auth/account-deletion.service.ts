import type { AccountDeletion, AccountDeletionProof } from '#contracts/account.ts';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { assertAnotherAdminRemains } from './account-admin.service.ts';
import { insertUserAudit } from './audit.repo.ts';
import { emailTokenHash } from './crypto.ts';
import type { AuthContext } from './guard.ts';
import { findUserOneTimeToken } from './one-time-tokens.repo.ts';
import { verifyPassword } from './passwords.ts';
import type { UserRecord } from './user-record.repo.ts';
import { deleteUser, loadUserById } from './users.repo.ts';
import { roleFromAppMetadata } from '#contracts/auth.ts';

// A person deletes their own account (Settings, ADR 036). They prove it is them with their
// password, else with the reauthentication code emailed to them (supabase-js `reauthenticate()`),
// else (an anonymous or phone-only account, which has neither) with the signed-in session alone. Deleting the
// users row removes, through the foreign keys' cascades, everything of theirs in every module's
// tables, and every session and refresh token: they are signed out everywhere.

const WRONG_PROOF_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

/**
 * The password when there is one; else a code to the confirmed address; else (an anonymous or a
 * phone-only account, which signed in with a texted code and has nowhere to email one) the session.
 */
function proofFor(user: UserRecord): AccountDeletionProof['proof'] {
  if (user.passwordHash) return 'password';
  if (user.email && user.emailConfirmedAt) return 'code';
  return 'none';
}

export function createAccountDeletionService(deps: {
  db: Db;
  env: Pick<Env, 'AUTH_RATE_LIMITS'>;
  clock: () => Date;
  /** Told once the account is gone, so the guard here stops trusting its sessions (ADR 020). */
  onDeleted?: (userId: string) => void;
}) {
  const limiter = createRateLimiter({
    db: deps.db,
    clock: deps.clock,
    namespace: 'account-deletion.',
  });

  async function load(caller: AuthContext): Promise<UserRecord> {
    const user = await loadUserById(deps.db, caller.userId);
    if (!user || user.deletedAt) throw new AppError('unauthenticated', 'Sign in to continue.');
    return user;
  }

  async function proven(user: UserRecord, body: AccountDeletion): Promise<boolean> {
    switch (proofFor(user)) {
      case 'password':
        return body.password !== undefined && verifyPassword(user.passwordHash, body.password);
      case 'code': {
        if (!body.code) return false;
        const stored = await findUserOneTimeToken(deps.db, user.id, 'reauthentication');
        if (!stored || stored.expiresAt.getTime() <= deps.clock().getTime()) return false;
        return secretsEqual(stored.tokenHash, emailTokenHash(stored.relatesTo, body.code));
      }
      case 'none':
        return true;
    }
  }

  return {
    async proof(caller: AuthContext): Promise<AccountDeletionProof> {
      const user = await load(caller);
      return { proof: proofFor(user), email: user.email };
    },

    async remove(caller: AuthContext, body: AccountDeletion, ip: string | null): Promise<void> {
      const user = await load(caller);
      const proof = proofFor(user);
      if (proof === 'password' && !body.password) {
        throw new AppError('invalid_input', 'Enter your password to delete your account.');
      }
      if (proof === 'code' && !body.code) {
        throw new AppError(
          'invalid_input',
          'Enter the code we emailed you to delete your account.',
        );
      }
      if (deps.env.AUTH_RATE_LIMITS && proof !== 'none') {
        await limiter.hit(user.id, {
          name: 'attempt',
          ...WRONG_PROOF_LIMIT,
          message: 'Too many tries. Wait a few minutes, then try again.',
        });
      }
      if (!(await proven(user, body))) {
        throw new AppError(
          'invalid_input',
          proof === 'password'
            ? 'That password is not right. Your account was not deleted.'
            : 'That code is not right or has expired. Ask for a new one.',
        );
      }
      await deps.db.transaction(async (tx) => {
        const t = deps.clock();
        if (roleFromAppMetadata(user.appMetadata) === 'admin')
          await assertAnotherAdminRemains(tx, user.id, t, 'deleting your account');
        if (!(await deleteUser(tx, user.id))) {
          throw new AppError('unauthenticated', 'Sign in to continue.');
        }
        await insertUserAudit(tx, {
          action: 'account_deleted',
          userId: user.id,
          ip,
          details: { email: user.email, by: 'self' },
          createdAt: t,
        });
      });
      deps.onDeleted?.(user.id);
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
