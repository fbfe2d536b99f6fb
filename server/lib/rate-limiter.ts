import { createHash } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { hitRateLimit, purgeRateLimits } from '#server/db/rate-limits.repo.ts';
import { AppError } from '#server/errors.ts';

/** One limit: at most `limit` hits per `windowSeconds` per subject, else 429 with `message`. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

export interface RateLimiter {
  /** Counts one hit for each rule, in order; throws at the first one over its limit. */
  hit(subject: string, ...rules: RateRule[]): Promise<void>;
}

export interface RateLimiterOptions {
  db: Db;
  clock: () => Date;
  /** Prefixed to every rule's name in the table, so the auth and delivery limits never share a key. */
  namespace?: string;
  /** Expired windows are deleted after this many hits (none when absent). */
  purgeEvery?: number;
  /**
   * The error for a hit over `rule`'s limit, told how many seconds remain until the window
   * resets (for Retry-After); AppError('rate_limited', rule.message) when absent.
   */
  rejected?: (rule: RateRule, retryAfterSeconds: number) => Error;
}

/**
 * Fixed-window counters in the database (ADR 010), so every app process shares them. Subjects
 * (addresses, IPs, user ids, numbers) are hashed: the table never holds one.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { db, clock, namespace = '', purgeEvery } = options;
  const rejected =
    options.rejected ??
    ((rule, retryAfterSeconds) =>
      new AppError('rate_limited', rule.message, { retryAfterSeconds }));
  let sincePurge = 0;
  return {
    async hit(subject, ...rules) {
      const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 32);
      const now = clock();
      for (const rule of rules) {
        const { hits, resetAt } = await hitRateLimit(
          db,
          `${namespace}${rule.name}:${digest}`,
          rule.windowSeconds,
          now,
        );
        if (purgeEvery !== undefined && ++sincePurge >= purgeEvery) {
          sincePurge = 0;
          await purgeRateLimits(db, now);
        }
        if (hits > rule.limit) {
          throw rejected(rule, Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
        }
      }
    },
  };
}
