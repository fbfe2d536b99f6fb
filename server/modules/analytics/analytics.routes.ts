import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsPaths,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
  analyticsTrendsQuerySchema,
  analyticsTrendsSchema,
} from '#contracts/analytics.ts';
import {
  domainMetricsParamsSchema,
  domainMetricsPaths,
  domainMetricsQuerySchema,
  domainMetricsSchema,
} from '#contracts/domain-metrics.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['analytics'];
const errors = { 400: errorBodySchema, 401: errorBodySchema };

export function analyticsRoutes(deps: {
  guard: AuthGuard;
  analytics: AnalyticsService;
}): FastifyPluginAsyncZod {
  const { guard, analytics } = deps;
  return async (app) => {
    app.get(
      analyticsPaths.summary.pattern,
      {
        schema: {
          summary:
            'Tasks done, completion, top-three completion, the streak, goal progress, domains and days over 7, 30 or 90 days',
          tags,
          querystring: analyticsSummaryQuerySchema,
          response: { 200: analyticsSummarySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return analytics.summary(userId, request.query);
      },
    );

    app.get(
      domainMetricsPaths.metrics.pattern,
      {
        schema: {
          summary:
            'One domain over 7, 30 or 90 days: its goals and their measurements, milestones, tasks done, minutes and share of top-three picks',
          tags,
          params: domainMetricsParamsSchema,
          querystring: domainMetricsQuerySchema,
          response: { 200: domainMetricsSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return analytics.domain(userId, request.params.domain, request.query);
      },
    );

    app.get(
      analyticsPaths.trends.pattern,
      {
        schema: {
          summary:
            'Twelve weeks of completion, minutes, punctuality, weekdays, waits, milestones and the streak calendar',
          tags,
          querystring: analyticsTrendsQuerySchema,
          response: { 200: analyticsTrendsSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return analytics.trends(userId);
      },
    );
  };
}
