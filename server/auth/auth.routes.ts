import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authAdminRoutes } from './auth-admin.routes.ts';
import { authEmailRoutes } from './auth-email.routes.ts';
import { authMfaRoutes } from './auth-mfa.routes.ts';
import { createAuthRouteContext, type AuthRoutesDeps } from './auth-route-context.ts';
import { authSessionRoutes } from './auth-session.routes.ts';
import { authUserRoutes } from './auth-user.routes.ts';
import { registerAuthErrorHandler } from './auth.errors.ts';
import { RetryLaterError } from './phone-otp.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /auth/v1 routes that need no apikey (links followed from emails, public keys, health). */
    authOpen?: boolean;
  }
}

/**
 * Supabase Auth's HTTP API under /auth/v1. Handlers speak HTTP only; the services apply the rules.
 * Errors leave in Supabase's envelope (auth.errors.ts), never in the /api one. The flows' route
 * plugins are registered inside this one, so they share its error handler, body parser and apikey
 * hook (no hook of their own: sign-in and refresh stay on the short path, ADR 013).
 */
export function authRoutes(auth: AuthRoutesDeps): FastifyPluginAsyncZod {
  const context = createAuthRouteContext(auth);

  return async (app) => {
    registerAuthErrorHandler(app);
    // Phone sign-in's and anonymous sign-ins' 429s say when to come back.
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof RetryLaterError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
    });

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
      auth.access.assertApiKey(request.headers.apikey);
    });

    const hide = true;
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

    await app.register(authSessionRoutes(context));
    await app.register(authUserRoutes(context));
    await app.register(authEmailRoutes(context));
    await app.register(authMfaRoutes(context));
    await app.register(authAdminRoutes(context));
  };
}
