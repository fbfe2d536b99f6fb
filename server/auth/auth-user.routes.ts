import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  redirectQuerySchema,
  sessionSchema,
  signupBodySchema,
  updateUserBodySchema,
  userSchema,
} from '#contracts/auth.ts';
import { AuthError } from './auth.errors.ts';
import type { AuthRouteContext } from './auth-route-context.ts';

/** The account: sign-up, reading and changing the signed-in user. */
export function authUserRoutes({ auth, meta, user }: AuthRouteContext): FastifyPluginAsyncZod {
  const { service } = auth;
  const hide = true;

  return async (app) => {
    app.post(
      '/signup',
      {
        schema: {
          hide,
          querystring: redirectQuerySchema,
          body: signupBodySchema,
          response: { 200: z.union([sessionSchema, userSchema]) },
        },
      },
      async (request) => service.signup(request.body, meta(request)),
    );

    app.get('/user', { schema: { hide, response: { 200: userSchema } } }, async (request) =>
      service.getUser(await user(request)),
    );

    app.put(
      '/user',
      {
        schema: {
          hide,
          querystring: redirectQuerySchema,
          body: updateUserBodySchema,
          response: { 200: userSchema },
        },
      },
      async (request) => service.updateUser(await user(request), request.body, meta(request)),
    );

    // Identity linking is not offered; auth-js's linkIdentity/unlinkIdentity get GoTrue's answer.
    const noLinking = async () => {
      throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
    };
    app.get('/user/identities/authorize', { schema: { hide } }, noLinking);
    app.delete('/user/identities/:identityId', { schema: { hide } }, noLinking);
  };
}
