import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeleteBodySchema,
  adminListQuerySchema,
  adminUserAttributesSchema,
  emailActionBodySchema,
  emptyObjectSchema,
  enrollBodySchema,
  factorIdParamsSchema,
  factorSchema,
  generateLinkBodySchema,
  grantTypeQuerySchema,
  logoutQuerySchema,
  mfaVerifyBodySchema,
  otpBodySchema,
  passwordGrantSchema,
  pkceGrantSchema,
  redirectQuerySchema,
  refreshGrantSchema,
  resendBodySchema,
  sessionSchema,
  signupBodySchema,
  updateUserBodySchema,
  userFactorParamsSchema,
  userIdParamsSchema,
  userSchema,
  verifyBodySchema,
  verifyQuerySchema,
} from '#contracts/auth.ts';
import { AuthError, registerAuthErrorHandler } from './auth.errors.ts';
import type { AuthModule } from './auth.module.ts';
import type { RequestMeta } from './deps.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /auth/v1 routes that need no apikey (links followed from emails, public keys, health). */
    authOpen?: boolean;
  }
}

const tokenBodySchema = passwordGrantSchema
  .extend(refreshGrantSchema.shape)
  .extend(pkceGrantSchema.shape);

/**
 * Supabase Auth's HTTP API under /auth/v1. Handlers speak HTTP only; the services apply the rules.
 * Errors leave in Supabase's envelope (auth.errors.ts), never in the /api one.
 */
export function authRoutes(auth: AuthModule): FastifyPluginAsyncZod {
  const { service, mfa, admin, access } = auth;

  return async (app) => {
    registerAuthErrorHandler(app);

    // auth-js sends Content-Type: application/json with an empty body on POST /logout and
    // DELETE /factors/{id}; an empty body means {} here. Otherwise Fastify's own (proto-safe) parser.
    const jsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') {
        done(null, {});
        return;
      }
      void jsonParser(request, body as string, done);
    });

    app.addHook('onRequest', async (request) => {
      await auth.ready();
      if (request.routeOptions.config.authOpen) return;
      access.assertApiKey(request.headers.apikey);
    });

    const meta = (request: FastifyRequest): RequestMeta => {
      const query = request.query as { redirect_to?: unknown } | undefined;
      return {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        redirectTo: typeof query?.redirect_to === 'string' ? query.redirect_to : null,
      };
    };
    const user = (request: FastifyRequest) => access.user(request.headers.authorization);
    const serviceRole = (request: FastifyRequest) =>
      access.serviceRole(request.headers.authorization);
    const hide = true;

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

    app.post(
      '/recover',
      {
        schema: {
          hide,
          querystring: redirectQuerySchema,
          body: emailActionBodySchema,
          response: { 200: emptyObjectSchema },
        },
      },
      async (request) => service.recover(request.body, meta(request)),
    );

    // GoTrue kept /magiclink as the older name of /otp: the same request, the same answer.
    for (const path of ['/otp', '/magiclink']) {
      app.post(
        path,
        {
          schema: {
            hide,
            querystring: redirectQuerySchema,
            body: otpBodySchema,
            response: { 200: emptyObjectSchema },
          },
        },
        async (request) => service.otp(request.body, meta(request)),
      );
    }

    app.post(
      '/resend',
      {
        schema: {
          hide,
          querystring: redirectQuerySchema,
          body: resendBodySchema,
          response: { 200: emptyObjectSchema },
        },
      },
      async (request) => service.resend(request.body, meta(request)),
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

    app.get('/settings', { schema: { hide } }, async () => auth.settings());

    app.get('/health', { config: { authOpen: true }, schema: { hide } }, async () => auth.health());

    app.get(
      '/.well-known/jwks.json',
      { config: { authOpen: true }, schema: { hide } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=600');
        return auth.jwks();
      },
    );

    // MFA (TOTP)

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

    // Identity linking is not offered; auth-js's linkIdentity/unlinkIdentity get GoTrue's answer.
    const noLinking = async () => {
      throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
    };
    app.get('/user/identities/authorize', { schema: { hide } }, noLinking);
    app.delete('/user/identities/:identityId', { schema: { hide } }, noLinking);

    // Admin (service-role key only)

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
  };
}
