import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachingPageQuerySchema,
  coachingPaths,
  reflectionListSchema,
  reflectionRequestSchema,
  reflectionSchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { ReflectionsService } from './reflections.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['coach'];

/** Daily and weekly reflections and the coach's answers. */
export function reflectionsRoutes(deps: {
  guard: AuthGuard;
  reflections: ReflectionsService;
}): FastifyPluginAsyncZod {
  const { guard, reflections } = deps;
  return async (app) => {
    app.post(
      coachingPaths.reflections.pattern,
      {
        schema: {
          summary:
            'Reflect on your day or week; your coach answers (crisis language gets the help response instead, stored as the reply)',
          tags,
          body: reflectionRequestSchema,
          response: {
            201: reflectionSchema,
            409: errorBodySchema,
            429: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        return reply.status(201).send(await reflections.create(userId, request.body));
      },
    );

    app.get(
      coachingPaths.reflections.pattern,
      {
        schema: {
          summary: 'Your reflections, newest first',
          tags,
          querystring: coachingPageQuerySchema,
          response: { 200: reflectionListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return reflections.list(userId, request.query);
      },
    );
  };
}
