import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SmartGoal } from '#contracts/coach.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { goalSchema, type CreateGoal, type Goal } from '#contracts/goals.ts';
import type { AppDeps } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

/** A clock the test sets and moves; the app reads it for tokens, local dates and timestamps. */
export function createMovableClock(startIso: string) {
  let now = Date.parse(startIso);
  return {
    now: () => new Date(now),
    set(iso: string) {
      now = Date.parse(iso);
    },
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  };
}

export interface PlanningTestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createMovableClock>;
  /** A new account with a saved profile in `timeZone` (UTC by default). */
  user(timeZone?: string): Promise<TestUser>;
  /** A fresh access token for `user` (tokens live an hour; tests move the clock by days). */
  signIn(user: TestUser): Promise<TestUser>;
  call(
    user: TestUser | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startPlanningApp(
  startIso: string,
  overrides: Omit<Partial<AppDeps>, 'env' | 'clock' | 'database'> = {},
): Promise<PlanningTestApp> {
  const database = await createTestDatabase();
  const clock = createMovableClock(startIso);
  const app = await createTestApp(database, {
    env: { AUTH_RATE_LIMITS: 'false' },
    clock: clock.now,
    ...overrides,
  });
  await app.ready();
  const call: PlanningTestApp['call'] = (user, method, url, payload) =>
    app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    app,
    database,
    clock,
    call,
    async user(timeZone = 'UTC') {
      const user = await signUpTestUser(app);
      const saved = await call(user, 'PUT', '/api/profile', { timeZone });
      if (saved.statusCode !== 200) throw new Error(`profile: ${saved.statusCode} ${saved.body}`);
      return user;
    },
    async signIn(user) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: app.auth.keys.publishableKey },
        payload: { email: user.email, password: 'correct-horse-battery' },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign in: ${response.statusCode} ${response.body}`);
      const token = response.json<{ access_token: string }>().access_token;
      return { ...user, accessToken: token, headers: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A SMART goal as the review screen sends it. */
export function smartGoal(overrides: Partial<SmartGoal> = {}): SmartGoal {
  return {
    title: 'Run a 10k',
    domain: 'health',
    specific: 'Run 10 km without stopping at the city race.',
    metric: { name: 'distance', target: 10, unit: 'km' },
    deadline: '2025-06-30',
    why: 'To feel strong and sleep better.',
    firstStep: 'Run 2 km on Monday.',
    weeklyHours: 3,
    ...overrides,
  };
}

export async function createGoal(
  harness: PlanningTestApp,
  user: TestUser,
  body: Omit<Partial<CreateGoal>, 'goal'> & { goal?: Partial<SmartGoal> } = {},
): Promise<Goal> {
  const response = await harness.call(user, 'POST', '/api/goals', {
    priority: 'medium',
    ...body,
    goal: smartGoal(body.goal),
  });
  expect(response.statusCode, response.body).toBe(201);
  return goalSchema.parse(response.json());
}

/** Asserts an error answer and returns its body's error. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(body.error.code).toBe(code);
  return body.error;
}
