import { expect } from 'vitest';
import { userCoachListSchema, type UserCoach } from '#contracts/coaching.ts';
import type {
  ConversationAi,
  PersonFacts,
  ReflectInput,
  TeamConsultInput,
  CoachPersona,
} from '#server/ai/conversation.ts';
import { createConversationGateway } from '#server/ai/conversation-gateway.ts';
import type { AiCallRecord } from '#server/ai/model-calls.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

/**
 * The conversation gateway as the app builds it with the default settings (the offline engine),
 * with the calls it records kept for the test to read.
 */
export function offlineConversation(): { gateway: ConversationAi; calls: AiCallRecord[] } {
  const calls: AiCallRecord[] = [];
  const gateway = createConversationGateway({
    settings: { engine: 'offline', timeoutMs: 20_000 },
    clock: { now: () => new Date(0) },
    recordCall: (record) => void calls.push(record),
  });
  return { gateway, calls };
}

/**
 * The app's conversation gateway for a test: the offline engine, or a model's gateway (the AI
 * SDK's mock model) while `withModel` runs. It keeps what each call was given, so a test can see
 * which coach spoke and which of the person's figures it read.
 */
export function testConversation() {
  const offline = offlineConversation();
  let answering: ConversationAi = offline.gateway;
  const given = {
    preview: [] as Array<{ coach: CoachPersona; facts: PersonFacts }>,
    reflect: [] as ReflectInput[],
    teamConsult: [] as TeamConsultInput[],
  };
  const gateway: ConversationAi = {
    coachReply: (input, context) => answering.coachReply(input, context),
    reflect: (input, context) => {
      given.reflect.push(input);
      return answering.reflect(input, context);
    },
    teamConsult: (input, context) => {
      given.teamConsult.push(input);
      return answering.teamConsult(input, context);
    },
    preview: (input) => {
      given.preview.push(input);
      return answering.preview(input);
    },
    checkIn: (input) => answering.checkIn(input),
  };
  return {
    gateway,
    given,
    /** What the offline engine recorded (a call the guard or the limits stopped is not here). */
    offlineCalls: offline.calls,
    withModel: async (model: ConversationAi, body: () => Promise<void>): Promise<void> => {
      answering = model;
      try {
        await body();
      } finally {
        answering = offline.gateway;
      }
    },
  };
}

export interface CoachingTestApp extends PlanningTestApp {
  /** The person's own coaches as GET /api/coach/coaches answers them. */
  coaches(user: TestUser): Promise<UserCoach[]>;
  /** Adds a catalogue coach and answers the person's copy. */
  addCoach(user: TestUser, catalogueId: string, body?: Record<string, unknown>): Promise<UserCoach>;
}

/** The app as it runs, answered by `conversation` when given (else its own offline gateway). */
export async function startCoachingApp(
  startIso: string,
  options: { conversation?: ConversationAi } = {},
): Promise<CoachingTestApp> {
  const t = await startPlanningApp(
    startIso,
    options.conversation ? { conversation: options.conversation } : {},
  );
  return {
    ...t,
    async coaches(user) {
      const response = await t.call(user, 'GET', '/api/coach/coaches');
      expect(response.statusCode, response.body).toBe(200);
      return userCoachListSchema.parse(response.json()).coaches;
    },
    async addCoach(user, catalogueId, body = {}) {
      const response = await t.call(user, 'POST', '/api/coach/coaches', { catalogueId, ...body });
      expect([200, 201], response.body).toContain(response.statusCode);
      return response.json<UserCoach>();
    },
  };
}
