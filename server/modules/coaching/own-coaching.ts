import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { ConversationAi } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { PersonFactsRead } from './coach-calls.ts';
import { coachesRoutes } from './coaches.routes.ts';
import { createCoachesService } from './coaches.service.ts';
import { consultationsRoutes } from './consultations.routes.ts';
import { createConsultationsService } from './consultations.service.ts';
import { memoryRoutes } from './memory.routes.ts';
import { createMemoryService } from './memory.service.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { createPreferencesService } from './preferences.service.ts';
import { reflectionsRoutes } from './reflections.routes.ts';
import { createReflectionsService } from './reflections.service.ts';

export interface OwnCoachingDeps {
  db: Db;
  clock: () => Date;
  /** The conversation's side of the AI gateway (server/ai/conversation.ts). */
  ai: Pick<ConversationAi, 'reflect' | 'teamConsult' | 'preview'>;
  /** The person's own figures for the coach, read from their rows only. */
  facts: PersonFactsRead;
  /** The per-person AI limits, checked before a reflection or a consultation reaches the coach. */
  limits?: { assertWithinLimits(userId: string): Promise<void> };
  /** Today and the zone (the day contract's). */
  profile: Pick<ProfileService, 'day'>;
  /** The tone chosen in onboarding: a new or reset coach takes it. */
  defaultTone: (userId: string) => Promise<CoachTone | null>;
}

/**
 * The person's own coaching (ADR 034) as one unit for server/modules.ts: own coaches and the team's
 * order, coach memory, reflections, "Ask the team" and the coaching preferences, each its own
 * service, mounted together. The chat (threads, messages, proposals) is mounted beside it.
 */
export function createOwnCoaching(deps: OwnCoachingDeps) {
  const { db, clock, ai, facts, profile } = deps;
  const timeZone = async (userId: string) => (await profile.day(userId)).timeZone;
  const calls = {
    ai,
    facts,
    timeZone,
    ...(deps.limits ? { limits: deps.limits } : {}),
  };
  const coaches = createCoachesService({
    db,
    clock,
    ai,
    facts,
    timeZone,
    defaultTone: deps.defaultTone,
  });
  const memory = createMemoryService({ db, clock, timeZone });
  const reflections = createReflectionsService({
    db,
    clock,
    ...calls,
    today: async (userId) => (await profile.day(userId)).localDate,
  });
  const consultations = createConsultationsService({ db, clock, ...calls });
  const preferences = createPreferencesService({ db, clock });

  const routes =
    (guard: AuthGuard): FastifyPluginAsyncZod =>
    async (app) => {
      await app.register(coachesRoutes({ guard, coaches }));
      await app.register(memoryRoutes({ guard, memory }));
      await app.register(reflectionsRoutes({ guard, reflections }));
      await app.register(consultationsRoutes({ guard, consultations }));
      await app.register(preferencesRoutes({ guard, preferences }));
    };

  return { coaches, memory, reflections, consultations, preferences, routes };
}
