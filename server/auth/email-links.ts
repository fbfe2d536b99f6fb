import { randomUUID } from 'node:crypto';
import { pagePaths } from '#contracts/pages.ts';
import type { Db } from '#server/db/client.ts';
import {
  deleteStaleFlowStates,
  insertFlowState,
  upsertOneTimeToken,
} from './one-time-tokens.repo.ts';
import { type UserRecord } from './user-record.repo.ts';
import { updateUser } from './users.repo.ts';
import { emailTokenHash, randomOtp } from './crypto.ts';
import type { AuthDeps } from './deps.ts';
import { renderAuthEmail, type AuthEmailKind } from './mail/templates.ts';
import type { PkceParams } from './validation.ts';

/** The verify `type` a link of each kind carries. */
export const verifyTypeOf: Record<AuthEmailKind, string> = {
  confirmation: 'signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: 'reauthentication',
};

/** The AMR method of a session that a link of each kind leads to. */
export const amrMethodOf: Record<AuthEmailKind, string> = {
  confirmation: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: 'reauthentication',
};

type SentAtField =
  | 'confirmationSentAt'
  | 'recoverySentAt'
  | 'magicLinkSentAt'
  | 'emailChangeSentAt'
  | 'reauthenticationSentAt'
  | 'invitedAt';

const sentAtOf: Record<AuthEmailKind, SentAtField> = {
  confirmation: 'confirmationSentAt',
  invite: 'invitedAt',
  recovery: 'recoverySentAt',
  magiclink: 'magicLinkSentAt',
  email_change_current: 'emailChangeSentAt',
  email_change_new: 'emailChangeSentAt',
  reauthentication: 'reauthenticationSentAt',
};

/** Seconds until another email of this kind may go to this user (0 = now). */
export function secondsUntilNextEmail(
  deps: AuthDeps,
  user: UserRecord,
  kind: AuthEmailKind,
): number {
  const last = user[sentAtOf[kind]];
  if (!last) return 0;
  const wait =
    last.getTime() + deps.env.AUTH_EMAIL_MIN_INTERVAL_SECONDS * 1000 - deps.clock().getTime();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

export interface EmailToken {
  otp: string;
  /** hex(SHA-224(address + otp)), without the pkce_ prefix (what generate_link reports). */
  hashedToken: string;
  /** The /auth/v1/verify link (what generate_link reports as action_link). */
  link: string | null;
  /** The link the email carries: the verify link, or for recovery the reset page's own link. */
  emailLink: string | null;
  verifyType: string;
}

export function verifyLink(
  deps: AuthDeps,
  storedHash: string,
  verifyType: string,
  redirectTo: string,
): string {
  const url = new URL(`${deps.env.PUBLIC_URL}/auth/v1/verify`);
  url.searchParams.set('token', storedHash);
  url.searchParams.set('type', verifyType);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/**
 * The link of a recovery email: the reset page with the token hash, which the page redeems with
 * `verifyOtp({ type: 'recovery', token_hash })`. Unlike the verify link (whose PKCE code only the
 * browser that asked can exchange), it works on any device, and opening it spends nothing: a mail
 * scanner that follows links cannot use up the reset.
 */
function resetPageLink(deps: AuthDeps, hashedToken: string, redirectTo: string | null): string {
  const allowed = redirectTo && deps.redirects.resolve(redirectTo) === redirectTo;
  const url = new URL(
    allowed ? redirectTo : `${deps.env.AUTH_SITE_URL.replace(/\/$/, '')}${pagePaths.resetPassword}`,
  );
  url.searchParams.set('token_hash', hashedToken);
  url.searchParams.set('type', verifyTypeOf.recovery);
  return url.toString();
}

/** Who an email goes to, of which kind, and where its link leads. */
export interface EmailTokenRequest {
  user: UserRecord;
  kind: AuthEmailKind;
  address: string;
  pkce: PkceParams | null;
  redirectTo: string | null;
}

/**
 * Creates the one-time code (and, for a PKCE client, the flow state the link will redeem) for
 * an email of `kind` to `address`, and stamps the matching *_sent_at. Sends nothing.
 */
export async function createEmailToken(
  deps: AuthDeps,
  db: Db,
  input: EmailTokenRequest,
): Promise<EmailToken> {
  const now = deps.clock();
  const otp = randomOtp();
  const hashedToken = emailTokenHash(input.address, otp);
  let flowStateId: string | null = null;
  if (input.pkce) {
    // Codes never exchanged would pile up; anything older than a day is dead anyway.
    await deleteStaleFlowStates(db, new Date(now.getTime() - 24 * 3600 * 1000));
    flowStateId = randomUUID();
    await insertFlowState(db, {
      id: flowStateId,
      userId: input.user.id,
      authCode: randomUUID(),
      codeChallenge: input.pkce.challenge,
      codeChallengeMethod: input.pkce.method,
      authenticationMethod: amrMethodOf[input.kind],
      createdAt: now,
    });
  }
  const storedHash = input.pkce ? `pkce_${hashedToken}` : hashedToken;
  await upsertOneTimeToken(db, {
    id: randomUUID(),
    userId: input.user.id,
    tokenType: input.kind,
    tokenHash: storedHash,
    relatesTo: input.address,
    flowStateId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.env.AUTH_EMAIL_LINK_TTL_SECONDS * 1000),
  });
  const field = sentAtOf[input.kind];
  await updateUser(db, input.user.id, { [field]: now, updatedAt: now });
  input.user[field] = now;
  const verifyType = verifyTypeOf[input.kind];
  const link =
    input.kind === 'reauthentication'
      ? null
      : verifyLink(deps, storedHash, verifyType, deps.redirects.resolve(input.redirectTo));
  const emailLink =
    input.kind === 'recovery' ? resetPageLink(deps, hashedToken, input.redirectTo) : link;
  return { otp, hashedToken, link, emailLink, verifyType };
}

/** An email whose token is made (inside a transaction) and that goes out after the commit. */
export interface PendingAuthEmail {
  kind: AuthEmailKind;
  to: string;
  token: EmailToken;
  newEmail?: string;
}

/** Queues the email for a token made by createEmailToken. */
export function sendAuthEmail(deps: AuthDeps, input: PendingAuthEmail): void {
  deps.mailer.send(
    renderAuthEmail({
      kind: input.kind,
      to: input.to,
      link: input.token.emailLink,
      code: input.token.otp,
      ttlMinutes: Math.round(deps.env.AUTH_EMAIL_LINK_TTL_SECONDS / 60),
      siteName: 'Trellis',
      ...(input.newEmail ? { newEmail: input.newEmail } : {}),
    }),
  );
}

/** Creates the token and queues its email, in one go (the usual case). */
export async function emailLink(
  deps: AuthDeps,
  db: Db,
  input: EmailTokenRequest & { newEmail?: string },
): Promise<void> {
  const token = await createEmailToken(deps, db, input);
  sendAuthEmail(deps, {
    kind: input.kind,
    to: input.address,
    token,
    ...(input.newEmail ? { newEmail: input.newEmail } : {}),
  });
}
