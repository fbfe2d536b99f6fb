import { randomUUID } from 'node:crypto';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { AiCallRecord } from '#server/ai/model-calls.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import {
  callTimesSince,
  insertAiCall,
  tokenCallsSince,
  tokensSince,
  usageByEngine,
} from './ai-calls.repo.ts';

/**
 * Every AI call, recorded (ADR 034): a row in `ai_calls` (person, operation, engine, model,
 * tokens, latency, outcome) and the AI series on /metrics. The per-person limits read the same
 * rows: requests in the last minute and tokens in the last 24 hours, over which a call is a 429
 * that says when to try again. The crisis response is never limited: the gateways read the guard
 * before the limits, and crisis rows do not count.
 */

export interface AiLimits {
  requestsPerMinute: number;
  tokensPerDay: number;
}

export interface AiUsageDeps {
  db: Db;
  clock: () => Date;
  limits: AiLimits;
  /** The app's /metrics registry; the AI series go there when given. */
  metrics?: Registry;
  log: { error(object: Record<string, unknown>, message: string): void };
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function registerAiMetrics(registry: Registry) {
  const calls = new Counter({
    name: 'trellis_ai_calls_total',
    help: 'AI calls by operation, configured engine and outcome (ok, repaired, fallback, error, crisis)',
    labelNames: ['operation', 'engine', 'outcome'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'trellis_ai_call_duration_seconds',
    help: 'AI call latency by operation and configured engine (a streamed reply: to its end)',
    labelNames: ['operation', 'engine'] as const,
    buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'trellis_ai_tokens_total',
    help: 'Model tokens by operation, configured engine and direction (input, output)',
    labelNames: ['operation', 'engine', 'direction'] as const,
    registers: [registry],
  });
  return (record: AiCallRecord) => {
    const { operation, engine } = record;
    calls.inc({ operation, engine, outcome: record.outcome });
    latency.observe({ operation, engine }, record.latencyMs / 1000);
    if (record.inputTokens > 0)
      tokens.inc({ operation, engine, direction: 'input' }, record.inputTokens);
    if (record.outputTokens > 0)
      tokens.inc({ operation, engine, direction: 'output' }, record.outputTokens);
  };
}

/** "40 seconds", "5 minutes", "3 hours": when to try again, as a person reads it. */
export function waitWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole === 1) return 'a second';
  if (whole < 90) return `${whole} seconds`;
  if (whole < 90 * 60) return `${Math.ceil(whole / 60)} minutes`;
  return `${Math.ceil(whole / 3600)} hours`;
}

export function createAiUsageService(deps: AiUsageDeps) {
  const { db, clock, limits, log } = deps;
  const observe = deps.metrics ? registerAiMetrics(deps.metrics) : undefined;

  return {
    /**
     * Writes the call's row and counts it on /metrics. Never throws: a lost record must not turn
     * an answer into an error (the failure is logged).
     */
    async record(record: AiCallRecord): Promise<void> {
      observe?.(record);
      try {
        await insertAiCall(db, {
          id: randomUUID(),
          userId: record.userId,
          operation: record.operation,
          engine: record.engine,
          model: record.model,
          inputTokens: record.inputTokens,
          outputTokens: record.outputTokens,
          latencyMs: Math.round(record.latencyMs),
          outcome: record.outcome,
          detail: record.detail ?? null,
          createdAt: clock(),
        });
      } catch (error: unknown) {
        log.error(
          { err: error, ai: { ...record, detail: undefined } },
          'could not record an AI call',
        );
      }
    },

    /**
     * Throws AppError('rate_limited') (429, with Retry-After) when the person has made
     * `requestsPerMinute` calls in the last minute or used `tokensPerDay` tokens in the last 24
     * hours; the message says when to try again.
     */
    async assertWithinLimits(userId: string): Promise<void> {
      const now = clock().getTime();
      const recent = await callTimesSince(
        db,
        userId,
        new Date(now - MINUTE_MS),
        limits.requestsPerMinute,
      );
      if (recent.length >= limits.requestsPerMinute) {
        // a place frees up when the oldest of the minute's calls is a minute old
        const oldest = recent[0]?.getTime() ?? now;
        const seconds = Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000));
        throw new AppError(
          'rate_limited',
          `That is a lot of coaching in one minute (${limits.requestsPerMinute} requests). Please wait ${waitWords(seconds)} and try again.`,
          { retryAfterSeconds: seconds },
        );
      }
      const since = new Date(now - DAY_MS);
      const used = await tokensSince(db, userId, since);
      if (used < limits.tokensPerDay) return;
      // the allowance frees up as the day's oldest calls pass 24 hours
      let left = used;
      let freeAt = now + DAY_MS;
      for (const call of await tokenCallsSince(db, userId, since)) {
        left -= call.tokens;
        if (left < limits.tokensPerDay) {
          freeAt = call.at.getTime() + DAY_MS;
          break;
        }
      }
      const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
      throw new AppError(
        'rate_limited',
        `You have used today's AI coaching allowance (${limits.tokensPerDay.toLocaleString('en')} tokens in 24 hours). The coach can answer again in about ${waitWords(seconds)}; your goals and tasks work as usual meanwhile.`,
        { retryAfterSeconds: seconds },
      );
    },
  };
}

/** One engine's calls since a time, as the admins' AI panel shows them. */
export interface EngineUsage {
  engine: CoachEngine;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  averageLatencyMs: number;
  fallbacks: number;
  crisis: number;
}

/** Every engine's calls since `since` (the ai_calls rows), engines by name. */
export async function engineUsageSince(db: Db, since: Date): Promise<EngineUsage[]> {
  const rows = await usageByEngine(db, since);
  return rows.map((row) => ({ ...row, engine: row.engine as CoachEngine }));
}
