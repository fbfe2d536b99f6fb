import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { hitRateLimit, purgeRateLimits } from './auth.repo.ts';
import { authErrors } from './auth.errors.ts';

/** Which limit a request counts against (each is per IP or per address). */
export type RateLimitRule =
  | 'token_ip'
  | 'signin_email'
  | 'email_ip'
  | 'email_address'
  | 'verify_ip'
  | 'verify_email'
  | 'mfa_ip';

export interface RateLimiter {
  /** Counts one request for `subject`; throws 429 over_request_rate_limit past the limit. */
  check(rule: RateLimitRule, subject: string): Promise<void>;
}

const settingFor: Record<RateLimitRule, keyof Env> = {
  token_ip: 'AUTH_RATE_LIMIT_TOKEN_PER_IP',
  signin_email: 'AUTH_RATE_LIMIT_SIGNIN_PER_EMAIL',
  email_ip: 'AUTH_RATE_LIMIT_EMAIL_PER_IP',
  email_address: 'AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS',
  verify_ip: 'AUTH_RATE_LIMIT_VERIFY_PER_IP',
  verify_email: 'AUTH_RATE_LIMIT_VERIFY_PER_EMAIL',
  mfa_ip: 'AUTH_RATE_LIMIT_MFA_PER_IP',
};

/**
 * Fixed-window counters in the database (ADR 010), so every app process shares them. Subjects
 * are hashed: the table never holds an address or an IP. Counting happens whether or not the
 * account exists, so a 429 reveals nothing about accounts.
 */
export function createRateLimiter(deps: { db: Db; env: Env; clock: () => Date }): RateLimiter {
  let sincePurge = 0;
  return {
    async check(rule, subject) {
      if (!deps.env.AUTH_RATE_LIMITS) return;
      const { limit, windowSeconds } = deps.env[settingFor[rule]] as {
        limit: number;
        windowSeconds: number;
      };
      const now = deps.clock();
      const digest = createHash('sha256')
        .update(subject.toLowerCase())
        .digest('base64url')
        .slice(0, 32);
      const { hits } = await hitRateLimit(deps.db, `${rule}:${digest}`, windowSeconds, now);
      if (++sincePurge >= 1000) {
        sincePurge = 0;
        await purgeRateLimits(deps.db, now);
      }
      if (hits > limit) throw authErrors.rateLimited();
    },
  };
}
