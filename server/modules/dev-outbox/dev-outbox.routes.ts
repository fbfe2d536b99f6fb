import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOutboxPaths,
  outboxListSchema,
  outboxMessageSchema,
  outboxQuerySchema,
} from '#contracts/admin-outbox.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { requireRole, type AuthGuard } from '#server/auth/guard.ts';
import type { DevOutboxService } from './dev-outbox.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['admin', 'delivery'];

const outboxParamsSchema = z.object({ id: z.uuid({ message: 'must be a message id (a UUID)' }) });

/** The dev outbox, for admins only: it holds other people's messages and sign-in links. */
export function devOutboxRoutes(deps: {
  guard: AuthGuard;
  outbox: DevOutboxService;
}): FastifyPluginAsyncZod {
  const { guard, outbox } = deps;
  return async (app) => {
    app.get(
      adminOutboxPaths.list.pattern,
      {
        schema: {
          summary: 'Messages unconfigured providers kept in the dev outbox, newest first (admins)',
          tags,
          querystring: outboxQuerySchema,
          response: { 200: outboxListSchema, ...errors },
        },
      },
      async (request) => {
        requireRole(await guard.authenticate(request), 'admin');
        return outbox.list(request.query);
      },
    );

    app.get(
      adminOutboxPaths.message.pattern,
      {
        schema: {
          summary: 'One dev outbox message with its HTML (admins)',
          tags,
          params: outboxParamsSchema,
          response: { 200: outboxMessageSchema, ...errors },
        },
      },
      async (request) => {
        requireRole(await guard.authenticate(request), 'admin');
        return outbox.get(request.params.id);
      },
    );
  };
}
