import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contracts/errors.ts';
import {
  insightListQuerySchema,
  insightListSchema,
  insightPaths,
  insightSchema,
  suggestionDecisionSchema,
  suggestionParamsSchema,
  suggestionResultSchema,
} from '#contracts/insights.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { InsightsService } from './insights.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['insights'];

export function insightsRoutes(deps: {
  guard: AuthGuard;
  insights: InsightsService;
}): FastifyPluginAsyncZod {
  const { guard, insights } = deps;
  return async (app) => {
    app.get(
      insightPaths.list.pattern,
      {
        schema: {
          summary: "This week's insight and up to twelve past weeks', newest first",
          tags,
          querystring: insightListQuerySchema,
          response: { 200: insightListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return insights.list(userId);
      },
    );

    app.post(
      insightPaths.refresh.pattern,
      {
        schema: {
          summary: "Writes this week's insight again from the latest history (5 an hour)",
          tags,
          response: { 200: insightSchema, 429: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return insights.refresh(userId);
      },
    );

    app.post(
      insightPaths.suggestion.pattern,
      {
        schema: {
          summary:
            'Accepts (changing or adding the task) or dismisses one suggestion of an insight',
          tags,
          params: suggestionParamsSchema,
          body: suggestionDecisionSchema,
          response: { 200: suggestionResultSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        const { id, suggestionId } = request.params;
        return insights.decide(userId, id, suggestionId, request.body);
      },
    );
  };
}
