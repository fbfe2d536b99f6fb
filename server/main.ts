import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { EnvError, loadEnv } from './env.ts';
import { projectRoot } from './paths.ts';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error: unknown) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nSee README.md (Configuration) or .env.example.\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(env.DATA_DIR) },
  );
  await database.migrate();

  const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const app = await buildApp({ env, database, version });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error: unknown) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

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
  if (env.DELIVERY_WORKER === 'in-process') {
    // The mail outbox's sender runs with the delivery worker (`npm run worker` when off).
    app.auth.mailSender.start();
    if (app.hasDecorator('delivery')) app.delivery.start();
  }
}

await main();
