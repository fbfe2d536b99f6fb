import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enrollBodySchema,
  factorIdParamsSchema,
  mfaVerifyBodySchema,
  sessionSchema,
} from '#contracts/auth.ts';
import type { AuthRouteContext } from './auth-route-context.ts';

/** MFA (TOTP): the signed-in user's factors. */
export function authMfaRoutes({ auth, meta, user }: AuthRouteContext): FastifyPluginAsyncZod {
  const { mfa } = auth;
  const hide = true;

  return async (app) => {
    app.post('/factors', { schema: { hide, body: enrollBodySchema } }, async (request) =>
      mfa.enroll(await user(request), request.body, meta(request)),
    );

    app.post(
      '/factors/:factorId/challenge',
      { schema: { hide, params: factorIdParamsSchema } },
      async (request) => mfa.challenge(await user(request), request.params.factorId, meta(request)),
    );

    app.post(
      '/factors/:factorId/verify',
      {
        schema: {
          hide,
          params: factorIdParamsSchema,
          body: mfaVerifyBodySchema,
          response: { 200: sessionSchema },
        },
      },
      async (request) =>
        mfa.verify(await user(request), request.params.factorId, request.body, meta(request)),
    );

    app.delete(
      '/factors/:factorId',
      { schema: { hide, params: factorIdParamsSchema } },
      async (request) => mfa.unenroll(await user(request), request.params.factorId, meta(request)),
    );
  };
}
