import { pino } from 'pino';
import { logSerializers } from '#server/lib/log-safe-error.ts';
import { mailTransportFromEnv } from '#server/auth/mail/transport.ts';
import { openDatabase } from '#server/db/client.ts';
import { createDeliveryModule } from '#server/delivery/delivery.module.ts';
import { createMailDispatcher, mailDispatcherSettings } from '#server/delivery/mail-dispatcher.ts';
import { createMailOutbox } from '#server/modules/mail/mail.service.ts';
import { resolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import { loadEnvOrExit, stopOnSignal } from '#server/process.ts';

// `npm run worker`: the daily-delivery worker alone (scheduler and senders) and the mail outbox's
// sender, for deployments that run it beside the web processes (DELIVERY_WORKER=off there). Any
// number can run against the same PostgreSQL: they share the work through SKIP LOCKED claims.
// SIGTERM or SIGINT stops it after the sends in flight (bounded by SHUTDOWN_TIMEOUT_MS).

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  // JSON lines like the web process's (Fastify logs through pino too).
  const log = pino({ level: env.LOG_LEVEL, name: 'delivery-worker', serializers: logSerializers });
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

  stopOnSignal({
    name: 'delivery worker',
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    log,
    stop: async () => {
      await Promise.all([delivery.stop(), mailSender.stop()]);
      await delivery.senders.close();
      await mailTransport.close?.();
      await database.close();
    },
  });

  delivery.start();
  mailSender.start();
}

await main();
