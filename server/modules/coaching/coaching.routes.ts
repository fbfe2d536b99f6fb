import { breakdownRequestSchema, breakdownResponseSchema } from '#contracts/plan.ts';
import { idParamsSchema } from '#contracts/shared.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refineGoalResponseSchema } from '#contracts/coach.ts';
import { goalPaths, refineGoalRequestSchema } from '#contracts/goals.ts';
import { planPaths } from '#contracts/plan.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import { planningErrors } from '#server/modules/goals/route-errors.ts';
import type { CoachingService } from './coaching.service.ts';

const tags = ['coach', 'goals'];

export function coachingRoutes(deps: {
  guard: AuthGuard;
  coaching: CoachingService;
}): FastifyPluginAsyncZod {
  const { guard, coaching } = deps;
  return async (app) => {
    app.post(
      goalPaths.refineGoal.pattern,
      {
        schema: {
          summary:
            'The coach refines a goal sentence into questions or a SMART goal (writes only the record of a SMART goal proposed)',
          tags,
          body: refineGoalRequestSchema,
          response: { 200: refineGoalResponseSchema, ...planningErrors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return coaching.refine(userId, request.body);
      },
    );

    app.post(
      planPaths.breakdown.pattern,
      {
        schema: {
          summary:
            'The coach proposes milestones and tasks for a goal, from today (writes only the record of the proposal)',
          tags,
          params: idParamsSchema,
          body: breakdownRequestSchema.nullish(),
          response: { 200: breakdownResponseSchema, ...planningErrors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return coaching.breakdown(userId, request.params.id, request.body ?? {});
      },
    );
  };
}
