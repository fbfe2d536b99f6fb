import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { authErrors } from './auth.errors.ts';

/** Which limit a request counts against (each is per IP or per address). */
export type RateLimitRule =
  | 'token_ip'
  | 'signin_email'
  | 'signin_email_ip'
  | 'email_ip'
  | 'email_address'
  | 'verify_ip'
  | 'verify_email'
  | 'mfa_ip';

export interface AuthRateLimits {
  /** Counts one request for `subject`; throws 429 over_request_rate_limit past the limit. */
  check(rule: RateLimitRule, subject: string): Promise<void>;
}

const settingFor: Record<RateLimitRule, keyof Env> = {
  token_ip: 'AUTH_RATE_LIMIT_TOKEN_PER_IP',
  signin_email: 'AUTH_RATE_LIMIT_SIGNIN_PER_EMAIL',
  signin_email_ip: 'AUTH_RATE_LIMIT_SIGNIN_EMAIL_IP',
  email_ip: 'AUTH_RATE_LIMIT_EMAIL_PER_IP',
  email_address: 'AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS',
  verify_ip: 'AUTH_RATE_LIMIT_VERIFY_PER_IP',
  verify_email: 'AUTH_RATE_LIMIT_VERIFY_PER_EMAIL',
  mfa_ip: 'AUTH_RATE_LIMIT_MFA_PER_IP',
};

/**
 * The auth API's limits, read from the environment, counted by the shared limiter. Subjects are
 * lower-cased first (one address, one counter). Counting happens whether or not the account
 * exists, so a 429 reveals nothing about accounts.
 */
export function createAuthRateLimits(deps: {
  db: Db;
  env: Env;
  clock: () => Date;
}): AuthRateLimits {
  const limiter = createRateLimiter({
    db: deps.db,
    clock: deps.clock,
    purgeEvery: 1000,
    rejected: (_rule, retryAfterSeconds) => authErrors.rateLimited(retryAfterSeconds),
  });
  return {
    // Returns the limiter's promise as is: sign-in and refresh pay no extra await for it.
    check(rule, subject) {
      if (!deps.env.AUTH_RATE_LIMITS) return Promise.resolve();
      const { limit, windowSeconds } = deps.env[settingFor[rule]] as {
        limit: number;
        windowSeconds: number;
      };
      return limiter.hit(subject.toLowerCase(), { name: rule, limit, windowSeconds, message: '' });
    },
  };
}
