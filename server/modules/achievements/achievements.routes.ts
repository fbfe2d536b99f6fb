import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { achievementListSchema, achievementPaths } from '#contracts/achievements.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { AchievementsService } from './achievements.service.ts';

const errors = { 401: errorBodySchema, 404: errorBodySchema };

export function achievementsRoutes(deps: {
  guard: AuthGuard;
  achievements: AchievementsService;
}): FastifyPluginAsyncZod {
  const { guard, achievements } = deps;
  return async (app) => {
    app.get(
      achievementPaths.list.pattern,
      {
        schema: {
          summary:
            'Every badge of the signed-in person: earned with the date, or locked with progress',
          tags: ['achievements'],
          response: { 200: achievementListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return achievements.list(userId);
      },
    );
  };
}
