import { lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';

// The only writer of rate_limits: fixed windows, one upsert per check, shared by every process
// on the database (ADR 010).

export async function hitRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<{ hits: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await queryRows<{ hits: number; reset_at: string | Date }>(
    db,
    sql`insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

export async function purgeRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
