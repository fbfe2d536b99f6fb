import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { healthSchema, readinessSchema } from '#contracts/system.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';
import { bearerToken } from '#server/auth/sessions.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a Bearer token; without it, only
 * a request from this machine that no proxy forwarded (a proxy on the same host would otherwise
 * make every visitor look local).
 */
export function metricsAllowed(request: FastifyRequest, metricsToken: string | undefined): boolean {
  if (metricsToken) {
    const token = bearerToken(request.headers.authorization);
    return token !== null && secretsEqual(token, metricsToken);
  }
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

export function systemRoutes(deps: {
  database: Database;
  metrics: Registry;
  metricsToken?: string | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { hide: true, response: { 200: healthSchema } } }, async () => ({
      status: 'ok' as const,
    }));

    app.get(
      '/readyz',
      { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
      async (_request, reply) => {
        const { reachable, migrated } = await deps.database.readiness();
        const ready = reachable && migrated;
        return reply.status(ready ? 200 : 503).send({
          status: ready ? 'ready' : 'not_ready',
          checks: { database: reachable, migrations: migrated },
        });
      },
    );

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metricsAllowed(request, deps.metricsToken)) {
        throw new AppError(
          'forbidden',
          deps.metricsToken
            ? 'Send the METRICS_TOKEN as a Bearer token to read the metrics.'
            : 'Metrics are served only to this machine; set METRICS_TOKEN to read them from elsewhere.',
        );
      }
      const text = await deps.metrics.metrics();
      return reply.type(deps.metrics.contentType).send(text);
    });
  };
}
