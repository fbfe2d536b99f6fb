import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';

/**
 * The app on a new in-process PGlite, migrated and ready, as the route benchmarks measure it:
 * production settings, no logger, no client files, no auth rate limits (a benchmark signs up and
 * calls faster than a person).
 */
export async function inProcessApp(options: { clock?: () => Date } = {}) {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_RATE_LIMITS: 'false' }),
    database,
    logger: false,
    clientDir: '/nonexistent',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return { database, app };
}
