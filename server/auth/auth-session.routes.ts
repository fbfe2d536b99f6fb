import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grantTypeQuerySchema,
  logoutQuerySchema,
  passwordGrantSchema,
  pkceGrantSchema,
  refreshGrantSchema,
} from '#contracts/auth.ts';
import type { AuthRouteContext } from './auth-route-context.ts';

const tokenBodySchema = passwordGrantSchema
  .extend(refreshGrantSchema.shape)
  .extend(pkceGrantSchema.shape);

/** Sessions: the token grants (sign-in, refresh, PKCE) and sign-out. */
export function authSessionRoutes({ auth, meta, user }: AuthRouteContext): FastifyPluginAsyncZod {
  const { service } = auth;
  const hide = true;

  return async (app) => {
    // The hottest route: its answer (typed SessionJson, checked against sessionSchema by the
    // tests) is serialised directly, without a zod pass that would copy it on every refresh.
    app.post(
      '/token',
      { schema: { hide, querystring: grantTypeQuerySchema, body: tokenBodySchema } },
      async (request) => service.token(request.query.grant_type, request.body, meta(request)),
    );

    app.post(
      '/logout',
      { schema: { hide, querystring: logoutQuerySchema } },
      async (request, reply) => {
        await service.logout(await user(request), request.query.scope, meta(request));
        return reply.status(204).send();
      },
    );
  };
}
