import type { Db } from '#server/db/client.ts';
import { insertUserAudit } from './audit.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import type { AuthEmailKind } from './mail/templates.ts';
import {
  deleteUserOneTimeTokens,
  findUserOneTimeToken,
  type OneTimeTokenRow,
} from './one-time-tokens.repo.ts';
import type { UserRecord } from './user-record.repo.ts';
import { emailInUse, loadUserById, updateEmailIdentity, updateUser } from './users.repo.ts';

/** The effect of a redeemed token; 'partial' when one side of an email change is still open. */
export async function applyToken(
  deps: AuthDeps,
  tx: Db,
  user: UserRecord,
  row: OneTimeTokenRow,
  meta: RequestMeta,
): Promise<UserRecord | 'partial'> {
  const { env } = deps;
  const now = () => deps.clock();
  const t = now();
  const kind = row.tokenType as AuthEmailKind;
  const confirmEmail = async () => {
    if (user.emailConfirmedAt) return;
    await updateUser(tx, user.id, {
      emailConfirmedAt: t,
      userMetadata: { ...user.userMetadata, email_verified: true },
      updatedAt: t,
    });
    const identity = user.identities.find((i) => i.provider === 'email');
    if (identity) {
      await updateEmailIdentity(tx, user.id, {
        identityData: { ...identity.identityData, email_verified: true },
        updatedAt: t,
      });
    }
    await insertUserAudit(tx, {
      action: 'email_confirmed',
      userId: user.id,
      ip: meta.ip,
      createdAt: t,
    });
  };

  switch (kind) {
    case 'confirmation':
    case 'invite':
    case 'magiclink':
    case 'recovery':
      await confirmEmail();
      if (kind === 'recovery' || kind === 'magiclink') {
        await deleteUserOneTimeTokens(tx, user.id, ['recovery', 'magiclink']);
      }
      break;
    case 'email_change_new':
    case 'email_change_current': {
      const newEmail = user.emailChange;
      if (!newEmail) throw authErrors.otpExpired('Email link is invalid or has expired');
      const otherKind = kind === 'email_change_new' ? 'email_change_current' : 'email_change_new';
      const otherOpen = await findUserOneTimeToken(tx, user.id, otherKind);
      // The first of two confirmations. A current-address confirmation whose new-address side
      // was never sent (the address belongs to someone else) stays "first" forever.
      if (
        env.AUTH_SECURE_EMAIL_CHANGE &&
        user.emailChangeConfirmStatus === 0 &&
        (otherOpen || kind === 'email_change_current')
      ) {
        await updateUser(tx, user.id, { emailChangeConfirmStatus: 1, updatedAt: t });
        return 'partial';
      }
      if (await emailInUse(tx, newEmail, user.id)) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      await updateUser(tx, user.id, {
        email: newEmail,
        emailChange: null,
        emailChangeConfirmStatus: 0,
        emailChangeSentAt: null,
        emailConfirmedAt: t,
        isAnonymous: false,
        updatedAt: t,
      });
      const identity = user.identities.find((i) => i.provider === 'email');
      await updateEmailIdentity(tx, user.id, {
        email: newEmail,
        identityData: {
          ...(identity?.identityData ?? {}),
          email: newEmail,
          email_verified: true,
        },
        updatedAt: t,
      });
      await deleteUserOneTimeTokens(tx, user.id, ['email_change_new', 'email_change_current']);
      await insertUserAudit(tx, {
        action: 'email_changed',
        userId: user.id,
        ip: meta.ip,
        details: { from: user.email, to: newEmail },
        createdAt: t,
      });
      break;
    }
    case 'reauthentication':
      throw authErrors.otpExpired('Token has expired or is invalid');
  }
  const reloaded = await loadUserById(tx, user.id);
  if (!reloaded) throw authErrors.otpExpired('Token has expired or is invalid');
  return reloaded;
}
