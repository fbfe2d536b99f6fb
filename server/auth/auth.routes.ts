import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authAdminRoutes } from './auth-admin.routes.ts';
import { authEmailRoutes } from './auth-email.routes.ts';
import { authMfaRoutes } from './auth-mfa.routes.ts';
import { createAuthRouteContext, type AuthRoutesDeps } from './auth-route-context.ts';
import { authSessionRoutes } from './auth-session.routes.ts';
import { authUserRoutes } from './auth-user.routes.ts';
import { AuthError, registerAuthErrorHandler, sendAuthError } from './auth.errors.ts';

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

    // The routes of this API, to tell an unknown path (404) from a method a path does not take
    // (405). Collected as they are registered; `:param` segments match any one segment.
    const known: { method: string; pattern: RegExp }[] = [];
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const pattern = new RegExp(
        `^${route.url
          .split('/')
          .map((part) =>
            part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}/?$`,
      );
      for (const method of methods) known.push({ method, pattern });
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const allowed = [...new Set(known.filter((r) => r.pattern.test(path)).map((r) => r.method))];
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return sendAuthError(
          request,
          reply,
          new AuthError(405, 'method_not_allowed', `${request.method} is not allowed here`),
        );
      }
      return sendAuthError(
        request,
        reply,
        new AuthError(404, 'not_found', `No auth API route matches ${request.method} ${path}`),
      );
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
