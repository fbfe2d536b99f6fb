import { randomUUID } from 'node:crypto';
import type { SessionJson } from '#contracts/auth.ts';
import { createRateLimiter, type RateRule } from '#server/lib/rate-limiter.ts';
import type { ChannelSender } from '#server/modules/channels/channel-sender.ts';
import { insertAudit } from './audit.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { emailTokenHash, randomOtp } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import {
  consumeOneTimeToken,
  deleteUserOneTimeTokens,
  findOneTimeTokens,
  findUserOneTimeToken,
  upsertOneTimeToken,
} from './one-time-tokens.repo.ts';
import { phoneForLog, validPhone } from './phone.ts';
import { confirmPhone, loadUserByPhone } from './phone-users.repo.ts';
import { isBanned, startSession } from './sessions.ts';
import type { UserRecord } from './user-record.repo.ts';
import { insertIdentity, insertUser, loadUserById } from './users.repo.ts';
import { isUniqueViolation } from './users.ts';

/** The one call phone sign-in makes of the SMS channel (the provider, or the dev outbox). */
export type SmsSend = ChannelSender['send'];

export interface PhoneOtpDeps extends AuthDeps {
  /** The SMS channel's sender; null until the delivery channels are built. */
  sms: () => SmsSend | null;
}

/** A 429 that says when to come back (Retry-After, in seconds). */
export class RetryLaterError extends AuthError {
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(429, code, message, {}, retryAfterSeconds);
  }
}

const SMS_TOKEN = 'sms';

export function smsSignInText(code: string, ttlSeconds: number): string {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return `Your Trellis sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
}

/**
 * Phone sign-in by a texted 6-digit code (contract §3.7, §3.8, §3.9): POST /otp with `phone`
 * texts a code (creating the account on first use), POST /verify with type `sms` redeems it for a
 * session, POST /resend with type `sms` texts a new one. Codes are stored as GoTrue's token hash
 * (SHA-224 of phone + code), live AUTH_SMS_OTP_TTL_SECONDS and are single use; neither the code
 * nor the full number is ever logged.
 */
export function createPhoneOtpService(deps: PhoneOtpDeps) {
  const { db, env } = deps;
  const now = () => deps.clock();
  const limiter = createRateLimiter({
    db,
    clock: deps.clock,
    namespace: 'auth.',
    purgeEvery: 1000,
    rejected: (rule) =>
      new RetryLaterError(
        'over_request_rate_limit',
        'Request rate limit reached',
        rule.windowSeconds,
      ),
  });
  const rule = (name: string, setting: { limit: number; windowSeconds: number }): RateRule => ({
    name,
    ...setting,
    message: '',
  });
  const limit = async (
    name: string,
    subject: string,
    setting: { limit: number; windowSeconds: number },
  ) => {
    if (env.AUTH_RATE_LIMITS) await limiter.hit(subject, rule(name, setting));
  };

  function assertEnabled(): void {
    if (!env.AUTH_PHONE_SIGN_IN) throw authErrors.phoneDisabled();
  }

  async function findOrCreateUser(
    phone: string,
    data: Record<string, unknown>,
    createUser: boolean,
    meta: RequestMeta,
  ): Promise<UserRecord | null> {
    const existing = await loadUserByPhone(db, phone);
    if (existing) return existing;
    if (!createUser || env.AUTH_DISABLE_SIGNUP) return null;
    const id = randomUUID();
    const t = now();
    try {
      await db.transaction(async (tx) => {
        await insertUser(tx, {
          id,
          phone,
          passwordHash: null,
          appMetadata: { provider: 'phone', providers: ['phone'] },
          userMetadata: data,
          createdAt: t,
          updatedAt: t,
        });
        await insertIdentity(tx, {
          id: randomUUID(),
          providerId: id,
          userId: id,
          provider: 'phone',
          identityData: { ...data, sub: id, phone, email_verified: false, phone_verified: false },
          email: null,
          createdAt: t,
          updatedAt: t,
        });
        await insertAudit(tx, {
          action: 'user_signedup',
          actorType: 'anonymous',
          actorId: null,
          userId: id,
          ip: meta.ip,
          details: { provider: 'phone' },
          createdAt: t,
        });
      });
    } catch (error: unknown) {
      // Two first codes for one number at once: the other request made the account.
      if (!isUniqueViolation(error)) throw error;
    }
    return loadUserByPhone(db, phone);
  }

  /** Texts a new code to the user's number, once per AUTH_SMS_MIN_INTERVAL_SECONDS. */
  async function textCode(user: UserRecord, phone: string): Promise<{ message_id?: string }> {
    const previous = await findUserOneTimeToken(db, user.id, SMS_TOKEN);
    if (previous) {
      const waitMs =
        previous.createdAt.getTime() + env.AUTH_SMS_MIN_INTERVAL_SECONDS * 1000 - now().getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new RetryLaterError(
          'over_sms_send_rate_limit',
          `For security purposes, you can only request this after ${seconds} seconds.`,
          seconds,
        );
      }
    }
    const send = deps.sms();
    if (!send) throw new AuthError(503, 'sms_send_failed', 'SMS is not available yet');
    const code = randomOtp();
    const t = now();
    const tokenId = randomUUID();
    await upsertOneTimeToken(db, {
      id: tokenId,
      userId: user.id,
      tokenType: SMS_TOKEN,
      tokenHash: emailTokenHash(phone, code),
      relatesTo: phone,
      flowStateId: null,
      createdAt: t,
      expiresAt: new Date(t.getTime() + env.AUTH_SMS_OTP_TTL_SECONDS * 1000),
    });
    const outcome = await send({
      channel: 'sms',
      deliveryId: tokenId,
      idempotencyKey: `auth-sms:${tokenId}`,
      to: `+${phone}`,
      text: smsSignInText(code, env.AUTH_SMS_OTP_TTL_SECONDS),
      template: 'auth.sms_otp',
    }).catch((error: unknown) => ({
      ok: false as const,
      permanent: false,
      error: error instanceof Error ? error.message : String(error),
    }));
    if (!outcome.ok) {
      // A code that never arrived is withdrawn, so the next request is not held back by it.
      await deleteUserOneTimeTokens(db, user.id, [SMS_TOKEN]);
      deps.log.error(
        { to: phoneForLog(phone), permanent: outcome.permanent, error: outcome.error },
        'auth: the sign-in code could not be texted',
      );
      if (outcome.permanent) {
        throw new AuthError(422, 'sms_send_failed', `Could not text this number: ${outcome.error}`);
      }
      throw new AuthError(502, 'sms_send_failed', 'Error sending sms OTP to provider');
    }
    return outcome.providerMessageId ? { message_id: outcome.providerMessageId } : {};
  }

  /** POST /otp with a phone (signInWithOtp({ phone })). */
  async function sendCode(
    body: {
      phone?: string | null;
      data?: Record<string, unknown> | null;
      create_user?: boolean | null;
    },
    meta: RequestMeta,
  ): Promise<{ message_id?: string }> {
    await limit('sms_ip', meta.ip, env.AUTH_RATE_LIMIT_SMS_PER_IP);
    assertEnabled();
    const phone = validPhone(body.phone ?? '');
    await limit('sms_phone', phone, env.AUTH_RATE_LIMIT_SMS_PER_PHONE);
    const user = await findOrCreateUser(phone, body.data ?? {}, body.create_user ?? true, meta);
    // Unknown number with create_user:false, a deleted or banned account: the same empty answer.
    if (!user || user.deletedAt || isBanned(user, now())) return {};
    return textCode(user, phone);
  }

  /** POST /resend with type sms: a new code for a number that has not confirmed yet. */
  async function resendCode(
    body: { phone?: string | null },
    meta: RequestMeta,
  ): Promise<{ message_id?: string }> {
    await limit('sms_ip', meta.ip, env.AUTH_RATE_LIMIT_SMS_PER_IP);
    assertEnabled();
    const phone = validPhone(body.phone ?? '');
    await limit('sms_phone', phone, env.AUTH_RATE_LIMIT_SMS_PER_PHONE);
    const user = await loadUserByPhone(db, phone);
    if (!user || user.deletedAt || isBanned(user, now()) || user.phoneConfirmedAt) return {};
    return textCode(user, phone);
  }

  /** POST /verify with { phone, token, type: 'sms' }: a session (AMR otp). */
  async function verifyCode(
    body: { phone?: string | null; token?: string | null; token_hash?: string | null },
    meta: RequestMeta,
  ): Promise<SessionJson> {
    await deps.limiter.check('verify_ip', meta.ip);
    assertEnabled();
    if (body.token_hash) {
      throw authErrors.validation('Verify with type sms requires a phone number and a token');
    }
    if (!body.phone || !body.token) {
      throw authErrors.validation('Verify requires a phone number and a token');
    }
    const phone = validPhone(body.phone);
    await limit('sms_verify_phone', phone, env.AUTH_RATE_LIMIT_VERIFY_PER_EMAIL);
    const expired = () => authErrors.otpExpired('Token has expired or is invalid');
    const hash = emailTokenHash(phone, body.token.trim());
    const [row] = await findOneTimeTokens(db, [hash], [SMS_TOKEN], now());
    if (!row || row.relatesTo !== phone) throw expired();
    return db.transaction(async (tx) => {
      const user = await loadUserById(tx, row.userId);
      if (!user || user.deletedAt || user.phone !== phone) throw expired();
      if (isBanned(user, now())) throw authErrors.userBanned(403);
      if (!(await consumeOneTimeToken(tx, row.id))) throw expired();
      await confirmPhone(tx, user.id, now());
      return startSession(deps, tx, user.id, {
        method: 'otp',
        meta,
        audit: { action: 'login', details: { method: 'otp', provider: 'phone' } },
      });
    });
  }

  return { sendCode, resendCode, verifyCode };
}
