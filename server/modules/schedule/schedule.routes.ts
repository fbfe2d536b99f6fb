import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  schedulePaths,
  scheduleResponseSchema,
  scheduleUpdateSchema,
} from '#contracts/schedule.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { ScheduleService } from './schedule.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['delivery'];

export function scheduleRoutes(deps: {
  guard: AuthGuard;
  schedule: ScheduleService;
}): FastifyPluginAsyncZod {
  const { guard, schedule } = deps;
  return async (app) => {
    app.get(
      schedulePaths.schedule.pattern,
      {
        schema: {
          summary: "The user's day contract and a preview of the next deliveries",
          description:
            'Until a schedule is saved the defaults apply (`saved: false`) and nothing is sent.',
          tags,
          response: { 200: scheduleResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return schedule.get(userId);
      },
    );

    app.put(
      schedulePaths.schedule.pattern,
      {
        schema: {
          summary: 'Save the day contract: zone, day start, times, days, quiet hours, travel',
          description:
            "The time zone is the planning profile's too; both are saved in one transaction.",
          tags,
          body: scheduleUpdateSchema,
          response: { 200: scheduleResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return schedule.save(userId, request.body);
      },
    );
  };
}
