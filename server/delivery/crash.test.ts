import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { deliveries, deliveryAttempts, deliverySchedules } from '#server/db/schema.ts';
import { projectRoot } from '#server/paths.ts';
import { seedDueUsers, startSmtpPeer, type SmtpPeer } from './test-support.ts';
import { INTERRUPTED_ATTEMPT } from '#server/modules/deliveries/deliveries.service.ts';

// Crash safety and several workers, with the worker in child processes (as `npm run worker` runs
// it) sharing one PostgreSQL database, and a real SMTP peer in this process. PGlite serves a single
// process, so these run only when TEST_DATABASE_URL points at PostgreSQL (CI sets it).

const serverUrl = inject('postgresTemplate');
const PUBLIC_URL = 'http://localhost:3999';
const TEMPLATE_DB = 'trellis_test_template';
const WAIT_MS = 60_000;

let database: Database;
let url: string;
let name: string;
let peer: SmtpPeer;
const running = new Set<Worker>();

interface Worker {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function spawnNode(args: string[], env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: url,
      SMTP_URL: peer.url,
      PUBLIC_URL,
      DELIVERY_LEASE_SECONDS: '2',
      DELIVERY_TICK_MS: '200',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const worker: Worker = {
    child,
    lines,
    exited: new Promise<number | null>((resolve) => {
      child.once('exit', (code) => {
        running.delete(worker);
        resolve(code);
      });
    }),
  };
  running.add(worker);
  return worker;
}

function startWorker(env: Record<string, string> = {}): Worker {
  return spawnNode(['server/worker.ts'], env);
}

/** Polls until `check` holds; a worker that exits meanwhile fails the wait with its output. */
async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  workers: Worker[] = [],
): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await check()) return;
    for (const worker of workers) {
      if (worker.child.exitCode !== null) {
        throw new Error(`a worker exited while waiting for ${what}:\n${worker.lines.join('\n')}`);
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `gave up waiting for ${what}:\n${workers.map((w) => w.lines.join('\n')).join('\n---\n')}`,
      );
    }
    await sleep(50);
  }
}

async function kill(worker: Worker, signal: NodeJS.Signals): Promise<number | null> {
  worker.child.kill(signal);
  return worker.exited;
}

/** Users due at the minute before now (UTC, day start 0), with open tasks for that day. */
async function seedDue(count: number): Promise<string[]> {
  const now = new Date();
  const slot = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000);
  return seedDueUsers(database.db, {
    count,
    now,
    localDate: slot.toISOString().slice(0, 10),
    times: { email: [slot.toISOString().slice(11, 16)] },
    dayStartHour: 0,
    nextDeliveryAt: slot,
    tasksPerUser: 3,
  });
}

async function rowsOf(userIds: string[]) {
  return database.db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.userId, userIds))
    .orderBy(asc(deliveries.createdAt));
}

async function countSent(userIds: string[]): Promise<number> {
  return (await rowsOf(userIds)).filter((row) => row.status === 'sent').length;
}

const messageId = (deliveryId: string) => `<${deliveryId}@localhost>`;

/** Every delivery reached the peer, exactly once, and nothing else did. */
function expectExactlyOnce(deliveryIds: string[]) {
  expect([...peer.accepted.keys()].sort()).toEqual(deliveryIds.map(messageId).sort());
  expect([...peer.accepted.values()].every((count) => count === 1)).toBe(true);
}

describe.skipIf(!serverUrl)(
  'crash safety and two workers (PostgreSQL only: set TEST_DATABASE_URL to run them)',
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      name = `trellis_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl ?? '' });
      await admin.connect();
      await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
      await admin.end();
      const target = new URL(serverUrl ?? '');
      target.pathname = `/${name}`;
      url = target.toString();
      database = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    });

    afterEach(async () => {
      await Promise.all([...running].map((worker) => kill(worker, 'SIGKILL')));
      await peer?.close();
    });

    afterAll(async () => {
      await database?.close();
      if (!name) return;
      const admin = new pg.Client({ connectionString: serverUrl ?? '' });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('sends every delivery exactly once when the worker is killed while the SMTP peer holds a message', async () => {
      peer = await startSmtpPeer();
      const users = await seedDue(12);
      // The 5th message gets no answer to its DATA: the worker waits on it when it is killed.
      peer.holdNth(5);
      const first = startWorker({ DELIVERY_CONCURRENCY: '3' });
      await until(
        'all but the held message to be sent',
        async () => peer.held.length === 1 && (await countSent(users)) === 11,
        [first],
      );
      expect(await kill(first, 'SIGKILL')).toBeNull();

      const [held] = peer.held;
      const stuck = (await rowsOf(users)).filter((row) => row.status !== 'sent');
      expect(stuck.map((row) => [messageId(row.id), row.status])).toEqual([[held, 'sending']]);
      expect(peer.accepted.has(held ?? '')).toBe(false);

      // A new worker takes the held delivery over once its lease (2 s) runs out.
      const second = startWorker();
      await until('every delivery to be sent', async () => (await countSent(users)) === 12, [
        second,
      ]);
      expect(await kill(second, 'SIGTERM')).toBe(0);

      const rows = await rowsOf(users);
      expectExactlyOnce(rows.map((row) => row.id));
      const retaken = rows.find((row) => messageId(row.id) === held);
      expect(retaken?.attempts).toBe(2);
      const attempts = await database.db
        .select()
        .from(deliveryAttempts)
        .where(eq(deliveryAttempts.deliveryId, retaken?.id ?? ''))
        .orderBy(asc(deliveryAttempts.attempt));
      expect(attempts.map((a) => [a.attempt, a.status, a.error])).toEqual([
        [1, 'failed', INTERRUPTED_ATTEMPT],
        [2, 'sent', null],
      ]);
    });

    it('sends every delivery exactly once when the worker is killed right after the scheduler committed', async () => {
      peer = await startSmtpPeer();
      const users = await seedDue(10);
      // One scheduler pass, then the process waits to be killed: nothing has been sent.
      const scheduler = spawnNode(
        [
          '--input-type=module',
          '-e',
          `import { openDatabase } from './server/db/client.ts';
         import { schedulePass } from './server/delivery/scheduler.ts';
         import { resolveDayPicks } from './server/modules/tasks/day-picks.ts';
         const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL });
         const log = { error: (details, message) => process.stderr.write(message + '\\n') };
         const result = await schedulePass({ db: database.db, clock: () => new Date(), batchSize: 500, log, dayPicks: resolveDayPicks });
         process.stdout.write('scheduled ' + result.queued + '\\n');
         setInterval(() => {}, 60_000);`,
        ],
        {},
      );
      await until(
        'the scheduler pass to commit',
        () => scheduler.lines.some((line) => line.startsWith('scheduled ')),
        [scheduler],
      );
      expect(scheduler.lines).toContain('scheduled 10');
      await kill(scheduler, 'SIGKILL');

      const queued = await rowsOf(users);
      expect(queued.map((row) => row.status)).toEqual(Array(10).fill('queued'));
      expect(peer.accepted.size).toBe(0);
      const schedules = await database.db
        .select({ next: deliverySchedules.nextDeliveryAt })
        .from(deliverySchedules)
        .where(inArray(deliverySchedules.userId, users));
      expect(schedules.every((s) => s.next !== null && s.next.getTime() > Date.now())).toBe(true);

      const worker = startWorker();
      await until('every delivery to be sent', async () => (await countSent(users)) === 10, [
        worker,
      ]);
      expect(await kill(worker, 'SIGTERM')).toBe(0);
      const rows = await rowsOf(users);
      expect(rows).toHaveLength(10);
      expectExactlyOnce(rows.map((row) => row.id));
    });

    it('shares the work between two workers with no duplicate and nothing missed', async () => {
      peer = await startSmtpPeer();
      const env = { DELIVERY_BATCH_SIZE: '20', LOG_LEVEL: 'debug' };
      const workers = [startWorker(env), startWorker(env)];
      await until(
        'both workers to start',
        () =>
          workers.every((w) => w.lines.some((line) => line.includes('delivery worker started'))),
        workers,
      );
      const users = await seedDue(300);
      await until(
        'every delivery to be sent',
        async () => (await countSent(users)) === 300,
        workers,
      );
      for (const worker of workers) expect(await kill(worker, 'SIGTERM')).toBe(0);

      const rows = await rowsOf(users);
      expect(rows).toHaveLength(300);
      expectExactlyOnce(rows.map((row) => row.id));
      // Both took part: each one's dispatcher passes sent some of them.
      const sentBy = workers.map((worker) =>
        worker.lines
          .flatMap((line) => {
            try {
              return [JSON.parse(line) as { msg?: string; sent?: number }];
            } catch {
              return [];
            }
          })
          .filter((entry) => entry.msg === 'delivery dispatcher pass')
          .reduce((sum, entry) => sum + (entry.sent ?? 0), 0),
      );
      expect(sentBy[0]).toBeGreaterThan(0);
      expect(sentBy[1]).toBeGreaterThan(0);
      expect((sentBy[0] ?? 0) + (sentBy[1] ?? 0)).toBe(300);
    });
  },
);
