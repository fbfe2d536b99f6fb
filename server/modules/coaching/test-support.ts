import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { userCoachListSchema, type UserCoach } from '#contracts/coaching.ts';
import type { ConversationAi, PersonFacts } from '#server/ai/conversation.ts';
import { createConversationGateway } from '#server/ai/conversation-gateway.ts';
import type { AiCallRecord } from '#server/ai/model-calls.ts';
import type { Db } from '#server/db/client.ts';
import { createMovableClock, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import { createOnboardingService } from '#server/modules/onboarding/onboarding.service.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import { createOwnCoaching } from './own-coaching.ts';

type CoachAi = Pick<ConversationAi, 'reflect' | 'teamConsult' | 'preview'>;

/**
 * The person's figures as the coach reads them, from the profile alone: enough for the test coach
 * below, which answers from what it is given.
 */
export function profileFacts(profile: ReturnType<typeof createProfileService>) {
  return async (_db: Db, userId: string): Promise<PersonFacts> => {
    const day = await profile.day(userId);
    return {
      today: day.localDate,
      timeZone: day.timeZone,
      firstName: null,
      goals: [],
      topThree: [],
      streak: { current: 0, best: 0 },
      week: { done: 0, skipped: 0, topThreeDays: 0, topThreeAllDone: 0 },
      missed: [],
      upcoming: [],
      dailyCapacityMinutes: day.dailyCapacityMinutes,
      memory: [],
    };
  };
}

/**
 * The conversation gateway as the app builds it with the default settings (the offline engine),
 * with the calls it records kept for the test to read.
 */
export function offlineConversation(): { gateway: CoachAi; calls: AiCallRecord[] } {
  const calls: AiCallRecord[] = [];
  const gateway = createConversationGateway({
    settings: { engine: 'offline', timeoutMs: 20_000 },
    clock: { now: () => new Date(0) },
    recordCall: (record) => void calls.push(record),
  });
  return { gateway, calls };
}

export interface CoachingTestApp extends PlanningTestApp {
  /** The person's own coaches as GET /api/coach/coaches answers them. */
  coaches(user: TestUser): Promise<UserCoach[]>;
  /** The person's figures as the coach is given them. */
  facts(user: TestUser): Promise<PersonFacts>;
  /** Adds the domain's AI coach and answers it. */
  addCoach(user: TestUser, catalogueId: string, body?: Record<string, unknown>): Promise<UserCoach>;
}

/**
 * The app with the own-coaching routes mounted on it, answered by `ai` (the conversation
 * gateway on the offline engine by default) with `limits` when given.
 */
export async function startCoachingApp(
  startIso: string,
  options: {
    ai?: CoachAi;
    limits?: { assertWithinLimits(userId: string): Promise<void> };
  } = {},
): Promise<CoachingTestApp> {
  const database = await createTestDatabase();
  const clock = createMovableClock(startIso);
  const app = await createTestApp(database, {
    env: { AUTH_RATE_LIMITS: 'false' },
    clock: clock.now,
  });
  const db = database.db;
  const profile = createProfileService({ db, clock: clock.now });
  const onboarding = createOnboardingService({ db, clock: clock.now });
  const facts = profileFacts(profile);
  const own = createOwnCoaching({
    db,
    clock: clock.now,
    ai: options.ai ?? offlineConversation().gateway,
    facts,
    profile,
    defaultTone: async (userId) => (await onboarding.get(userId)).coachTone,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  await app.register(own.routes(app.auth.guard));
  await app.ready();

  const call: PlanningTestApp['call'] = (user, method, url, payload) =>
    app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const harness: CoachingTestApp = {
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
    facts: (user) => facts(db, user.id),
    async coaches(user) {
      const response = await call(user, 'GET', '/api/coach/coaches');
      expect(response.statusCode, response.body).toBe(200);
      return userCoachListSchema.parse(response.json()).coaches;
    },
    async addCoach(user, catalogueId, body = {}) {
      const response = await call(user, 'POST', '/api/coach/coaches', { catalogueId, ...body });
      expect([200, 201], response.body).toContain(response.statusCode);
      return response.json<UserCoach>();
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return harness;
}
