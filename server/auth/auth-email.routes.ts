import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  emailActionBodySchema,
  emptyObjectSchema,
  otpBodySchema,
  redirectQuerySchema,
  resendBodySchema,
  verifyBodySchema,
  verifyQuerySchema,
} from '#contracts/auth.ts';
import type { AuthRouteContext } from './auth-route-context.ts';

/** The email flows: recovery, one-time links and codes, resends, reauthentication, verify. */
export function authEmailRoutes({ auth, meta, user }: AuthRouteContext): FastifyPluginAsyncZod {
  const { service } = auth;
  const hide = true;

  return async (app) => {
    /** The options of a POST that sends an email and answers {} (recover, otp, resend). */
    const emailAction = <Body extends z.ZodType>(body: Body) => ({
      schema: {
        hide,
        querystring: redirectQuerySchema,
        body,
        response: { 200: emptyObjectSchema },
      },
    });

    app.post('/recover', emailAction(emailActionBodySchema), async (request) =>
      service.recover(request.body, meta(request)),
    );

    // GoTrue kept /magiclink as the older name of /otp: the same request, the same answer.
    for (const path of ['/otp', '/magiclink']) {
      app.post(path, emailAction(otpBodySchema), async (request) =>
        service.otp(request.body, meta(request)),
      );
    }

    app.post('/resend', emailAction(resendBodySchema), async (request) =>
      service.resend(request.body, meta(request)),
    );

    app.get(
      '/reauthenticate',
      { schema: { hide, response: { 200: emptyObjectSchema } } },
      async (request) => service.reauthenticate(await user(request), meta(request)),
    );

    app.post(
      '/verify',
      { schema: { hide, querystring: redirectQuerySchema, body: verifyBodySchema } },
      async (request) => service.verifyCode(request.body, meta(request)),
    );

    app.get(
      '/verify',
      // logLevel: the URL carries a redeemable token, so the request is not logged at info.
      {
        config: { authOpen: true },
        logLevel: 'warn',
        schema: { hide, querystring: verifyQuerySchema },
      },
      async (request, reply) =>
        reply.redirect(await service.verifyLink(request.query, meta(request)), 303),
    );
  };
}
