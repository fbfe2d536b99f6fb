import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachingPaths,
  coachingPreferencesSchema,
  updateCoachingPreferencesSchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { PreferencesService } from './preferences.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['coach'];

/** The person's coaching settings (Settings → Coaching). */
export function preferencesRoutes(deps: {
  guard: AuthGuard;
  preferences: PreferencesService;
}): FastifyPluginAsyncZod {
  const { guard, preferences } = deps;
  return async (app) => {
    app.get(
      coachingPaths.preferences.pattern,
      {
        schema: {
          summary: 'Your coaching settings (proactive check-ins are on until you turn them off)',
          tags,
          response: { 200: coachingPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return preferences.get(userId);
      },
    );

    app.put(
      coachingPaths.preferences.pattern,
      {
        schema: {
          summary: 'Turn proactive check-ins on or off',
          tags,
          body: updateCoachingPreferencesSchema,
          response: { 200: coachingPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return preferences.save(userId, request.body);
      },
    );
  };
}
