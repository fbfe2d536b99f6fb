import { createHash } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { hitRateLimit } from '#server/auth/auth.repo.ts';

/** One limit: at most `limit` hits per `windowSeconds` per subject, else 429 with `message`. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

export interface RateLimiter {
  /** Counts one hit for each rule, in order; throws AppError('rate_limited') at the first one over. */
  hit(subject: string, ...rules: RateRule[]): Promise<void>;
}

/**
 * The delivery API's limits (sending now, SMS codes, one-tap links), kept in the same database
 * table as the auth limits so every process shares them. Subjects (user ids, IPs, numbers) are
 * hashed: the table never holds one.
 */
export function createRateLimiter(deps: { db: Db; clock: () => Date }): RateLimiter {
  return {
    async hit(subject, ...rules) {
      const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 32);
      const now = deps.clock();
      for (const rule of rules) {
        const { hits } = await hitRateLimit(
          deps.db,
          `delivery.${rule.name}:${digest}`,
          rule.windowSeconds,
          now,
        );
        if (hits > rule.limit) throw new AppError('rate_limited', rule.message);
      }
    },
  };
}
