import { pino } from 'pino';
import { openDatabase } from './db/client.ts';
import { createDeliveryModule } from './delivery/delivery.module.ts';
import { createMailDispatcher, mailDispatcherSettings } from './delivery/mail-dispatcher.ts';
import { mailTransportFromEnv } from './auth/mail/mailer.ts';
import { createMailOutbox } from './modules/mail/mail.service.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { resolveDayPicks } from './modules/tasks/day-picks.ts';

// `npm run worker`: the daily-delivery worker alone (scheduler and senders) and the mail outbox's
// sender, for deployments that run it beside the web processes (DELIVERY_WORKER=off there). Any
// number can run against the same PostgreSQL: they share the work through SKIP LOCKED claims.
// SIGTERM or SIGINT stops it after the sends in flight (bounded by SHUTDOWN_TIMEOUT_MS).

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error: unknown) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nSee README.md (Configuration) or .env.example.\n`);
      process.exit(1);
    }
    throw error;
  }
  // JSON lines like the web process's (Fastify logs through pino too).
  const log = pino({ level: env.LOG_LEVEL, name: 'delivery-worker' });
  if (!env.DATABASE_URL) {
    // Two processes on one PGlite data directory would corrupt it.
    process.stderr.write(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database serves one process, so without it the web process runs the delivery worker itself (DELIVERY_WORKER=in-process).\n',
    );
    process.exit(1);
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const delivery = await createDeliveryModule({
    db: database.db,
    database,
    env,
    clock: () => new Date(),
    log,
    dayPicks: resolveDayPicks,
  });
  const mailTransport = mailTransportFromEnv(env, database.db, log);
  const mailSender = createMailDispatcher({
    outbox: createMailOutbox({ db: database.db, clock: () => new Date() }),
    transport: mailTransport,
    clock: () => new Date(),
    settings: mailDispatcherSettings(env),
    log,
    // Emails enqueued by the web processes wake it (NOTIFY when their row commits).
    listen: (channel, onPayload) => database.listen(channel, onPayload),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'delivery worker stopping: finishing the sends in flight');
    const timer = setTimeout(() => {
      log.error({}, 'delivery worker shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await Promise.all([delivery.stop(), mailSender.stop()]);
      await delivery.senders.close();
      await mailTransport.close?.();
      await database.close();
      log.info({}, 'delivery worker stopped');
      process.exit(0);
    } catch (error: unknown) {
      log.error({ err: error }, 'error while stopping the delivery worker');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  delivery.start();
  mailSender.start();
}

await main();
