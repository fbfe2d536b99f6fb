// What awarding costs on the hottest write that can earn a badge: completing a task (PATCH
// /api/tasks/{id} complete, then reopen, through the app in-process) for a person with two years of
// history (700 frozen top-three days, 2,100 done tasks) and a streak badge still to earn (their runs
// never reach 100 days), on PGlite.
// - baseline: completing a task no frozen day picked, the common case: achievements only ask the
//   today flow whether the completion finished a day (a few rows) and read nothing more;
// - measured: completing the one pick of today's frozen day, so every completion finishes a day
//   and the streak is decided over all 700 days inside the transaction. In real use this happens
//   at most once a day per person. Target: ≥ 0.2 of the common case.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '#server/db/client.ts';
import { median, report, throughput } from './support.ts';
import { inProcessApp } from './in-process-app.ts';

const DAYS = 700;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function signUp(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { apikey: app.auth.keys.publishableKey },
    payload: { email, password: 'bench-password-1' },
  });
  const body = response.json<{ access_token: string; user: { id: string } }>();
  return { id: body.user.id, headers: { authorization: `Bearer ${body.access_token}` } };
}

const { database, app } = await inProcessApp();

try {
  const started = performance.now();
  /** 700 frozen days ending yesterday, each with three done tasks, a day left out every `gapEvery`. */
  const seed = async (userId: string, gapEvery: number) => {
    await database.db.execute(sql`
      insert into tasks (id, user_id, title, status, open_since, closed_on, completed_at, created_at, updated_at)
      select md5(${userId} || '-' || n)::uuid, ${userId}::uuid, 'Task ' || n, 'done',
        current_date - 800, current_date - 1 - (n / 3), now(), now(), now()
      from generate_series(0, ${DAYS * 3 - 1}) as n`);
    await database.db.execute(sql`
      insert into top_three_days (id, user_id, local_date, picks, frozen_at, updated_at)
      select gen_random_uuid(), ${userId}::uuid, current_date - 1 - d,
        jsonb_build_array(
          jsonb_build_object('taskId', md5(${userId} || '-' || (d * 3))::uuid),
          jsonb_build_object('taskId', md5(${userId} || '-' || (d * 3 + 1))::uuid),
          jsonb_build_object('taskId', md5(${userId} || '-' || (d * 3 + 2))::uuid)),
        now(), now()
      from generate_series(0, ${DAYS - 1}) as d
      where ${gapEvery} = 0 or d % ${gapEvery} <> ${gapEvery - 1}`);
  };
  const measured = await signUp(app, 'measured@example.com');
  await seed(measured.id, 50);
  await database.db.execute(sql`analyze`);
  process.stdout.write(
    `seeded ${DAYS} frozen days and ${DAYS * 3} done tasks in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const taskOf = async (person: { headers: Record<string, string> }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: person.headers,
      payload: { title: 'Today’s task' },
    });
    if (response.statusCode !== 201)
      throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  };
  const cycle = (person: { headers: Record<string, string> }, taskId: string) => async () => {
    for (const action of ['complete', 'reopen']) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/tasks/${taskId}`,
        headers: person.headers,
        payload: { action },
      });
      if (response.statusCode !== 200) throw new Error(`${action}: ${response.statusCode}`);
    }
  };
  const common = cycle(measured, await taskOf(measured));
  // Today's frozen day for the measured person, with one pick: completing it finishes the day.
  const pick = await taskOf(measured);
  await database.db.execute(sql`
    insert into top_three_days (id, user_id, local_date, picks, frozen_at, updated_at)
    values (gen_random_uuid(), ${measured.id}::uuid, current_date,
      jsonb_build_array(jsonb_build_object('taskId', ${pick}::uuid)), now(), now())`);
  const dayFinished = cycle(measured, pick);
  // Opening /achievements awards what the history earned; then the first completions run.
  const opened = await app.inject({ url: '/api/achievements', headers: measured.headers });
  if (opened.statusCode !== 200) throw new Error(`achievements: ${opened.statusCode}`);
  await common();
  await dayFinished();
  const earned = await queryRows<{ user_id: string; badges: string }>(
    database.db,
    sql`select user_id::text, string_agg(badge, ',' order by badge) as badges from achievements group by user_id`,
  );
  process.stdout.write(`earned: ${earned.map((row) => row.badges).join(' ')}\n`);

  const runs = { common: [] as number[], day: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.common.push(await throughput(SECONDS, common));
    runs.day.push(await throughput(SECONDS, dayFinished));
  }
  const perRound = runs.day.map((value, i) => value / (runs.common[i] ?? Number.NaN));
  report({
    name: 'complete + reopen finishing today’s frozen day (700 days decided)',
    value: median(runs.day),
    baseline: median(runs.common),
    unit: 'cycles/s',
    better: 'higher',
    target: '≥ 0.2 (once a day per person)',
    baselineName: 'complete + reopen finishing no day',
  });
  process.stdout.write(`median per-round ratio: ${median(perRound).toFixed(2)}\n`);
} finally {
  await app.close();
  await database.close();
}
