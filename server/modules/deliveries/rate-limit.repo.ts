import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

/**
 * Counts one hit on `key` in the shared `rate_limits` table (ADR 010: a fixed window per key that
 * restarts once `reset_at` has passed) and returns the hits in the current window.
 */
export async function hitWindow(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
        returning hits`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return row.hits;
}
