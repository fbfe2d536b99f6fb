import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coachingPaths, historyPageSchema, historyQuerySchema } from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { HistoryService } from './history.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** GET /api/history: the person's timeline, newest first, keyset-paged. */
export function historyRoutes(deps: {
  guard: AuthGuard;
  history: HistoryService;
}): FastifyPluginAsyncZod {
  const { guard, history } = deps;
  return async (app) => {
    app.get(
      coachingPaths.history.pattern,
      {
        schema: {
          summary:
            'Your timeline, newest first: tasks done or skipped, milestones, goal events, top-three days, reflections, conversations and consultations',
          tags: ['analytics'],
          querystring: historyQuerySchema,
          response: { 200: historyPageSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return history.page(userId, request.query);
      },
    );
  };
}
