import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { fakeDns } from './fake-dns.ts';

/**
 * An app on a test database, with logging off and no client build unless one is given. DNS is the
 * fake one (every name public) unless the test passes its own `resolveHost`.
 */
export async function createTestApp(
  database: Database,
  overrides: Omit<Partial<AppDeps>, 'env'> & { env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const { env, ...rest } = overrides;
  return buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database,
    logger: false,
    clientDir: '/nonexistent',
    resolveHost: fakeDns(),
    ...rest,
  });
}
