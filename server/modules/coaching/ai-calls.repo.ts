import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { aiCalls } from '#server/db/schema.ts';

export type NewAiCallRow = typeof aiCalls.$inferInsert;

export async function insertAiCall(db: Db, row: NewAiCallRow): Promise<void> {
  await db.insert(aiCalls).values(row);
}

/**
 * When the person's calls since `since` were made, oldest first (at most `limit`): the requests
 * of the last minute. The crisis response is never counted: help is never rate-limited.
 */
export async function callTimesSince(
  db: Db,
  userId: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ at: aiCalls.createdAt })
    .from(aiCalls)
    .where(
      and(eq(aiCalls.userId, userId), gt(aiCalls.createdAt, since), ne(aiCalls.outcome, 'crisis')),
    )
    .orderBy(asc(aiCalls.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}

/** The tokens of the person's calls since `since` (ai_calls_user_idx). */
export async function tokensSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ tokens: sql<string | null>`sum(${aiCalls.inputTokens} + ${aiCalls.outputTokens})` })
    .from(aiCalls)
    .where(and(eq(aiCalls.userId, userId), gt(aiCalls.createdAt, since)));
  return Number(row?.tokens ?? 0);
}

/** The calls that used tokens since `since`, oldest first: when the day's allowance frees up. */
export async function tokenCallsSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<Array<{ at: Date; tokens: number }>> {
  const rows = await db
    .select({
      at: aiCalls.createdAt,
      tokens: sql<number>`${aiCalls.inputTokens} + ${aiCalls.outputTokens}`,
    })
    .from(aiCalls)
    .where(
      and(
        eq(aiCalls.userId, userId),
        gt(aiCalls.createdAt, since),
        sql`${aiCalls.inputTokens} + ${aiCalls.outputTokens} > 0`,
      ),
    )
    .orderBy(asc(aiCalls.createdAt));
  return rows.map((row) => ({ at: row.at, tokens: Number(row.tokens) }));
}

export interface EngineUsageRow {
  engine: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  averageLatencyMs: number;
  fallbacks: number;
  crisis: number;
}

/**
 * Calls since `since`, per engine: tokens, mean latency, calls the offline engine answered instead
 * (fallback or error) and crisis responses. The admins' AI panel.
 */
export async function usageByEngine(db: Db, since: Date): Promise<EngineUsageRow[]> {
  return db
    .select({
      engine: aiCalls.engine,
      calls: sql<number>`count(*)::int`,
      inputTokens: sql<number>`coalesce(sum(${aiCalls.inputTokens}), 0)::int`,
      outputTokens: sql<number>`coalesce(sum(${aiCalls.outputTokens}), 0)::int`,
      averageLatencyMs: sql<number>`coalesce(round(avg(${aiCalls.latencyMs})), 0)::int`,
      fallbacks: sql<number>`(count(*) filter (where ${aiCalls.outcome} in ('fallback', 'error')))::int`,
      crisis: sql<number>`(count(*) filter (where ${aiCalls.outcome} = 'crisis'))::int`,
    })
    .from(aiCalls)
    .where(gt(aiCalls.createdAt, since))
    .groupBy(aiCalls.engine)
    .orderBy(aiCalls.engine);
}
