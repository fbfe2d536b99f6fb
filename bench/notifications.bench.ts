// GET /api/notifications?limit=20 for a user with 10,000 notifications among 1,000 users, on PGlite,
// against the bare indexed query that reads the same page through the same driver, measured in the
// same run. The API call includes everything a request costs: the Bearer token's ES256 check and
// session lookup, validation, the page, the unread count and the serialised answer (in-process via
// inject, so no socket time is billed to either side). Target: ≥ 50 % of the bare query. The API's
// unfiltered first page is a prepared statement (ADR 013); the bare query prepared is printed too.
// Then marking one read and unread again (PUT /{id}/read, /{id}/unread): the count and the live
// event come from the database's triggers (migration 0007), measured against the bare UPDATE of
// the same row through the same driver.
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client.ts';
import { runPrepared, type PreparedStatement } from '#server/db/prepared-statements.ts';
import { median, report, throughput } from './support.ts';
import { inProcessApp } from './in-process-app.ts';

const USERS = 1000;
const MINE = 10_000;
const OTHERS_EACH = 10;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);

const { database, app } = await inProcessApp();

try {
  // The measured user signs up for real (so the token and session are the real thing); the other
  // 999 accounts and every notification are written in bulk.
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
  const started = performance.now();
  await database.db.execute(sql`
    insert into users (id, aud, role, email, created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'other-' || n || '@example.com', now(), now()
    from generate_series(1, ${USERS - 1}) as n`);
  await database.db.execute(sql`
    insert into notifications (id, user_id, type, title, message, read, priority, created_at, coach_id, data)
    select gen_random_uuid(), ${user.id}::uuid,
      (array['coach_message','goal_progress','achievement','insight','other'])[1 + n % 5],
      'Notification ' || n, 'You made progress on something that matters to you: step ' || n || ' is done.',
      n % 3 = 0, (array['high','medium','low'])[1 + n % 3],
      timestamptz '2025-01-01' + n * interval '1 minute',
      case when n % 5 = 0 then 'career-coach' end,
      case when n % 5 = 1 then jsonb_build_object('goal_id', 'goal-' || n) end
    from generate_series(1, ${MINE}) as n`);
  await database.db.execute(sql`
    insert into notifications (id, user_id, type, title, message, priority, created_at)
    select gen_random_uuid(), u.id, 'other', 'Hello', 'A message', 'medium', timestamptz '2025-01-01' + n * interval '1 minute'
    from users u cross join generate_series(1, ${OTHERS_EACH}) as n where u.id <> ${user.id}::uuid`);
  // The triggers count the rows as they are written; without them this sets the counts.
  await database.db.execute(sql`
    insert into notification_counts (user_id, unread)
    select user_id, count(*) filter (where not read) from notifications group by user_id
    on conflict (user_id) do update set unread = excluded.unread`);
  await database.db.execute(sql`analyze`);
  const [totals] = await queryRows<{ users: number; notifications: number; mine: number }>(
    database.db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from notifications) as notifications,
        (select count(*)::int from notifications where user_id = ${user.id}::uuid) as mine`,
  );
  process.stdout.write(
    `seeded ${totals?.users} users, ${totals?.notifications} notifications (${totals?.mine} for the measured user) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const first = await app.inject({ url: '/api/notifications?limit=20', headers });
  if (first.statusCode !== 200) throw new Error(`API answered ${first.statusCode}: ${first.body}`);
  const body = first.json<{ notifications: unknown[]; unreadCount: number }>();
  if (body.notifications.length !== 20) throw new Error('expected a page of 20');

  const api = async () => {
    const response = await app.inject({ url: '/api/notifications?limit=20', headers });
    if (response.statusCode !== 200) throw new Error(`API answered ${response.statusCode}`);
  };
  // The floor: the same page through the same driver, straight off the index.
  const bare = async () => {
    const rows = await queryRows(
      database.db,
      sql`select * from notifications where user_id = ${user.id}::uuid order by created_at desc, id desc limit 20`,
    );
    if (rows.length !== 20) throw new Error('expected 20 rows');
  };
  // The same page prepared (ADR 013), as the API's first page is: printed beside the target for
  // what planning costs, so the ratio is read knowing how much of it the prepared statement buys.
  const preparedStatement: PreparedStatement = {
    name: 'bench_bare_first_page',
    types: ['uuid'],
    text: 'select * from notifications where user_id = $1::uuid order by created_at desc, id desc limit 20',
  };
  const barePrepared = async () => {
    const rows = await runPrepared(database.db, preparedStatement, [user.id]);
    if (rows.length !== 20) throw new Error('expected 20 rows');
  };

  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql`explain select * from notifications where user_id = ${user.id}::uuid order by created_at desc, id desc limit 20`,
  );
  process.stdout.write(
    `bare query plan: ${plan.map((row) => row['QUERY PLAN'].trim()).join(' / ')}\n`,
  );

  const apiRuns: number[] = [];
  const bareRuns: number[] = [];
  const preparedRuns: number[] = [];
  // Interleaved rounds, so drift (other processes, GC, JIT) falls on both sides alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    bareRuns.push(await throughput(SECONDS, bare, CONCURRENCY));
    apiRuns.push(await throughput(SECONDS, api, CONCURRENCY));
    preparedRuns.push(await throughput(SECONDS / 3, barePrepared, CONCURRENCY));
  }
  // Each round's API figure against the bare figure measured just before it: steadier than the
  // ratio of medians when other processes share the machine.
  const perRound = apiRuns.map((value, i) => value / (bareRuns[i] ?? Number.NaN));
  process.stdout.write(
    `per-round ratios: ${perRound.map((ratio) => ratio.toFixed(2)).join(' ')} (median ${median(perRound).toFixed(2)})\n`,
  );
  report({
    name: `GET /api/notifications?limit=20 (10,000 notifications, 1,000 users, concurrency ${CONCURRENCY})`,
    value: median(apiRuns),
    baseline: median(bareRuns),
    unit: 'req/s',
    better: 'higher',
    target: '≥ 0.50',
    baselineName: 'bare indexed query, same driver',
  });
  process.stdout.write(
    `  for reference: the bare query prepared ${Math.round(median(preparedRuns))} req/s, API at ${(median(apiRuns) / median(preparedRuns)).toFixed(2)} of it\n`,
  );

  // Marking read and unread: one notification of the measured user, toggled.
  const [target] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from notifications where user_id = ${user.id}::uuid order by created_at desc limit 1`,
  );
  if (!target) throw new Error('no notification to mark');
  let readNext = true;
  const mark = async () => {
    const action = readNext ? 'read' : 'unread';
    readNext = !readNext;
    const response = await app.inject({
      method: 'PUT',
      url: `/api/notifications/${target.id}/${action}`,
      headers,
    });
    if (response.statusCode !== 200) throw new Error(`API answered ${response.statusCode}`);
  };
  let bareReadNext = true;
  const bareMark = async () => {
    const read = bareReadNext;
    bareReadNext = !bareReadNext;
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update notifications set read = ${read} where id = ${target.id}::uuid and user_id = ${user.id}::uuid and read = ${!read}`,
      );
    });
  };
  const markRuns: number[] = [];
  const bareMarkRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bareMarkRuns.push(await throughput(SECONDS, bareMark, CONCURRENCY));
    markRuns.push(await throughput(SECONDS, mark, CONCURRENCY));
  }
  const markRatios = markRuns.map((value, i) => value / (bareMarkRuns[i] ?? Number.NaN));
  process.stdout.write(
    `per-round ratios: ${markRatios.map((ratio) => ratio.toFixed(2)).join(' ')} (median ${median(markRatios).toFixed(2)})\n`,
  );
  report({
    name: `PUT /api/notifications/{id}/read and /unread (concurrency ${CONCURRENCY})`,
    value: median(markRuns),
    baseline: median(bareMarkRuns),
    unit: 'req/s',
    better: 'higher',
    baselineName: 'bare UPDATE of the row in a transaction, same driver',
  });
} finally {
  await app.close();
  await database.close();
}
