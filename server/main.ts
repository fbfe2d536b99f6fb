import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { createAdjustableClock } from '#server/lib/adjustable-clock.ts';
import { ModuleStartError } from '#server/modules.ts';
import { projectRoot } from '#server/paths.ts';
import { loadEnvOrExit, stopOnSignal } from '#server/process.ts';

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(env.DATA_DIR) },
  );
  await database.migrate();

  const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const clockControl = env.CLOCK_CONTROL ? createAdjustableClock() : undefined;
  const app = await buildApp({
    env,
    database,
    version,
    ...(clockControl ? { clockControl } : {}),
  }).catch(async (error: unknown) => {
    // A module that cannot start stops the start-up: serving without it would hide its routes.
    if (!(error instanceof ModuleStartError)) throw error;
    process.stderr.write(`${error.message}\n`);
    await database.close();
    process.exit(1);
  });

  stopOnSignal({
    name: 'Trellis',
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    log: app.log,
    stop: async () => {
      await app.close();
      await database.close();
    },
  });

  try {
    await app.listen({ host: env.HOST, port: env.PORT });
  } catch (error: unknown) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  app.log.info(
    { database: database.kind, url: env.PUBLIC_URL },
    `Trellis is ready at ${env.PUBLIC_URL}`,
  );
  if (clockControl) app.log.warn('CLOCK_CONTROL is on: the service-role key can move the clock');
  if (env.DELIVERY_WORKER === 'in-process') {
    // The mail outbox's sender runs with the delivery worker (`npm run worker` when off).
    app.auth.mailSender.start();
    app.delivery.start();
  }
}

await main();
