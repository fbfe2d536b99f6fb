import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeleteBodySchema,
  adminListQuerySchema,
  adminUserAttributesSchema,
  factorSchema,
  generateLinkBodySchema,
  inviteBodySchema,
  redirectQuerySchema,
  userFactorParamsSchema,
  userIdParamsSchema,
  userSchema,
} from '#contracts/auth.ts';
import type { AuthRouteContext } from './auth-route-context.ts';

/** The admin API (service-role key only): users, their factors, generated links. */
export function authAdminRoutes({
  auth,
  meta,
  serviceRole,
}: AuthRouteContext): FastifyPluginAsyncZod {
  const { admin } = auth;
  const hide = true;

  return async (app) => {
    app.get(
      '/admin/users',
      { schema: { hide, querystring: adminListQuerySchema } },
      async (request, reply) => {
        serviceRole(request);
        const page = await admin.list(request.query);
        reply.header('x-total-count', String(page.total));
        reply.header('link', page.link);
        return page.body;
      },
    );

    app.post(
      '/admin/users',
      { schema: { hide, body: adminUserAttributesSchema, response: { 200: userSchema } } },
      async (request) => {
        serviceRole(request);
        return admin.create(request.body, meta(request));
      },
    );

    app.get(
      '/admin/users/:userId',
      { schema: { hide, params: userIdParamsSchema, response: { 200: userSchema } } },
      async (request) => {
        serviceRole(request);
        return admin.get(request.params.userId);
      },
    );

    app.put(
      '/admin/users/:userId',
      {
        schema: {
          hide,
          params: userIdParamsSchema,
          body: adminUserAttributesSchema,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        serviceRole(request);
        return admin.update(request.params.userId, request.body, meta(request));
      },
    );

    app.delete(
      '/admin/users/:userId',
      { schema: { hide, params: userIdParamsSchema, body: adminDeleteBodySchema.optional() } },
      async (request) => {
        serviceRole(request);
        return admin.remove(
          request.params.userId,
          request.body?.should_soft_delete === true,
          meta(request),
        );
      },
    );

    app.get(
      '/admin/users/:userId/factors',
      { schema: { hide, params: userIdParamsSchema, response: { 200: z.array(factorSchema) } } },
      async (request) => {
        serviceRole(request);
        return admin.factors(request.params.userId);
      },
    );

    app.delete(
      '/admin/users/:userId/factors/:factorId',
      { schema: { hide, params: userFactorParamsSchema } },
      async (request) => {
        serviceRole(request);
        return admin.removeFactor(request.params.userId, request.params.factorId, meta(request));
      },
    );

    app.post(
      '/admin/generate_link',
      { schema: { hide, querystring: redirectQuerySchema, body: generateLinkBodySchema } },
      async (request) => {
        serviceRole(request);
        return admin.generateLink(request.body, meta(request));
      },
    );

    app.post(
      '/invite',
      {
        schema: {
          hide,
          querystring: redirectQuerySchema,
          body: inviteBodySchema,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        serviceRole(request);
        return admin.invite(request.body, meta(request));
      },
    );
  };
}
