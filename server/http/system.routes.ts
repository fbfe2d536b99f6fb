import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { healthSchema, readinessSchema } from '#contracts/system.ts';
import type { Database } from '#server/db/client.ts';

export function systemRoutes(deps: {
  database: Database;
  metrics: Registry;
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

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const text = await deps.metrics.metrics();
      return reply.type(deps.metrics.contentType).send(text);
    });
  };
}
