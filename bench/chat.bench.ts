// The chat with an own coach, each figure against a baseline measured in the same run:
// 1. time to the first streamed token: POST /api/coach/coaches/{id}/messages over HTTP, read as
//    server-sent events, until the first `delta`, against the same AI SDK mock provider called
//    directly with streamText until its first text part. Everything the API adds is in the
//    difference: the Bearer check, the rate limits and the AI limits, storing the message, the
//    person's figures, the thread's history, the crisis guard and the gateway. Target: ≤ 50 ms added.
// 2. an offline reply, whole (to `done`, the reply and its proposals stored), p95, against the
//    offline gateway called directly with the same input.
// 3. GET /api/coach/coaches/{id}/messages?limit=30 on a thread of 5,000 messages (1,000 people with
//    a thread each) against the bare keyset query through the same driver. Target: ≥ 50 %.
import { simulateReadableStream, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { sql } from 'drizzle-orm';
import type { ConversationAi } from '#server/ai/conversation.ts';
import { createConversationGateway } from '#server/ai/conversation-gateway.ts';
import { replyParts, settingsFor } from '#server/ai/conversation-test-models.ts';
import { resolveEngineModel } from '#server/ai/model-calls.ts';
import { buildApp } from '#server/app.ts';
import { openDatabase, queryRows } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { median, report, throughput } from './support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const THREAD = 5000;
const PEOPLE = 1000;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
};

/** The mock provider: a reply of 60 words, streamed as soon as it is asked for. */
const words = Array.from({ length: 60 }, (_, i) => `word${i} `);
const mockModel = new MockLanguageModelV3({
  provider: 'mock',
  modelId: 'mock-model',
  doStream: async () => ({
    stream: simulateReadableStream({
      chunks: replyParts(['SAFETY: none\n\n', ...words]),
      initialDelayInMs: null,
      chunkDelayInMs: null,
    }),
  }),
});

// The product's clock moves 5 s a message, so a person's rate limits (20 a minute) never refuse
// one: the bench measures the path of a message that is answered.
let now = Date.parse('2025-03-03T09:00:00.000Z');
const clock = () => new Date(now);
const gatewayClock = { now: () => new Date() };
const modelGateway = createConversationGateway({
  settings: settingsFor('openai'),
  clock: gatewayClock,
  recordCall: () => undefined,
  resolveModel: (settings) => ({ ...resolveEngineModel(settings), model: mockModel }),
});
const offlineGateway = createConversationGateway({
  settings: { engine: 'offline', timeoutMs: 20_000 },
  clock: gatewayClock,
  recordCall: () => undefined,
});
let gateway: ConversationAi = modelGateway;
const conversation: ConversationAi = {
  coachReply: (input, context) => gateway.coachReply(input, context),
  reflect: (input, context) => gateway.reflect(input, context),
  teamConsult: (input, context) => gateway.teamConsult(input, context),
  preview: (input) => gateway.preview(input),
  checkIn: (input) => gateway.checkIn(input),
};

const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const app = await buildApp({
  env: loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMITS: 'false',
    AI_REQUESTS_PER_MINUTE: '10000',
  }),
  database,
  logger: false,
  clientDir: '/nonexistent',
  clock,
  conversation,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const url = `http://127.0.0.1:${address.port}`;

try {
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { apikey: app.auth.keys.publishableKey },
    payload: { email: 'bench@example.com', password: 'bench-password-1' },
  });
  const { access_token: token, user } = signup.json<{
    access_token: string;
    user: { id: string };
  }>();
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: path,
      headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    return response;
  };
  // A person with a profile, two goals, a week of tasks and a coach.
  await call('PUT', '/api/profile', { timeZone: 'Europe/London' });
  for (const [title, domain] of [
    ['Run a 10k', 'health'],
    ['Learn Spanish', 'personal_development'],
  ] as const) {
    await call('POST', '/api/goals', {
      priority: 'medium',
      goal: {
        title,
        domain,
        specific: `${title} by the summer.`,
        metric: { name: 'sessions', target: 30, unit: 'sessions' },
        deadline: '2025-06-30',
        why: 'It matters to me.',
        firstStep: 'Start on Monday.',
        weeklyHours: 3,
      },
    });
  }
  for (let day = 1; day <= 7; day += 1) {
    await call('POST', '/api/tasks', {
      title: `Session ${day}`,
      scheduledDate: `2025-03-${String(2 + day).padStart(2, '0')}`,
      estimatedMinutes: 30,
    });
  }
  await call('POST', '/api/coach/team', { domain: 'health', tone: 'supportive' });
  const [coach] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from user_coaches where user_id = ${user.id}::uuid`,
  );
  if (!coach) throw new Error('no coach');

  /** Sends one message over HTTP; resolves with the times to the first delta and to `done`. */
  const send = async (text: string) => {
    now += 5000;
    const started = performance.now();
    const response = await fetch(`${url}/api/coach/coaches/${coach.id}/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    if (!response.ok || !response.body) throw new Error(`send: ${response.status}`);
    let firstDelta = Number.NaN;
    let buffer = '';
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      if (Number.isNaN(firstDelta) && buffer.includes('event: delta')) {
        firstDelta = performance.now() - started;
      }
    }
    if (!buffer.includes('event: done')) throw new Error(`no reply: ${buffer.slice(-300)}`);
    return { firstDelta, done: performance.now() - started };
  };
  const direct = async () => {
    const started = performance.now();
    const result = streamText({ model: mockModel, prompt: 'How am I doing this week?' });
    for await (const part of result.textStream) {
      if (part) return performance.now() - started;
    }
    throw new Error('no text');
  };

  // 1. Time to the first token, interleaved so drift falls on both sides alike.
  for (let i = 0; i < 5; i += 1) {
    await send('How am I doing this week?');
    await direct();
  }
  const api: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    api.push((await send('How am I doing this week?')).firstDelta);
    bare.push(await direct());
  }
  const added = median(api) - median(bare);
  process.stdout.write(
    `first token through the API: median ${median(api).toFixed(1)} ms, p95 ${p95(api).toFixed(1)} ms; the mock provider directly: median ${median(bare).toFixed(2)} ms\n`,
  );
  report({
    name: 'time to the first streamed token, added by the API (median)',
    value: median(api),
    baseline: median(bare),
    unit: 'ms',
    better: 'lower',
    target: `≤ 50 ms added (measured ${added.toFixed(1)} ms)`,
    baselineName: 'the same mock provider through streamText',
  });

  // 2. The offline reply, whole, through the API against the offline gateway called directly.
  gateway = offlineGateway;
  const messages = [
    'How am I doing this week?',
    'I keep putting off my run',
    'Can you help me plan next week?',
    'I finished all three today!',
  ];
  const offlineApi: number[] = [];
  const offlineDirect: number[] = [];
  // The direct calls' input: the coach as the chat hands it over, a person with no figures yet.
  const input = {
    coach: {
      id: coach.id,
      name: 'Rowan',
      domain: 'health' as const,
      tone: 'supportive' as const,
      personality: {
        traits: { warmth: 3, directness: 3, humour: 2, formality: 2, challenge: 3 },
        replyLength: 'medium' as const,
        personaNote: null,
      },
    },
    facts: {
      today: '2025-03-03',
      timeZone: 'Europe/London',
      firstName: null,
      goals: [],
      topThree: [],
      streak: { current: 0, best: 0 },
      week: { done: 0, skipped: 0, topThreeDays: 0, topThreeAllDone: 0 },
      missed: [],
      upcoming: [],
      dailyCapacityMinutes: 60,
      memory: [],
    },
    history: [],
  };
  for (let i = 0; i < RUNS; i += 1) {
    const message = messages[i % messages.length] ?? 'Hello';
    offlineApi.push((await send(message)).done);
    const started = performance.now();
    const reply = await offlineGateway.coachReply({ ...input, message }, { userId: user.id });
    if (reply.crisis) throw new Error('unexpected crisis');
    for await (const _chunk of reply.text);
    await reply.result;
    offlineDirect.push(performance.now() - started);
  }
  report({
    name: 'an offline reply through the API, whole (p95)',
    value: p95(offlineApi),
    baseline: p95(offlineDirect),
    unit: 'ms',
    better: 'lower',
    baselineName: 'the offline gateway called directly (p95)',
  });

  // 3. A page of a long thread. 1,000 people with a thread of 20 messages each, and this person's
  // thread grown to 5,000 messages.
  await database.db.execute(sql`
    insert into users (id, aud, role, email, created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'other-' || n || '@example.com', now(), now()
    from generate_series(1, ${PEOPLE - 1}) as n`);
  await database.db.execute(sql`
    insert into user_coaches (id, user_id, catalogue_id, domain, name, tone, personality, team_position, added_at, updated_at)
    select gen_random_uuid(), u.id, 'ai-health', 'health', 'Rowan', 'supportive',
           ${JSON.stringify(input.coach.personality)}::jsonb, 1, now(), now()
    from users u where u.id <> ${user.id}::uuid`);
  await database.db.execute(sql`
    insert into coach_threads (id, user_id, user_coach_id, created_at, last_message_at)
    select uc.id, uc.user_id, uc.id, now(), now()
    from user_coaches uc where uc.user_id <> ${user.id}::uuid`);
  await database.db.execute(sql`
    insert into coach_messages (id, thread_id, user_id, author, kind, state, body, created_at)
    select gen_random_uuid(), t.id, t.user_id, case when n % 2 = 0 then 'coach' else 'person' end,
           'chat', 'complete', 'A message of about the length people write, give or take.',
           timestamptz '2025-01-01' + n * interval '1 minute'
    from coach_threads t cross join generate_series(1, 20) as n where t.user_id <> ${user.id}::uuid`);
  const [thread] = await queryRows<{ id: string; count: number }>(
    database.db,
    sql`select t.id, (select count(*)::int from coach_messages m where m.thread_id = t.id) as count
        from coach_threads t where t.user_coach_id = ${coach.id}::uuid`,
  );
  if (!thread) throw new Error('no thread');
  await database.db.execute(sql`
    insert into coach_messages (id, thread_id, user_id, author, kind, state, body, engine, model, created_at)
    select gen_random_uuid(), ${thread.id}::uuid, ${user.id}::uuid,
           case when n % 2 = 0 then 'coach' else 'person' end, 'chat', 'complete',
           'Earlier in the conversation: a reply with a few sentences of advice in Markdown.',
           case when n % 2 = 0 then 'offline' end, case when n % 2 = 0 then 'trellis-offline-1' end,
           timestamptz '2025-01-01' + n * interval '1 minute'
    from generate_series(1, ${THREAD - thread.count}) as n`);
  await database.db.execute(sql`analyze`);

  const pagePath = `/api/coach/coaches/${coach.id}/messages?limit=30`;
  const first = await call('GET', pagePath);
  if (first.json<{ messages: unknown[] }>().messages.length !== 30) throw new Error('expected 30');
  const apiPage = async () => {
    const response = await app.inject({ url: pagePath, headers });
    if (response.statusCode !== 200) throw new Error(`page: ${response.statusCode}`);
  };
  const barePage = async () => {
    const rows = await queryRows(
      database.db,
      sql`select * from coach_messages where thread_id = ${thread.id}::uuid
          order by created_at desc, id desc limit 31`,
    );
    if (rows.length !== 31) throw new Error('expected 31 rows');
  };
  const apiRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bareRuns.push(await throughput(SECONDS, barePage));
    apiRuns.push(await throughput(SECONDS, apiPage));
  }
  const perRound = apiRuns.map((value, i) => value / (bareRuns[i] ?? Number.NaN));
  process.stdout.write(
    `per-round ratios: ${perRound.map((ratio) => ratio.toFixed(2)).join(' ')} (median ${median(perRound).toFixed(2)})\n`,
  );
  report({
    name: `GET ${'/api/coach/coaches/{id}/messages?limit=30'} (a thread of ${THREAD} messages, ${PEOPLE} people)`,
    value: median(apiRuns),
    baseline: median(bareRuns),
    unit: 'req/s',
    better: 'higher',
    target: '≥ 0.50',
    baselineName: 'bare keyset query, same driver',
  });
} finally {
  await app.close();
  await database.close();
}
