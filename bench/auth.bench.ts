// Auth throughput, each against its floor measured in the same run, on an in-process server with
// PGlite (rate limits off, as a load test from one IP would otherwise be cut off):
//   - password sign-in (POST /auth/v1/token?grant_type=password) vs one bare argon2id verify;
//   - token refresh (grant_type=refresh_token) vs one indexed session lookup plus one ES256 signature.
// Floors run with the same concurrency as the load. Targets: ≥ 85 % and ≥ 60 % of the floor.
import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { openDatabase } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { loadEnv } from '#server/env.ts';
import { report } from './support.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const USERS = 16;
const PASSWORD = 'bench-password-1';

/** Runs `task` from `concurrency` loops for `seconds` (after a short warm-up); operations per second. */
async function throughput(
  seconds: number,
  concurrency: number,
  task: (loop: number) => Promise<void>,
) {
  const warmUntil = performance.now() + 500;
  const runLoops = async (until: () => boolean) => {
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, loop) => {
        while (!until()) {
          await task(loop);
          done += 1;
        }
      }),
    );
    return done;
  };
  await runLoops(() => performance.now() > warmUntil);
  const started = performance.now();
  const end = started + seconds * 1000;
  const done = await runLoops(() => performance.now() > end);
  return done / ((performance.now() - started) / 1000);
}

/**
 * The load runs in a worker thread, as a client would run in another process: its HTTP work
 * must not be billed to the server's event loop. Plain JavaScript, so the worker needs no loader.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { port, apikey, path, mode, seconds, subjects, password } = workerData;

// A minimal keep-alive HTTP/1.1 client on a raw socket: the harness should cost the machine
// as little as possible, since it shares the cores with the server it measures.
function connection() {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let waiting = null;
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\\r\\n\\r\\n');
    if (end === -1 || !waiting) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const length = Number(/content-length: *(\\d+)/i.exec(head)[1]);
    if (buffer.length < end + 4 + length) return;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    const done = waiting;
    waiting = null;
    done.resolve({ status: Number(head.slice(9, 12)), body });
  });
  socket.on('error', (error) => waiting && waiting.reject(error));
  return {
    post(body) {
      const payload = Buffer.from(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write('POST ' + path + ' HTTP/1.1\\r\\nhost: 127.0.0.1\\r\\napikey: ' + apikey +
          '\\r\\ncontent-type: application/json\\r\\nx-supabase-api-version: 2024-01-01\\r\\ncontent-length: ' +
          payload.length + '\\r\\n\\r\\n');
        socket.write(payload);
      });
    },
    close() { socket.destroy(); },
  };
}
const state = subjects.slice();
const connections = state.map(() => connection());
async function once(loop) {
  const body = mode === 'signin' ? { email: state[loop], password } : { refresh_token: state[loop] };
  const res = await connections[loop].post(body);
  if (res.status !== 200) throw new Error(mode + ' failed: ' + res.status + ' ' + res.body);
  if (mode === 'refresh') state[loop] = JSON.parse(res.body).refresh_token;
}
async function run(until) {
  let done = 0;
  await Promise.all(state.map(async (_, loop) => { while (!until()) { await once(loop); done++; } }));
  return done;
}
(async () => {
  const warm = performance.now() + 500;
  await run(() => performance.now() > warm);
  const started = performance.now();
  const end = started + seconds * 1000;
  const done = await run(() => performance.now() > end);
  for (const c of connections) c.close();
  parentPort.postMessage(done / ((performance.now() - started) / 1000));
})().catch((error) => { parentPort.postMessage({ error: String(error) }); });
`;

function loadFromWorker(workerData: {
  port: number;
  apikey: string;
  path: string;
  mode: 'signin' | 'refresh';
  seconds: number;
  subjects: string[];
  password?: string;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData });
    worker.once('message', (message: number | { error: string }) => {
      if (typeof message === 'number') resolve(message);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function post(
  port: number,
  path: string,
  apikey: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          apikey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_RATE_LIMITS: 'false' });
const app = await buildApp({ env, database, logger: false, clientDir: '/nonexistent' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const port = address.port;
const apikey = app.auth.keys.publishableKey;

try {
  // Accounts to sign in as, and one refresh-token chain per load loop.
  const emails = Array.from({ length: USERS }, (_, i) => `bench-${i}@example.com`);
  for (const email of emails) {
    const created = await post(port, '/auth/v1/signup', apikey, { email, password: PASSWORD });
    if (created.status !== 200) throw new Error(`signup failed: ${created.status} ${created.body}`);
  }
  const signIn = async (email: string) => {
    const response = await post(port, '/auth/v1/token?grant_type=password', apikey, {
      email,
      password: PASSWORD,
    });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${response.body}`);
    return JSON.parse(response.body) as {
      refresh_token: string;
      access_token: string;
      user: { id: string };
    };
  };

  // Floors and loads alternate in short rounds and the medians are compared, so a machine whose
  // load drifts (other work on the same cores) affects both sides alike.
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rounds = async (
    measureFloor: () => Promise<number>,
    measureLoad: () => Promise<number>,
  ) => {
    const floors: number[] = [];
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      floors.push(await measureFloor());
      loads.push(await measureLoad());
    }
    return {
      floor: median(floors),
      load: median(loads),
      ratios: loads.map((load, i) => load / floors[i]!),
    };
  };

  // 1. Password sign-in vs one argon2id verify.
  const storedHash = await hashPassword(PASSWORD);
  const signInResult = await rounds(
    () =>
      throughput(SECONDS, CONCURRENCY, async () => {
        if (!(await verify(storedHash, PASSWORD))) throw new Error('verify failed');
      }),
    () =>
      loadFromWorker({
        port,
        apikey,
        path: '/auth/v1/token?grant_type=password',
        mode: 'signin',
        seconds: SECONDS,
        subjects: Array.from({ length: CONCURRENCY }, (_, i) => emails[i % USERS]!),
        password: PASSWORD,
      }),
  );
  report({
    name: `password sign-in (${CONCURRENCY} concurrent, median of ${ROUNDS} rounds)`,
    value: signInResult.load,
    baseline: signInResult.floor,
    baselineName: 'one argon2id verify (m=19 MiB, t=2, p=1)',
    unit: 'req/s',
    better: 'higher',
    target: '≥ 0.85',
  });

  // 2. Refresh vs one indexed session lookup plus one ES256 signature.
  const chains = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, i) => signIn(emails[i % USERS]!)),
  );
  let refreshTokens = chains.map((c) => c.refresh_token);
  const sessionIds = chains.map(
    (c) =>
      (
        JSON.parse(Buffer.from(c.access_token.split('.')[1]!, 'base64url').toString()) as {
          session_id: string;
        }
      ).session_id,
  );
  const tokens = app.auth.tokens;
  const refreshResult = await rounds(
    () =>
      throughput(SECONDS, CONCURRENCY, async (loop) => {
        const [session] = await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sessionIds[loop]!));
        if (!session) throw new Error('session missing');
        await tokens.sign({
          sub: session.userId,
          email: 'bench@example.com',
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
          role: 'authenticated',
          aal: 'aal1',
          amr: session.amr,
          session_id: session.id,
          is_anonymous: false,
        });
      }),
    async () => {
      // Each round continues the chains where the last one left them (fresh sign-ins would do).
      const chainsNow = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) => signIn(emails[i % USERS]!)),
      );
      refreshTokens = chainsNow.map((c) => c.refresh_token);
      return loadFromWorker({
        port,
        apikey,
        path: '/auth/v1/token?grant_type=refresh_token',
        mode: 'refresh',
        seconds: SECONDS,
        subjects: refreshTokens,
      });
    },
  );
  report({
    name: `token refresh (${CONCURRENCY} concurrent, median of ${ROUNDS} rounds)`,
    value: refreshResult.load,
    baseline: refreshResult.floor,
    baselineName: 'one indexed session lookup + one ES256 signature',
    unit: 'req/s',
    better: 'higher',
    target: '≥ 0.60',
  });
  process.stdout.write(
    `  per-round ratios: sign-in ${signInResult.ratios.map((r) => r.toFixed(2)).join(' ')}; refresh ${refreshResult.ratios.map((r) => r.toFixed(2)).join(' ')}\n`,
  );
} finally {
  agent.destroy();
  await app.close();
  await database.close();
}
