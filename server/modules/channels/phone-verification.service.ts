import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  type Channels,
} from '#contracts/channels.ts';
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';

import { AppError } from '#server/errors.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import type { RateRule } from '#server/lib/rate-limiter.ts';
import { channelMessages } from './channel-messages.ts';
import type { ChannelsServiceDeps } from './channels-deps.ts';
import * as repo from './channels.repo.ts';

const codeRules = {
  perMinute: {
    name: 'sms_code_user_minute',
    limit: 1,
    windowSeconds: 60,
    message: 'A code is on its way. Wait a minute before asking for another one.',
  },
  perHour: {
    name: 'sms_code_user_hour',
    limit: 5,
    windowSeconds: 3600,
    message: 'You have asked for 5 codes in the last hour. Try again later.',
  },
  perNumber: {
    name: 'sms_code_number_hour',
    limit: 5,
    windowSeconds: 3600,
    message: 'This number has been sent 5 codes in the last hour. Try again later.',
  },
} satisfies Record<string, RateRule>;

/** "<salt>:<HMAC-SHA256(salt, user:phone:code)>": the code never rests in the table. */
function hashCode(userId: string, phone: string, code: string, salt: string): string {
  return createHmac('sha256', salt).update(`${userId}:${phone}:${code}`).digest('base64url');
}

function codeMatches(row: repo.ChannelSettingsRow, userId: string, code: string): boolean {
  const [salt, expected] = (row.codeHash ?? '').split(':');
  if (!salt || !expected || !row.pendingPhone) return false;
  return secretsEqual(hashCode(userId, row.pendingPhone, code, salt), expected);
}

function codeError(message: string): AppError {
  return new AppError('invalid_input', message, { details: [{ path: 'body.code', message }] });
}

const clearedCode = {
  pendingPhone: null,
  codeHash: null,
  codeExpiresAt: null,
  codeAttempts: 0,
} as const;

/**
 * Verifying a phone number for SMS: a code goes to the number, and the number is the user's once
 * the code comes back. `get` reads the channels the answers show.
 */
export function createPhoneVerificationService(
  deps: ChannelsServiceDeps,
  get: (userId: string) => Promise<Channels>,
) {
  const { db, clock, limiter } = deps;

  return {
    /** Sends a 6-digit code to `phone`; the number is verified once the code comes back. */
    async startPhoneVerification(userId: string, phone: string): Promise<Channels> {
      await limiter.hit(userId, codeRules.perMinute, codeRules.perHour);
      await limiter.hit(`phone:${phone}`, codeRules.perNumber);
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('base64url');
      const now = clock();
      const previous = await db.transaction(async (tx) => {
        const row = await repo.lockChannelSettings(tx, userId, 'sms', now);
        await repo.updateChannelSettings(tx, userId, 'sms', {
          pendingPhone: phone,
          codeHash: `${salt}:${hashCode(userId, phone, code, salt)}`,
          codeExpiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
          codeAttempts: 0,
          updatedAt: now,
        });
        return row;
      });
      // Sent after the commit, so the code in the text is one the table already knows.
      const id = randomUUID();
      const outcome = await deps.sms
        .send({
          channel: 'sms',
          deliveryId: id,
          idempotencyKey: `sms-verification:${id}`,
          to: phone,
          text: deps.verificationSmsText(code),
          template: 'sms.verification',
        })
        .catch((error: unknown) => ({
          ok: false as const,
          permanent: false,
          error: error instanceof Error ? error.message : String(error),
        }));
      if (!outcome.ok) {
        deps.log.warn(
          { channel: 'sms', permanent: outcome.permanent, error: outcome.error },
          'the verification code could not be sent',
        );
        // The code that never arrived is withdrawn: the number stays as it was before.
        await repo.updateChannelSettings(db, userId, 'sms', {
          pendingPhone: previous.pendingPhone,
          codeHash: previous.codeHash,
          codeExpiresAt: previous.codeExpiresAt,
          codeAttempts: previous.codeAttempts,
          updatedAt: clock(),
        });
        if (outcome.permanent) {
          const message = `We could not send a text to this number: ${outcome.error}`;
          throw new AppError('invalid_input', message, {
            details: [{ path: 'body.phone', message }],
          });
        }
        throw new AppError('upstream_failed', 'The SMS provider did not accept the code.');
      }
      return get(userId);
    },

    /** Checks the code: a right one verifies the number and turns SMS on. */
    async confirmPhoneVerification(userId: string, code: string): Promise<Channels> {
      const failure = await db.transaction(async (tx) => {
        const now = clock();
        const row = await repo.lockChannelSettings(tx, userId, 'sms', now);
        if (!row.pendingPhone || !row.codeHash) return channelMessages.noCode;
        if (row.codeAttempts >= SMS_CODE_MAX_ATTEMPTS) return channelMessages.tooManyTries;
        if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) {
          return channelMessages.codeExpired;
        }
        if (!codeMatches(row, userId, code)) {
          // Counted in this transaction, which commits: the error is raised after it.
          await repo.updateChannelSettings(tx, userId, 'sms', {
            codeAttempts: row.codeAttempts + 1,
            updatedAt: now,
          });
          return channelMessages.wrongCode;
        }
        await repo.updateChannelSettings(tx, userId, 'sms', {
          phone: row.pendingPhone,
          ...clearedCode,
          enabled: true,
          unsubscribedAt: null,
          updatedAt: now,
        });
        await deps.refreshSchedule(userId, tx);
        return null;
      });
      if (failure) throw codeError(failure);
      return get(userId);
    },
  };
}
