import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachingPageQuerySchema,
  coachingPaths,
  consultationListSchema,
  consultationSchema,
  consultRequestSchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { ConsultationsService } from './consultations.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['coach'];

/** "Ask the team" and the past consultations. */
export function consultationsRoutes(deps: {
  guard: AuthGuard;
  consultations: ConsultationsService;
}): FastifyPluginAsyncZod {
  const { guard, consultations } = deps;
  return async (app) => {
    app.post(
      coachingPaths.consultations.pattern,
      {
        schema: {
          summary:
            'Ask your team: each coach’s view, the trade-offs from your own figures, one suggested way through with proposals',
          tags,
          body: consultRequestSchema,
          response: {
            201: consultationSchema,
            409: errorBodySchema,
            429: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        return reply.status(201).send(await consultations.ask(userId, request.body.question));
      },
    );

    app.get(
      coachingPaths.consultations.pattern,
      {
        schema: {
          summary: 'Your past consultations, newest first',
          tags,
          querystring: coachingPageQuerySchema,
          response: { 200: consultationListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return consultations.list(userId, request.query);
      },
    );
  };
}
