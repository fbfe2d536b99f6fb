import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiCallRecord } from '#server/ai/model-calls.ts';
import type { Database } from '#server/db/client.ts';
import { aiCalls, users } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { createMovableClock } from '#server/modules/goals/test-support.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createAiUsageService, waitWords } from './ai-usage.service.ts';

describe('AI call records and per-person limits', () => {
  let database: Database;
  const clock = createMovableClock('2026-03-10T09:00:00Z');
  const errors: unknown[] = [];
  const metrics = new Registry();
  let usage: ReturnType<typeof createAiUsageService>;

  beforeAll(async () => {
    database = await createTestDatabase();
    usage = createAiUsageService({
      db: database.db,
      clock: clock.now,
      limits: { requestsPerMinute: 3, tokensPerDay: 10_000 },
      metrics,
      log: { error: (object) => void errors.push(object) },
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function person(): Promise<string> {
    const id = randomUUID();
    await database.db.insert(users).values({ id, createdAt: clock.now(), updatedAt: clock.now() });
    return id;
  }

  const call = (userId: string | null, extra: Partial<AiCallRecord> = {}): AiCallRecord => ({
    userId,
    operation: 'coachReply',
    engine: 'openai',
    model: 'gpt-4.1-mini',
    latencyMs: 1200,
    inputTokens: 0,
    outputTokens: 0,
    outcome: 'ok',
    ...extra,
  });

  const rejection = async (promise: Promise<unknown>): Promise<AppError> => {
    const error: unknown = await promise.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('writes one row per call, with the person, and counts it on /metrics', async () => {
    const userId = await person();
    await usage.record(
      call(userId, { inputTokens: 120, outputTokens: 80, detail: 'timeout', outcome: 'fallback' }),
    );
    await usage.record(
      call(null, { operation: 'refineGoal', engine: 'offline', model: 'trellis-offline-1' }),
    );
    const rows = await database.db.select().from(aiCalls).where(eq(aiCalls.userId, userId));
    expect(rows).toEqual([
      expect.objectContaining({
        userId,
        operation: 'coachReply',
        engine: 'openai',
        model: 'gpt-4.1-mini',
        inputTokens: 120,
        outputTokens: 80,
        latencyMs: 1200,
        outcome: 'fallback',
        detail: 'timeout',
        createdAt: clock.now(),
      }),
    ]);
    const text = await metrics.metrics();
    expect(text).toContain(
      'trellis_ai_calls_total{operation="coachReply",engine="openai",outcome="fallback"} 1',
    );
    expect(text).toContain(
      'trellis_ai_tokens_total{operation="coachReply",engine="openai",direction="input"} 120',
    );
    expect(text).toContain(
      'trellis_ai_call_duration_seconds_count{operation="refineGoal",engine="offline"} 1',
    );
  });

  it('never throws when a row cannot be written: the failure is logged', async () => {
    await usage.record(call(randomUUID())); // no such person: the foreign key refuses it
    expect(errors).toHaveLength(1);
  });

  it('refuses the request over the limit a minute with a 429 that says when to try again', async () => {
    const userId = await person();
    const other = await person();
    await usage.record(call(userId));
    clock.advanceMinutes(0.25);
    await usage.record(call(userId));
    await usage.record(call(other));
    // the crisis response is never counted
    await usage.record(call(userId, { outcome: 'crisis', model: 'trellis-safety-guard' }));
    await usage.assertWithinLimits(userId);
    await usage.record(call(userId));
    const error = await rejection(usage.assertWithinLimits(userId));
    expect(error.code).toBe('rate_limited');
    expect(error.statusCode).toBe(429);
    // the first call is 15 s old: a place frees up in 45 s
    expect(error.retryAfterSeconds).toBe(45);
    expect(error.message).toBe(
      'That is a lot of coaching in one minute (3 requests). Please wait 45 seconds and try again.',
    );
    await usage.assertWithinLimits(other);
    clock.advanceMinutes(0.75);
    await usage.assertWithinLimits(userId);
  });

  it('refuses calls once the tokens of the last 24 hours reach the limit, until they age out', async () => {
    const userId = await person();
    await usage.record(call(userId, { inputTokens: 3000, outputTokens: 1000 }));
    clock.advanceMinutes(120);
    await usage.record(call(userId, { inputTokens: 2500, outputTokens: 500 }));
    clock.advanceMinutes(60);
    await usage.assertWithinLimits(userId);
    await usage.record(call(userId, { inputTokens: 2500, outputTokens: 500 }));
    const error = await rejection(usage.assertWithinLimits(userId));
    expect(error.code).toBe('rate_limited');
    // 10,000 used; the first call (4,000) ages out 21 hours from now
    expect(error.retryAfterSeconds).toBe(21 * 3600);
    expect(error.message).toBe(
      "You have used today's AI coaching allowance (10,000 tokens in 24 hours). The coach can answer again in about 21 hours; your goals and tasks work as usual meanwhile.",
    );
    clock.advanceMinutes(21 * 60);
    await usage.assertWithinLimits(userId);
  });

  it('writes the waits as people read them', () => {
    expect(waitWords(0.2)).toBe('a second');
    expect(waitWords(45)).toBe('45 seconds');
    expect(waitWords(600)).toBe('10 minutes');
    expect(waitWords(3600)).toBe('60 minutes');
    expect(waitWords(3 * 3600)).toBe('3 hours');
  });
});
