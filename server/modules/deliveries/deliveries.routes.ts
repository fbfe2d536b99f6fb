import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryListQuerySchema,
  deliveryListSchema,
  deliveryPaths,
  sendNowResultSchema,
} from '#contracts/deliveries.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { DeliveriesService } from './deliveries.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['delivery'];

export function deliveriesRoutes(deps: {
  guard: AuthGuard;
  deliveries: DeliveriesService;
}): FastifyPluginAsyncZod {
  const { guard, deliveries } = deps;
  return async (app) => {
    app.get(
      deliveryPaths.deliveries.pattern,
      {
        schema: {
          summary: "The record of the user's deliveries, newest first, with every attempt",
          tags,
          querystring: deliveryListQuerySchema,
          response: { 200: deliveryListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return deliveries.list(userId, request.query);
      },
    );

    app.post(
      deliveryPaths.sendNow.pattern,
      {
        schema: {
          summary: "Send today's top three now, on every channel that is on",
          description: '409 when no channel is on and set up; at most 5 an hour (429).',
          tags,
          response: {
            200: sendNowResultSchema,
            ...errors,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return deliveries.sendNow(userId);
      },
    );
  };
}
