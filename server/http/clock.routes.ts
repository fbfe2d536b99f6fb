import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contracts/errors.ts';
import { clockSchema, setClockSchema, systemPaths } from '#contracts/system.ts';
import { AppError } from '#server/errors.ts';
import type { AdjustableClock } from '#server/lib/adjustable-clock.ts';
import { secretsEqual } from '#server/lib/constant-time.ts';

/**
 * GET and PUT /api/test/clock: read and move the product's clock, so an end-to-end journey can live
 * through a week in minutes. Mounted only with CLOCK_CONTROL=true, and only for the service-role key.
 */
export function clockRoutes(deps: {
  clock: AdjustableClock;
  serviceRoleKey: () => string;
}): FastifyPluginAsyncZod {
  const requireServiceRole = (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const key = deps.serviceRoleKey();
    if (!(key && match?.[1] && secretsEqual(match[1], key))) {
      throw new AppError('unauthenticated', 'Moving the clock takes the service-role key.');
    }
  };
  const answer = () => ({ now: deps.clock.now().toISOString(), offsetMs: deps.clock.offsetMs() });
  const schema = { hide: true, response: { 200: clockSchema, 401: errorBodySchema } };

  return async (app) => {
    // Before the body is read: a caller without the key learns nothing about the body's shape.
    app.addHook('onRequest', async (request) => requireServiceRole(request));
    app.get(systemPaths.clock.pattern, { schema }, async () => answer());
    app.put(
      systemPaths.clock.pattern,
      {
        schema: {
          ...schema,
          body: setClockSchema,
          response: { ...schema.response, 400: errorBodySchema },
        },
      },
      async (request) => {
        deps.clock.set(request.body.at === null ? null : new Date(request.body.at));
        request.log.warn({ clock: answer() }, 'the product clock was moved (CLOCK_CONTROL)');
        return answer();
      },
    );
  };
}
