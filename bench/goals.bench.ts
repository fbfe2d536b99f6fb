// Today's top three end to end, against a baseline measured in the same run:
// GET /api/tasks/today for a user with 5,000 open tasks (in-process inject: token check, profile,
// goals, the rows, scoring, the frozen selection, JSON out) vs the bare read of the same 5,000 rows
// through the same driver (Drizzle on the same PGlite). Target: ≥ 50 % of the baseline.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { todaySchema } from '#contracts/today.ts';
import { goals, milestones, tasks, topThreeDays } from '#server/db/schema.ts';
import { addDays } from '#contracts/local-date.ts';
import { signUpTestUser } from '#server/test/users.ts';
import { median, report } from './support.ts';
import { inProcessApp } from './in-process-app.ts';

const OPEN_TASKS = 5_000;
const ROUNDS = 7;
const ROUND_MS = 1_500;
// A fixed instant keeps the local date (and so the frozen selection) the same for the whole run.
const NOW = new Date('2026-03-10T09:00:00.000Z');
const TODAY = '2026-03-10';

const { database, app } = await inProcessApp({ clock: () => NOW });

const user = await signUpTestUser(app);
const saved = await app.inject({
  method: 'PUT',
  url: '/api/profile',
  headers: user.headers,
  payload: { timeZone: 'Europe/Berlin', dailyCapacityMinutes: 90 },
});
if (saved.statusCode !== 200) throw new Error(`profile: ${saved.statusCode} ${saved.body}`);

// Ten goals (three pinned, mixed priorities) with four milestones each, then 5,000 open tasks
// spread over them: scheduled in the last month, today or never, some with due dates.
const { db } = database;
const goalIds: string[] = [];
const milestoneIds: string[][] = [];
for (let g = 0; g < 10; g += 1) {
  const id = randomUUID();
  goalIds.push(id);
  await db.insert(goals).values({
    id,
    userId: user.id,
    title: `Goal ${g}`,
    domain: 'career',
    specific: 'Something specific',
    metric: { name: 'steps', target: 10, unit: 'steps' },
    deadline: '2026-12-31',
    why: 'Because',
    firstStep: 'Start',
    weeklyHours: 5,
    priority: (['high', 'medium', 'low'] as const)[g % 3],
    pinned: g < 3,
    createdAt: NOW,
    updatedAt: NOW,
  });
  const ids: string[] = [];
  for (let m = 0; m < 4; m += 1) {
    const milestoneId = randomUUID();
    ids.push(milestoneId);
    await db.insert(milestones).values({
      id: milestoneId,
      goalId: id,
      userId: user.id,
      title: `Milestone ${g}.${m}`,
      description: 'A step',
      dueDate: addDays(TODAY, 5 + m * 30 + g),
      position: m,
      createdAt: NOW,
      updatedAt: NOW,
    });
  }
  milestoneIds.push(ids);
}
const rows = Array.from({ length: OPEN_TASKS }, (_, i) => {
  const goal = i % 5 === 0 ? null : i % goalIds.length;
  return {
    id: randomUUID(),
    userId: user.id,
    goalId: goal === null ? null : (goalIds[goal] ?? null),
    milestoneId: goal === null ? null : (milestoneIds[goal]?.[i % 4] ?? null),
    title: `Task ${i}`,
    status: 'open' as const,
    scheduledDate: i % 3 === 0 ? null : addDays(TODAY, -(i % 30)),
    dueDate: i % 7 === 0 ? addDays(TODAY, (i % 21) - 10) : null,
    estimatedMinutes: i % 4 === 0 ? null : 15 + (i % 8) * 15,
    openSince: addDays(TODAY, -(i % 40)),
    createdAt: NOW,
    updatedAt: NOW,
  };
});
for (let start = 0; start < rows.length; start += 500) {
  await db.insert(tasks).values(rows.slice(start, start + 500));
}

const todayUrl = '/api/tasks/today';
const first = await app.inject({ url: todayUrl, headers: user.headers });
if (first.statusCode !== 200) throw new Error(`today: ${first.statusCode} ${first.body}`);
const shown = todaySchema.parse(first.json());
if (shown.topThree.length !== 3 || shown.topThree.length + shown.othersTotal !== OPEN_TASKS) {
  throw new Error(`unexpected today: ${shown.topThree.length} + ${shown.othersTotal}`);
}

const bareRead = async () => {
  const read = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, user.id), eq(tasks.status, 'open')));
  if (read.length !== OPEN_TASKS) throw new Error(`read ${read.length} rows`);
};
const frozenToday = async () => {
  const response = await app.inject({ url: todayUrl, headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`today: ${response.statusCode}`);
};
// The first view of a day also scores every task and freezes the three.
const firstViewOfDay = async () => {
  await db.delete(topThreeDays).where(eq(topThreeDays.userId, user.id));
  await frozenToday();
};

/** Calls per second of each function, as the median of rounds interleaved with the others. */
async function compare(measurements: Record<string, () => Promise<void>>) {
  const results: Record<string, number[]> = Object.fromEntries(
    Object.keys(measurements).map((name) => [name, []]),
  );
  for (const fn of Object.values(measurements)) for (let i = 0; i < 5; i += 1) await fn();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, fn] of Object.entries(measurements)) {
      let calls = 0;
      const started = performance.now();
      let elapsed = 0;
      while (elapsed < ROUND_MS) {
        await fn();
        calls += 1;
        elapsed = performance.now() - started;
      }
      results[name]?.push((calls * 1000) / elapsed);
    }
  }
  return Object.fromEntries(
    Object.entries(results).map(([name, values]) => [name, median(values)]),
  );
}

const figures = await compare({ bareRead, frozenToday, firstViewOfDay });
const baseline = figures.bareRead ?? Number.NaN;
process.stdout.write(
  `${OPEN_TASKS} open tasks, ${(first.body.length / 1024).toFixed(0)} KB answer; medians of ${ROUNDS} rounds of ${ROUND_MS} ms\n`,
);
report({
  name: 'GET /api/tasks/today (three frozen)',
  value: figures.frozenToday ?? Number.NaN,
  baseline,
  unit: 'req/s',
  better: 'higher',
  target: '≥ 0.50',
  baselineName: `bare read of the ${OPEN_TASKS} rows, same driver`,
});
report({
  name: 'GET /api/tasks/today (first view of the day: score and freeze)',
  value: figures.firstViewOfDay ?? Number.NaN,
  baseline,
  unit: 'req/s',
  better: 'higher',
  target: '≥ 0.50',
  baselineName: `bare read of the ${OPEN_TASKS} rows, same driver`,
});

await app.close();
await database.close();
