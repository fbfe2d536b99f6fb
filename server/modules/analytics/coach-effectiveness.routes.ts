import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachEffectivenessPaths,
  coachEffectivenessQuerySchema,
  coachEffectivenessSchema,
} from '#contracts/coach-effectiveness.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { CoachEffectivenessService } from './coach-effectiveness.service.ts';

export function coachEffectivenessRoutes(deps: {
  guard: AuthGuard;
  effectiveness: CoachEffectivenessService;
}): FastifyPluginAsyncZod {
  const { guard, effectiveness } = deps;
  return async (app) => {
    app.get(
      coachEffectivenessPaths.coachEffectiveness.pattern,
      {
        schema: {
          summary:
            "Per coach and engine over 7, 30 or 90 days: suggestions made and accepted, the accepted tasks' completion, coach-guided goals' progress",
          tags: ['analytics', 'coach'],
          querystring: coachEffectivenessQuerySchema,
          response: { 200: coachEffectivenessSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return effectiveness.coachEffectiveness(userId, request.query);
      },
    );
  };
}
