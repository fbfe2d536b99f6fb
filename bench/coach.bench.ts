// The coach's pure core, each figure against a baseline measured in the same run:
// 0. the goal table's pass rate (bench/coach-goals.ts): statements the offline coach understands;
// 1. breakDownGoal on the offline engine (calls/s) vs parsing and validating an equivalent,
//    precomputed plan with the same zod schema (what any engine's answer costs at least);
// 2. the top three for a user with 5,000 open tasks vs the bare read of the same rows, in memory
//    (rows → task objects) and through PGlite (a temporary table). Target: ≥ 50 % of the baseline;
// 3. the crisis guard's catch and false-alarm rates on its evaluation set, and its time per message
//    vs normalisation alone (bench/coach-safety.ts).
import { PGlite } from '@electric-sql/pglite';
import {
  breakDownGoalOutputSchema,
  type BreakDownGoalInput,
  type SmartGoal,
} from '#contracts/coach.ts';
import { createAiGateway } from '#server/ai/gateway.ts';
import { breakDownGoalOffline } from '#server/ai/offline/break-down-goal.ts';
import { addDays } from '#contracts/local-date.ts';
import { refineGoalOffline } from '#server/ai/offline/refine-goal.ts';
import {
  type GoalPriority,
  selectTopThree,
  type TopThreeContext,
  type TopThreeTask,
} from '#server/modules/tasks/top-three.ts';
import { runSafetyBench } from './coach-safety.ts';
import { reportGoalTable } from './coach-goals.ts';
import { median, report } from './support.ts';

const TODAY = '2026-03-10';
const ROUNDS = 7;

/** Calls per second of each function, as the median of rounds interleaved with the others. */
async function compare(
  measurements: Record<string, () => unknown>,
  roundMs = 400,
): Promise<Record<string, number>> {
  const results: Record<string, number[]> = Object.fromEntries(
    Object.keys(measurements).map((name) => [name, []]),
  );
  for (const fn of Object.values(measurements)) for (let i = 0; i < 50; i += 1) await fn(); // warm-up
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, fn] of Object.entries(measurements)) {
      let calls = 0;
      const started = performance.now();
      let elapsed = 0;
      while (elapsed < roundMs) {
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

reportGoalTable();

// ---------------------------------------------------------------------------------------------
// 1. breakDownGoal

const sentences = [
  'Lose 5 kg by June',
  'Run a half marathon by October',
  'Read 12 books this year',
  'Save $5,000 by December 31',
  'Apply to 20 jobs by May 1',
  'Have a date night every week with my wife',
  'Learn Spanish by summer',
  'Get promoted to senior engineer by Q4',
];
const inputs: BreakDownGoalInput[] = sentences.map((text) => {
  const refined = refineGoalOffline({ text, today: TODAY, timeZone: 'Europe/London' });
  if (refined.kind !== 'smart') throw new Error(`Benchmark goal needs no questions: ${text}`);
  const goal: SmartGoal = refined.goal;
  return { goal, startDate: TODAY, weeklyHours: goal.weeklyHours, timeZone: 'Europe/London' };
});
const precomputed = inputs.map((input) => JSON.stringify(breakDownGoalOffline(input)));
const gateway = createAiGateway({
  settings: { engine: 'offline', timeoutMs: 20_000 },
  clock: { now: () => new Date() },
  recordCall: () => undefined,
});

let next = 0;
const breakDown = await compare({
  offline: () => breakDownGoalOffline(inputs[next++ % inputs.length] as BreakDownGoalInput),
  gateway: () => gateway.breakDownGoal(inputs[next++ % inputs.length] as BreakDownGoalInput),
  baseline: () =>
    breakDownGoalOutputSchema.parse(JSON.parse(precomputed[next++ % precomputed.length] as string)),
});
const tasksPerPlan =
  inputs.reduce((sum, input) => sum + breakDownGoalOffline(input).tasks.length, 0) / inputs.length;
process.stdout.write(
  `breakDownGoal: ${inputs.length} goals, ${tasksPerPlan.toFixed(1)} tasks per plan on average\n`,
);
report({
  name: 'breakDownGoal, offline engine',
  value: breakDown.offline ?? 0,
  baseline: breakDown.baseline ?? 1,
  unit: 'calls/s',
  better: 'higher',
  baselineName: 'JSON.parse + zod parse of the same plan',
});
report({
  name: 'breakDownGoal through the gateway (offline, crisis check, validation)',
  value: breakDown.gateway ?? 0,
  baseline: breakDown.baseline ?? 1,
  unit: 'calls/s',
  better: 'higher',
  baselineName: 'JSON.parse + zod parse of the same plan',
});

// ---------------------------------------------------------------------------------------------
// 2. Top three over 5,000 open tasks

/** Deterministic pseudo-random numbers (mulberry32), so every run reads the same rows. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface TaskRow {
  id: string;
  title: string;
  status: string;
  goal_id: string | null;
  scheduled_date: string | null;
  due_date: string | null;
  milestone_title: string | null;
  milestone_due_date: string | null;
  estimated_minutes: number | null;
  open_since: string;
}

const next01 = random(42);
const pick = <T>(values: readonly T[]): T => values[Math.floor(next01() * values.length)] as T;
const offsetDate = (min: number, max: number) =>
  addDays(TODAY, min + Math.floor(next01() * (max - min + 1)));
const goalIds = Array.from({ length: 12 }, (_, i) => `goal-${i}`);
const generated: TaskRow[] = Array.from({ length: 5000 }, (_, i) => {
  const goal = next01() < 0.8 ? pick(goalIds) : null;
  const hasMilestone = goal !== null && next01() < 0.6;
  return {
    id: `task-${String(i).padStart(5, '0')}`,
    title: `Task ${i}`,
    status: 'open',
    goal_id: goal,
    scheduled_date: next01() < 0.7 ? offsetDate(-60, 30) : null,
    due_date: next01() < 0.4 ? offsetDate(-20, 60) : null,
    milestone_title: hasMilestone ? `Milestone ${i % 7}` : null,
    milestone_due_date: hasMilestone ? offsetDate(-5, 90) : null,
    estimated_minutes: next01() < 0.8 ? 5 * (1 + Math.floor(next01() * 24)) : null,
    open_since: offsetDate(-120, 0),
  };
});

// Rows as a database driver hands them over: one object per row with its own flat strings (the
// generator's dates are shared, concatenated strings that no driver would return).
const rows = JSON.parse(JSON.stringify(generated)) as TaskRow[];

const context: TopThreeContext = {
  localDate: TODAY,
  capacityMinutes: 60,
  goalPriorities: Object.fromEntries(
    goalIds.map((id, i) => [id, (['high', 'medium', 'low'] as GoalPriority[])[i % 3]]),
  ) as Record<string, GoalPriority>,
  topGoalIds: ['goal-1', 'goal-4', 'goal-7'],
};

/** What a repository does with each row: the "bare read" both sides share. */
function toTask(row: TaskRow): TopThreeTask {
  return {
    id: row.id,
    title: row.title,
    status: row.status as TopThreeTask['status'],
    goalId: row.goal_id,
    scheduledDate: row.scheduled_date,
    dueDate: row.due_date,
    milestone:
      row.milestone_title && row.milestone_due_date
        ? { title: row.milestone_title, dueDate: row.milestone_due_date }
        : null,
    estimatedMinutes: row.estimated_minutes,
    openSince: row.open_since,
  };
}

let sink = 0;
const inMemory = await compare({
  read: () => {
    sink += rows.map(toTask).length;
  },
  topThree: () => {
    sink += selectTopThree(rows.map(toTask), context).length;
  },
});
const sample = selectTopThree(rows.map(toTask), context);
process.stdout.write(
  `top three of 5,000: ${sample.map((p) => `${p.taskId} (${p.score}: ${p.reason})`).join('; ')}\n`,
);
report({
  name: 'top three over 5,000 open tasks, in memory',
  value: inMemory.topThree ?? 0,
  baseline: inMemory.read ?? 1,
  unit: 'users/s',
  better: 'higher',
  target: '≥ 0.50',
  baselineName: 'bare read of the same rows',
});

const pglite = await PGlite.create();
try {
  await pglite.exec(`
    create temporary table bench_tasks (
      id text primary key, user_id text not null, title text not null, status text not null,
      goal_id text, scheduled_date date, due_date date, milestone_title text, milestone_due_date date,
      estimated_minutes integer, open_since date not null
    );
    create index on bench_tasks (user_id, status);
  `);
  await pglite.transaction(async (tx) => {
    for (const row of rows) {
      await tx.query(
        'insert into bench_tasks values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
        [
          row.id,
          'user-1',
          row.title,
          row.status,
          row.goal_id,
          row.scheduled_date,
          row.due_date,
          row.milestone_title,
          row.milestone_due_date,
          row.estimated_minutes,
          row.open_since,
        ],
      );
    }
  });
  // Dates come back as text, the local calendar dates the top three works with.
  const select = `select id, title, status, goal_id, scheduled_date::text, due_date::text, milestone_title,
    milestone_due_date::text, estimated_minutes, open_since::text
    from bench_tasks where user_id = $1 and status = 'open'`;
  const read = async () => (await pglite.query<TaskRow>(select, ['user-1'])).rows.map(toTask);
  // A read takes tens of milliseconds: longer rounds, so each holds enough of them.
  const throughPglite = await compare(
    {
      read: async () => {
        sink += (await read()).length;
      },
      topThree: async () => {
        sink += selectTopThree(await read(), context).length;
      },
    },
    2000,
  );
  report({
    name: 'top three over 5,000 open tasks, read through PGlite',
    value: throughPglite.topThree ?? 0,
    baseline: throughPglite.read ?? 1,
    unit: 'users/s',
    better: 'higher',
    target: '≥ 0.50',
    baselineName: 'bare SELECT of the same rows',
  });
} finally {
  await pglite.close();
}
if (sink < 0) process.stdout.write('unreachable\n');

// ---------------------------------------------------------------------------------------------
// 3. The crisis guard: catch and false-alarm rates on its evaluation set, and its speed

runSafetyBench();
