import { dashboardSchema } from '#contracts/dashboard.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardPaths } from '#contracts/dashboard.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import { planningErrors } from '#server/modules/goals/route-errors.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(deps: {
  guard: AuthGuard;
  dashboard: DashboardService;
}): FastifyPluginAsyncZod {
  const { guard, dashboard } = deps;
  return async (app) => {
    app.get(
      dashboardPaths.dashboard.pattern,
      {
        schema: {
          summary: "Today's top three, active goals, next milestones and the streak",
          tags: ['dashboard', 'tasks'],
          response: { 200: dashboardSchema, ...planningErrors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return dashboard.dashboard(userId);
      },
    );
  };
}
