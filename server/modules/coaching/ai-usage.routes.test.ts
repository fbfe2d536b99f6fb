import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refineGoalResponseSchema } from '#contracts/coach.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { aiCalls } from '#server/db/schema.ts';
import { createMovableClock } from '#server/modules/goals/test-support.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

// The app's wiring of AI calls (server/modules.ts): every coach call is an ai_calls row with the
// person and a /metrics series, and the per-person limit is a 429 that says when to try again,
// except for the crisis response, which is never limited.

describe('AI calls through the app', () => {
  let database: Database;
  let app: FastifyInstance;
  let user: TestUser;
  const clock = createMovableClock('2026-03-10T09:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {
      env: { AUTH_RATE_LIMITS: 'false', AI_REQUESTS_PER_MINUTE: '2' },
      clock: clock.now,
    });
    await app.ready();
    user = await signUpTestUser(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: user.headers,
      payload: { timeZone: 'Europe/London' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const refine = (text: string) =>
    app.inject({
      method: 'POST',
      url: '/api/coach/refine-goal',
      headers: user.headers,
      payload: { text },
    });

  it('records each call, limits the person per minute, and never limits help', async () => {
    for (const text of ['Read 12 books this year', 'Run a 10K by June']) {
      const ok = await refine(text);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(refineGoalResponseSchema.parse(ok.json()).engine).toBe('offline');
    }
    const rows = await database.db.select().from(aiCalls).where(eq(aiCalls.userId, user.id));
    expect(rows.map((row) => [row.operation, row.engine, row.outcome])).toEqual([
      ['refineGoal', 'offline', 'ok'],
      ['refineGoal', 'offline', 'ok'],
    ]);

    const limited = await refine('Learn Spanish');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    const body = errorBodySchema.parse(limited.json());
    expect(body.error).toMatchObject({ code: 'rate_limited' });
    expect(body.error.message).toBe(
      'That is a lot of coaching in one minute (2 requests). Please wait 60 seconds and try again.',
    );

    const help = await refine("I don't want to live anymore");
    expect(help.statusCode).toBe(200);
    expect(refineGoalResponseSchema.parse(help.json()).result).toMatchObject({ kind: 'crisis' });

    clock.advanceMinutes(1);
    expect((await refine('Learn Spanish')).statusCode).toBe(200);

    const metrics = await app.inject('/metrics');
    expect(metrics.body).toMatch(
      /^trellis_ai_calls_total\{operation="refineGoal",engine="offline",outcome="ok"\} 3$/m,
    );
    expect(metrics.body).toMatch(
      /^trellis_ai_calls_total\{operation="refineGoal",engine="offline",outcome="crisis"\} 1$/m,
    );
    expect(metrics.body).toMatch(/^trellis_ai_call_duration_seconds_bucket\{/m);
  });
});
