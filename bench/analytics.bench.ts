// GET /api/analytics/summary?days=30, GET /api/analytics/trends and GET /api/analytics/metrics/health
// for a person with two years of history (20,000 tasks, 700 top-three days, 8 goals with milestones
// and two measurements a week each) among 200 other users, on
// PGlite, each against the bare aggregate queries that read the same figures through the same
// driver, measured in the same run. The API call includes everything a request costs: the Bearer
// token's ES256 check and session lookup, the profile's day, validation, the streak's days (the
// dashboard's definition), the figures and the serialised answer (in-process via inject, so no
// socket time is billed to either side). Target: ≥ 50 % of the bare queries.
import { sql } from 'drizzle-orm';
import { addDays, weekStart } from '#contracts/local-date.ts';
import { queryRows } from '#server/db/client.ts';
import { median, report, throughput } from './support.ts';
import { inProcessApp } from './in-process-app.ts';

const TASKS = 20_000;
const HISTORY_DAYS = 730;
const TOP_THREE_DAYS = 700;
const OTHERS = 200;
const OTHER_TASKS_EACH = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TIME_ZONE = 'Europe/Berlin';

const { database, app } = await inProcessApp();

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
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers,
    payload: { timeZone: TIME_ZONE },
  });
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.statusCode} ${saved.body}`);
  const first = await app.inject({ url: '/api/analytics/summary?days=30', headers });
  if (first.statusCode !== 200) throw new Error(`API answered ${first.statusCode}: ${first.body}`);
  const today = first.json<{ localDate: string }>().localDate;
  const start = addDays(today, 1 - HISTORY_DAYS);

  const started = performance.now();
  const me = sql`${user.id}::uuid`;
  await database.db.execute(sql`
    insert into goals (id, user_id, title, domain, specific, metric, deadline, why, first_step,
                       weekly_hours, status, pinned, progress, created_at, updated_at)
    select gen_random_uuid(), ${me}, 'Goal ' || n,
      (array['health','career','relationships','personal_development'])[1 + n % 4],
      'Specific', '{"name":"sessions","target":10,"unit":"sessions"}'::jsonb, ${addDays(today, 200)}::date,
      'Why', 'Start', 3, case when n <= 6 then 'active' else 'completed' end, n <= 2, (n * 11) % 101,
      now(), now()
    from generate_series(1, 8) as n`);
  await database.db.execute(sql`
    insert into milestones (id, goal_id, user_id, title, description, due_date, position, completed_at, created_at, updated_at)
    select gen_random_uuid(), g.id, ${me}, 'Milestone ' || n, 'D', ${start}::date + n * 20, n,
      case when n % 3 <> 0 then (${start}::date + n * 20)::timestamptz end, now(), now()
    from goals g cross join generate_series(1, 36) as n where g.user_id = ${me}`);
  // Twenty-seven tasks a day for two years: most done, one in ten skipped, one in twenty still
  // open (overdue), a few snoozed; half with a due date, a third without a goal.
  await database.db.execute(sql`
    with g as (select array_agg(id order by title) as ids from goals where user_id = ${me}),
    t as (select n, ${start}::date + (n * ${HISTORY_DAYS} / ${TASKS}) as day from generate_series(0, ${TASKS - 1}) as n)
    insert into tasks (id, user_id, goal_id, title, status, scheduled_date, due_date, snoozed_until,
                       estimated_minutes, open_since, closed_on, completed_at, created_at, updated_at)
    select gen_random_uuid(), ${me}, case when t.n % 3 = 0 then null else g.ids[1 + t.n % 8] end,
      'Task ' || t.n,
      case when t.n % 20 = 0 then 'open' when t.n % 10 = 5 then 'skipped' else 'done' end,
      t.day, case when t.n % 2 = 0 then t.day + (t.n % 3) end,
      case when t.n % 100 = 0 then ${today}::date + 3 end,
      15 + (t.n % 4) * 15, t.day - (t.n % 9),
      case when t.n % 20 <> 0 then t.day end,
      case when t.n % 20 <> 0 and t.n % 10 <> 5 then t.day::timestamptz + interval '18 hours' end,
      now(), now()
    from t cross join g`);
  // The last 700 days have a frozen top three: three of the day's tasks.
  await database.db.execute(sql`
    insert into top_three_days (id, user_id, local_date, picks, frozen_at, updated_at)
    select gen_random_uuid(), ${me}, d.day,
      (select jsonb_agg(jsonb_build_object('taskId', x.id, 'score', 1, 'reason', 'Next', 'reasons', '[]'::jsonb,
              'breakdown', '{"due":0,"milestone":0,"topGoal":0,"priority":0,"staleness":0,"effort":0}'::jsonb))
       from (select id from tasks where user_id = ${me} and scheduled_date = d.day order by title limit 3) x),
      now(), now()
    from (select ${today}::date - n as day from generate_series(0, ${TOP_THREE_DAYS - 1}) as n) d`);
  await database.db.execute(sql`
    insert into goal_measurements (id, goal_id, user_id, local_date, value, created_at)
    select gen_random_uuid(), g.id, ${me}, ${start}::date + n * 3 + (n % 2), 50 + (n % 17), now()
    from goals g cross join generate_series(0, ${Math.floor(HISTORY_DAYS / 3.5)}) as n
    where g.user_id = ${me}`);
  await database.db.execute(sql`
    insert into users (id, aud, role, email, created_at, updated_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'other-' || n || '@example.com', now(), now()
    from generate_series(1, ${OTHERS}) as n`);
  await database.db.execute(sql`
    insert into tasks (id, user_id, title, status, scheduled_date, open_since, closed_on, created_at, updated_at)
    select gen_random_uuid(), u.id, 'Theirs', 'done', ${today}::date - n, ${today}::date - n, ${today}::date - n, now(), now()
    from users u cross join generate_series(1, ${OTHER_TASKS_EACH}) as n where u.id <> ${me}`);
  await database.db.execute(sql`analyze`);
  const [totals] = await queryRows<{ tasks: number; mine: number; days: number }>(
    database.db,
    sql`select (select count(*)::int from tasks) as tasks,
        (select count(*)::int from tasks where user_id = ${me}) as mine,
        (select count(*)::int from top_three_days where user_id = ${me}) as days`,
  );
  process.stdout.write(
    `seeded ${totals?.tasks} tasks (${totals?.mine} for the measured user, ${totals?.days} top-three days) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  // The streak's days as one bare statement: the days whose every pick is done.
  const streakDays = sql`
    select d.local_date::text from top_three_days d
    cross join lateral jsonb_array_elements(d.picks) p
    left join tasks t on t.id = (p->>'taskId')::uuid and t.user_id = d.user_id
    where d.user_id = ${me}
    group by d.local_date
    having bool_and(coalesce(t.status = 'done', false))`;
  const closed = (from: string) => sql`
    select t.closed_on, t.status, g.domain, count(*), sum(t.estimated_minutes),
           count(coalesce(t.due_date, t.scheduled_date)),
           count(*) filter (where t.closed_on <= coalesce(t.due_date, t.scheduled_date))
    from tasks t left join goals g on g.id = t.goal_id
    where t.user_id = ${me} and t.status in ('done', 'skipped') and t.closed_on between ${from}::date and ${today}::date
    group by 1, 2, 3`;
  const overdue = (from: string) => sql`
    select least(t.scheduled_date, t.due_date), g.domain, count(*)
    from tasks t left join goals g on g.id = t.goal_id
    where t.user_id = ${me} and t.status = 'open' and (t.snoozed_until is null or t.snoozed_until <= ${today}::date)
      and least(t.scheduled_date, t.due_date) >= ${from}::date and least(t.scheduled_date, t.due_date) < ${today}::date
    group by 1, 2`;
  const frozenDates = (from: string) => sql`
    select local_date from top_three_days
    where user_id = ${me} and local_date between ${from}::date and ${today}::date and jsonb_array_length(picks) > 0`;

  const summaryFrom = addDays(today, -29);
  const bareSummary = async () => {
    await queryRows(database.db, closed(summaryFrom));
    await queryRows(database.db, overdue(summaryFrom));
    await queryRows(
      database.db,
      sql`select id, title, domain, pinned, progress from goals where user_id = ${me} and status = 'active'`,
    );
    await queryRows(database.db, frozenDates(summaryFrom));
    await queryRows(database.db, streakDays);
  };
  const trendsFrom = addDays(weekStart(today), -77);
  const bareTrends = async () => {
    await queryRows(database.db, closed(trendsFrom));
    await queryRows(database.db, overdue(trendsFrom));
    await queryRows(
      database.db,
      sql`select coalesce(scheduled_date, due_date, open_since), sum(estimated_minutes) from tasks
          where user_id = ${me} and estimated_minutes is not null
            and coalesce(scheduled_date, due_date, open_since) between ${trendsFrom}::date and ${addDays(weekStart(today), 6)}::date
          group by 1`,
    );
    await queryRows(
      database.db,
      sql`select closed_on - open_since, count(*) from tasks
          where user_id = ${me} and status = 'done' and closed_on between ${trendsFrom}::date and ${today}::date group by 1`,
    );
    await queryRows(
      database.db,
      sql`select count(*) from tasks where user_id = ${me} and status = 'open' and snoozed_until is not null`,
    );
    await queryRows(
      database.db,
      sql`select count(*), count(*) filter (where (completed_at at time zone ${TIME_ZONE})::date <= due_date)
          from milestones where user_id = ${me} and due_date between ${trendsFrom}::date and ${today}::date`,
    );
    await queryRows(database.db, frozenDates(trendsFrom));
    await queryRows(database.db, streakDays);
  };
  const healthGoals = sql`(select id from goals where user_id = ${me} and domain = 'health' and status <> 'archived')`;
  const bareDomain = async () => {
    await queryRows(database.db, closed(summaryFrom));
    await queryRows(database.db, overdue(summaryFrom));
    await queryRows(
      database.db,
      sql`select id, title, status, pinned, progress, deadline, metric from goals
          where user_id = ${me} and domain = 'health' and status <> 'archived'`,
    );
    await queryRows(
      database.db,
      sql`select id, goal_id, local_date, value, note, created_at from goal_measurements
          where user_id = ${me} and goal_id in ${healthGoals}
            and local_date between ${summaryFrom}::date and ${today}::date`,
    );
    await queryRows(
      database.db,
      sql`select distinct on (goal_id) id, goal_id, local_date, value from goal_measurements
          where user_id = ${me} and goal_id in ${healthGoals} order by goal_id, local_date desc`,
    );
    await queryRows(
      database.db,
      sql`select m.id, m.title, m.due_date, m.completed_at from milestones m
          where m.user_id = ${me} and m.goal_id in ${healthGoals} order by m.due_date`,
    );
    await queryRows(
      database.db,
      sql`select count(*), count(*) filter (where g.domain = 'health') from top_three_days d
          cross join lateral jsonb_array_elements(d.picks) p
          left join tasks t on t.id = (p->>'taskId')::uuid and t.user_id = d.user_id
          left join goals g on g.id = t.goal_id
          where d.user_id = ${me} and d.local_date between ${summaryFrom}::date and ${today}::date`,
    );
  };
  const api = (url: string) => async () => {
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`API answered ${response.statusCode}`);
  };

  const check = await app.inject({ url: '/api/analytics/summary?days=30', headers });
  const figures = check.json<{ tasksDone: number; streak: { best: number } }>();
  process.stdout.write(
    `summary: ${figures.tasksDone} tasks done in 30 days, best streak ${figures.streak.best} days\n`,
  );

  for (const [name, url, bare, bareName] of [
    [
      'GET /api/analytics/summary?days=30',
      '/api/analytics/summary?days=30',
      bareSummary,
      'the 5 bare aggregate queries, same driver',
    ],
    [
      'GET /api/analytics/trends',
      '/api/analytics/trends',
      bareTrends,
      'the 8 bare aggregate queries, same driver',
    ],
    [
      'GET /api/analytics/metrics/health?days=30',
      '/api/analytics/metrics/health?days=30',
      bareDomain,
      'the 7 bare queries, same driver',
    ],
  ] as const) {
    const apiRuns: number[] = [];
    const bareRuns: number[] = [];
    // Interleaved rounds, so drift (other processes, GC, JIT) falls on both sides alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await throughput(SECONDS, bare));
      apiRuns.push(await throughput(SECONDS, api(url)));
    }
    const perRound = apiRuns.map((value, i) => value / (bareRuns[i] ?? Number.NaN));
    process.stdout.write(
      `per-round ratios: ${perRound.map((ratio) => ratio.toFixed(2)).join(' ')} (median ${median(perRound).toFixed(2)})\n`,
    );
    report({
      name: `${name} (two years: ${TASKS} tasks, ${TOP_THREE_DAYS} top-three days)`,
      value: median(apiRuns),
      baseline: median(bareRuns),
      unit: 'req/s',
      better: 'higher',
      target: '≥ 0.50',
      baselineName: bareName,
    });
  }
} finally {
  await app.close();
  await database.close();
}
