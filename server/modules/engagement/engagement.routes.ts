import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsSummaryQuerySchema } from '#contracts/analytics.ts';
import {
  engagementPaths,
  engagementSummarySchema,
  sessionEventBatchResultSchema,
  sessionEventBatchSchema,
} from '#contracts/engagement.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { EngagementService } from './engagement.service.ts';

const tags = ['engagement'];
const errors = { 400: errorBodySchema, 401: errorBodySchema };

/**
 * A batch far over the limit (thousands of events) must still reach the schema, which answers a
 * 400 naming the limit; beyond this size the body is refused unread (413).
 */
const EVENTS_BODY_LIMIT = 2 * 1024 * 1024;

export function engagementRoutes(deps: {
  guard: AuthGuard;
  engagement: EngagementService;
}): FastifyPluginAsyncZod {
  const { guard, engagement } = deps;
  return async (app) => {
    app.post(
      engagementPaths.events.pattern,
      {
        bodyLimit: EVENTS_BODY_LIMIT,
        schema: {
          summary:
            'Store a batch of the signed-in app’s session events (start, background, foreground, end); an event sent again is stored once',
          tags,
          body: sessionEventBatchSchema,
          response: { 200: sessionEventBatchResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return engagement.record(userId, request.body);
      },
    );

    app.get(
      engagementPaths.summary.pattern,
      {
        schema: {
          summary:
            'Sessions, foreground time, active days, the usage heatmap, delivery and notification engagement and top-three completion over 7, 30 or 90 days',
          tags,
          querystring: analyticsSummaryQuerySchema,
          response: { 200: engagementSummarySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return engagement.summary(userId, request.query);
      },
    );
  };
}
