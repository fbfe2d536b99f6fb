// The morning top three for BENCH_DELIVERY_USERS users (default 100,000) all due in the same
// minute, end to end through the delivery engine as the web process runs it (DELIVERY_WORKER
// in-process, the default settings): the scheduler's SKIP LOCKED batches
// (frozen top three, delivery rows, in-app notifications, next delivery), then the dispatcher
// (claims, composing with signed links, SMTP through the real sender's nodemailer pool, attempts
// and outcomes). Into an SMTP peer in a process of its own that accepts and discards.
//
// Baseline, measured in the same run into the same peer: nodemailer alone, sending the same
// composed email with the same pool settings (DELIVERY_SMTP_MAX_CONNECTIONS) and as many in flight
// (DELIVERY_CONCURRENCY), half before the engine's run and half after, so a change of load on this
// shared machine weighs on both sides. Target: the engine's messages/s ≥ 50 % of it. Also printed:
// the same ratio per CPU-second of this process (the peer runs elsewhere), which load does not
// move. Memory: this process's resident set sampled every 250 ms during the run, against the
// resident set once seeding has settled (at the start of the run, after a full garbage
// collection; right after seeding it still holds the seeding's transient buffers).
import { fork } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import nodemailer from 'nodemailer';
import { Registry } from 'prom-client';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '#server/db/client.ts';
import { composeEmail } from '#server/delivery/compose.ts';
import { createDeliveryModule } from '#server/delivery/delivery.module.ts';
import { resolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import { seedDueUsers } from '#server/delivery/test-support.ts';
import { loadEnv } from '#server/env.ts';
import { sql } from 'drizzle-orm';
import { projectRoot, report } from './support.ts';

const USERS = Number(process.env.BENCH_DELIVERY_USERS ?? 100_000);
const BASELINE_MESSAGES = 2 * Math.floor(Math.min(USERS, 20_000) / 2);
// A fixed instant: every user's 07:30 (UTC) slot is due, the same local date for everyone.
const NOW = new Date('2026-03-10T07:30:30.000Z');
const SLOT = new Date('2026-03-10T07:30:00.000Z');
const TODAY = '2026-03-10';

const mb = (bytes: number) => bytes / 1024 / 1024;
const rss = () => process.memoryUsage.rss();
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// --- The SMTP peer ------------------------------------------------------------------------------
const sink = fork(join(projectRoot, 'bench/fixtures/smtp-sink.mjs'), [], { stdio: 'inherit' });
const port = await new Promise<number>((resolve) =>
  sink.once('message', (message) => resolve((message as { port: number }).port)),
);
const sinkCount = () =>
  new Promise<number>((resolve) => {
    sink.once('message', (message) => resolve((message as { count: number }).count));
    sink.send('count');
  });

const env = loadEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://trellis.example.com',
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  PUSH_TRANSPORT: 'dev-outbox',
});

// --- Seeding ------------------------------------------------------------------------------------
// PGlite on disk by default (what `npm start` runs); BENCH_DATABASE_URL=postgres://… runs the same
// on a PostgreSQL server (a database of its own is made and dropped there).
const serverUrl = process.env.BENCH_DATABASE_URL;
const benchDb = `trellis_bench_delivery_${process.pid}`;
const dataDir = join(projectRoot, '.tmp', `bench-delivery-${process.pid}`);
async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}
let database: Database;
if (serverUrl) {
  await adminQuery(`create database ${benchDb}`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDb}`;
  database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
} else {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  database = await openDatabase({ kind: 'pglite', dataDir });
}
const where = serverUrl ? 'PostgreSQL' : 'PGlite on disk';
await database.migrate();
const { db } = database;
let started = performance.now();
await seedDueUsers(db, {
  count: USERS,
  prefix: 'bench',
  now: NOW,
  localDate: TODAY,
  nextDeliveryAt: SLOT,
  tasksPerUser: 4,
});
process.stdout.write(
  `seeded ${USERS} users (each: a confirmed address, a profile, a 07:30 schedule, 4 open tasks) in ${((performance.now() - started) / 1000).toFixed(1)} s on ${where}\n`,
);
gc();
const rssAfterSeed = rss();

// --- Baseline: nodemailer alone ------------------------------------------------------------------
const sample = composeEmail({
  deliveryId: '7f9c2d1e-3b4a-4c5d-8e6f-0a1b2c3d4e5f',
  localDate: TODAY,
  timeZone: 'UTC',
  coachTone: 'supportive',
  tasks: [1, 2, 3].map((k) => ({
    taskId: `7f9c2d1e-3b4a-4c5d-8e6f-0a1b2c3d4e5${k}`,
    title: `Task ${k} of the day`,
    reason: 'Due today',
    goalTitle: null,
    estimatedMinutes: 20,
  })),
  links: {
    completeUrl: () =>
      'https://trellis.example.com/done?token=eyJhbGciOiJIUzI1NiJ9.eyJrIjoiYyIsInUiOiJBQUFBQUFBQUFBQUFBQUFBQUFBQUFBIiwidCI6IkFBQUFBQUFBQUFBQUFBQUFBQUFBQUEiLCJkIjoiQUFBQUFBQUFBQUFBQUFBQUFBQUFBQSIsImV4cCI6MTgwMDAwMDAwMH0.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2ln',
    appUrl: 'https://trellis.example.com/dashboard',
    scheduleUrl: 'https://trellis.example.com/schedule',
    unsubscribeUrl:
      'https://trellis.example.com/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.eyJrIjoidSJ9.c2ln',
    unsubscribePostUrl:
      'https://trellis.example.com/api/links/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.eyJrIjoidSJ9.c2ln',
  },
});
/** nodemailer alone: `count` copies of the composed email, as many in flight as the engine has. */
async function nodemailerAlone(count: number) {
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    pool: true,
    maxConnections: env.DELIVERY_SMTP_MAX_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  let next = 0;
  const cpu = process.cpuUsage();
  const began = performance.now();
  await Promise.all(
    Array.from({ length: env.DELIVERY_CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: `bench-${next}@example.com`,
          subject: sample.subject,
          text: sample.text,
          html: sample.html,
          headers: sample.headers,
          messageId: `<baseline-${baselineSent + next}@trellis.example.com>`,
        });
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  transport.close();
  baselineSent += count;
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6 };
}
let baselineSent = 0;
// Measured before and after the engine, so a change of load on the machine weighs on both sides.
const before = await nodemailerAlone(BASELINE_MESSAGES / 2);

// --- The engine ----------------------------------------------------------------------------------
const registry = new Registry();
let scheduledAt = 0;
let scheduled = 0;
const delivery = await createDeliveryModule({
  db,
  database,
  env,
  clock: () => NOW,
  metrics: registry,
  dayPicks: resolveDayPicks,
  log: {
    info() {},
    warn() {},
    error(details, message) {
      process.stderr.write(`${message} ${JSON.stringify(details)}\n`);
    },
    debug(details, message) {
      if (message !== 'delivery scheduler pass') return;
      scheduled += Number(details.queued ?? 0);
      if (scheduled >= USERS && scheduledAt === 0) scheduledAt = performance.now();
    },
  },
});
const sent = async () => {
  const metric = await registry.getSingleMetric('trellis_deliveries_total')?.get();
  return (metric?.values ?? [])
    .filter((value) => value.labels.status === 'sent')
    .reduce((sum, value) => sum + value.value, 0);
};

const samples: Array<{ seconds: number; sent: number; rssMb: number }> = [];
gc();
const rssBeforeRun = rss();
let peakRss = rssBeforeRun;
const engineCpu = process.cpuUsage();
started = performance.now();
delivery.start();
const deadline = started + 60 * 60 * 1000;
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const now = rss();
  peakRss = Math.max(peakRss, now);
  const done = await sent();
  samples.push({ seconds: (performance.now() - started) / 1000, sent: done, rssMb: mb(now) });
  if (done >= USERS) break;
  if (performance.now() > deadline) throw new Error(`only ${done} of ${USERS} sent within an hour`);
}
const engineSeconds = (performance.now() - started) / 1000;
const engineUsed = process.cpuUsage(engineCpu);
const engineCpuSeconds = (engineUsed.user + engineUsed.system) / 1e6;
await delivery.stop();
await delivery.senders.close();
const after = await nodemailerAlone(BASELINE_MESSAGES / 2);
const baselineSeconds = before.seconds + after.seconds;
const baselineCpuSeconds = before.cpuSeconds + after.cpuSeconds;
const baselineRate = BASELINE_MESSAGES / baselineSeconds;

const [counts] = await queryRows<{ sent: number; other: number; notifications: number }>(
  db,
  sql`select count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status <> 'sent')::int as other,
        (select count(*)::int from notifications) as notifications
      from deliveries`,
);
const accepted = await sinkCount();
if (counts?.sent !== USERS || counts.other !== 0 || accepted !== BASELINE_MESSAGES + USERS) {
  throw new Error(
    `expected ${USERS} sent deliveries and ${BASELINE_MESSAGES + USERS} messages at the peer; got ${JSON.stringify(counts)} and ${accepted}`,
  );
}
await database.close();
sink.send('stop');
if (serverUrl) await adminQuery(`drop database if exists ${benchDb} with (force)`);
else rmSync(dataDir, { recursive: true, force: true });

const engineRate = USERS / engineSeconds;
process.stdout.write(
  `engine: ${USERS} emails in ${engineSeconds.toFixed(1)} s, ${engineCpuSeconds.toFixed(1)} CPU-s (all scheduled after ${((scheduledAt - started) / 1000).toFixed(1)} s), ${counts.notifications} in-app notifications; nodemailer alone: ${BASELINE_MESSAGES} in ${baselineSeconds.toFixed(1)} s, ${baselineCpuSeconds.toFixed(1)} CPU-s\n`,
);
const at = (fraction: number) =>
  samples.find((s) => s.sent >= USERS * fraction) ?? samples[samples.length - 1];
process.stdout.write(
  `resident memory: ${mb(rssAfterSeed).toFixed(0)} MB after seeding, ${mb(rssBeforeRun).toFixed(0)} MB at the start of the run; by messages sent: ${[
    0.1, 0.25, 0.5, 0.75, 1,
  ]
    .map((f) => `${f * 100}% ${at(f)?.rssMb.toFixed(0)} MB`)
    .join(', ')}; peak ${mb(peakRss).toFixed(0)} MB\n`,
);
report({
  name: `delivery: ${USERS} morning emails, engine throughput (${where})`,
  value: engineRate,
  baseline: baselineRate,
  unit: 'messages/s',
  better: 'higher',
  target: '≥ 0.50',
  baselineName: 'nodemailer alone, same pool and peer',
});
report({
  name: 'delivery: the same per CPU-second of this process',
  value: USERS / engineCpuSeconds,
  baseline: BASELINE_MESSAGES / baselineCpuSeconds,
  unit: 'messages/CPU-s',
  better: 'higher',
  baselineName: 'nodemailer alone',
});
report({
  name: 'delivery: resident memory, peak during the run',
  value: mb(peakRss),
  baseline: mb(rssBeforeRun),
  unit: 'MB',
  better: 'lower',
  target: 'flat',
  baselineName: 'seeded, at the start of the run',
});
process.stdout.write(
  `peak RSS − RSS after seeding (settled): ${mb(peakRss - rssBeforeRun).toFixed(0)} MB; RSS when all were sent − when 10 % were: ${((at(1)?.rssMb ?? 0) - (at(0.1)?.rssMb ?? 0)).toFixed(0)} MB\n`,
);
process.exit(0);
