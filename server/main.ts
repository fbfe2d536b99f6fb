import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PgliteThread } from '#server/db/pglite-thread.ts';

// A larger young generation while the app's modules load: they allocate tens of megabytes of
// short-lived objects, and V8's default 16 MB semi-space scavenged them many times over at start.
setFlagsFromString('--max-semi-space-size=32');

// The embedded database's thread (ADR 031) boots first: Node and PGlite's code load there while
// this thread reads the settings, then it opens the data directory while this one loads the app.
// Its module imports nothing heavy, so the boot is the first thing the process does.
const booting = PgliteThread.boot();

async function main(): Promise<void> {
  const { loadEnvOrExit, stopOnSignal } = await import('#server/process.ts');
  const env = loadEnvOrExit();
  let thread: Promise<PgliteThread> | undefined;
  if (env.DATABASE_URL) await booting.cancel();
  else {
    thread = booting.open({
      dataDir: resolve(env.DATA_DIR),
      sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    });
    // Handled where it is awaited below; this only keeps a failed open from being reported early.
    thread.catch(() => undefined);
  }
  const [{ buildApp }, { openDatabase }, { createAdjustableClock }, { ModuleStartError }, paths] =
    await Promise.all([
      import('#server/app.ts'),
      import('#server/db/client.ts'),
      import('#server/lib/adjustable-clock.ts'),
      import('#server/modules.ts'),
      import('#server/paths.ts'),
    ]);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', thread },
  );
  await database.migrate();

  const { version } = JSON.parse(readFileSync(join(paths.projectRoot, 'package.json'), 'utf8')) as {
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
