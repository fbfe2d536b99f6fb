import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachDomain } from '#contracts/coach.ts';
import { domainMetricsSchema } from '#contracts/domain-metrics.ts';
import type { tasks } from '#server/db/schema.ts';
import {
  expectError,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import { historySeeder } from '#server/test/history.ts';
import type { TestUser } from '#server/test/users.ts';

// A hand-built history whose figures are worked out below. The person lives in New York; the clock
// reads 12 March 2025, 02:00 UTC, which is Tuesday 11 March, 22:00 there: today is the 11th, the
// 7-day period runs from the 5th and the 30-day one from 10 February.
const NOW = '2025-03-12T02:00:00.000Z';
const AT = new Date('2025-02-01T12:00:00.000Z');

describe('domain metrics API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;
  const ids: Record<string, string> = {};

  const seed = () => historySeeder(harness.database.db, AT);
  const seedGoal = async (user: TestUser, name: string, domain: CoachDomain, extra = {}) => {
    const metric = { name: 'distance', target: 42, unit: 'km' };
    ids[name] = await seed().goal(user, { title: name, domain, metric, ...extra });
    return ids[name];
  };
  const seedTask = async (
    user: TestUser,
    name: string,
    task: Partial<typeof tasks.$inferInsert> & Pick<typeof tasks.$inferInsert, 'status'>,
  ) => {
    ids[name] = await seed().task(user, { title: name, openSince: '2025-02-01', ...task });
    return ids[name];
  };
  const seedDay = (user: TestUser, localDate: string, taskIds: string[]) =>
    seed().day(user, localDate, taskIds);
  const seedMilestone = (
    user: TestUser,
    goalId: string,
    title: string,
    dueDate: string,
    completedAt?: string,
  ) =>
    seed().milestone(user, {
      goalId,
      title,
      dueDate,
      completedAt: completedAt ? new Date(completedAt) : null,
    });
  const seedValue = (user: TestUser, goalId: string, localDate: string, value: number) =>
    seed().measurement(user, goalId, localDate, value);

  const metrics = async (user: TestUser, domain: string, query = '') => {
    const response = await harness.call(user, 'GET', `/api/analytics/metrics/${domain}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return domainMetricsSchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user('America/New_York');
    other = await harness.user('UTC');

    const run = await seedGoal(person, 'Run', 'health', { pinned: true, progress: 40 });
    const sleep = await seedGoal(person, 'Sleep', 'health', { status: 'paused', progress: 10 });
    const old = await seedGoal(person, 'Old', 'health', { status: 'archived' });
    const job = await seedGoal(person, 'Job', 'career', { progress: 75 });

    const h1 = await seedTask(person, 'h1', {
      status: 'done',
      goalId: run,
      closedOn: '2025-03-11',
      estimatedMinutes: 30,
    });
    const h2 = await seedTask(person, 'h2', {
      status: 'done',
      goalId: run,
      closedOn: '2025-03-06',
      estimatedMinutes: 20,
    });
    await seedTask(person, 'h3', {
      status: 'skipped',
      goalId: sleep,
      closedOn: '2025-03-07',
      estimatedMinutes: 15,
    });
    const h4 = await seedTask(person, 'h4', {
      status: 'done',
      goalId: run,
      closedOn: '2025-03-01',
      estimatedMinutes: 45,
    });
    const h5 = await seedTask(person, 'h5', { status: 'open', goalId: run, dueDate: '2025-03-08' });
    const c1 = await seedTask(person, 'c1', {
      status: 'done',
      goalId: job,
      closedOn: '2025-03-10',
      estimatedMinutes: 60,
    });
    const n1 = await seedTask(person, 'n1', { status: 'done', closedOn: '2025-03-10' });
    await seedDay(person, '2025-03-10', [h1, c1, n1]);
    await seedDay(person, '2025-03-11', [h2, h5]);
    await seedDay(person, '2025-03-01', [h4]);

    // Done at 22:00 on the 5th in New York (the 6th in UTC): done on its due date.
    await seedMilestone(person, run, 'First 5 km', '2025-03-05', '2025-03-06T03:00:00.000Z');
    await seedMilestone(person, run, 'First 10 km', '2025-03-09');
    await seedMilestone(person, sleep, 'Lights out by 23:00', '2025-03-20');
    await seedMilestone(person, old, 'Archived', '2025-03-06');
    await seedMilestone(person, job, 'CV', '2025-03-06');

    await seedValue(person, run, '2025-03-01', 4);
    await seedValue(person, run, '2025-03-06', 5);
    await seedValue(person, run, '2025-03-11', 6.5);
    await seedValue(person, old, '2025-03-11', 99);
    await seedValue(person, job, '2025-03-11', 1);

    // Someone else's health goal with a value, a done task and a top three: never counted above.
    const theirs = await seedGoal(other, 'Theirs', 'health');
    const t1 = await seedTask(other, 't1', {
      status: 'done',
      goalId: theirs,
      closedOn: '2025-03-11',
      estimatedMinutes: 90,
    });
    await seedDay(other, '2025-03-11', [t1]);
    await seedValue(other, theirs, '2025-03-11', 12);
  });
  afterAll(() => harness.close());

  it('counts the domain’s tasks, minutes, completion and top-three share over 7 days', async () => {
    const body = await metrics(person, 'health', '?days=7');
    expect(body).toMatchObject({
      domain: 'health',
      localDate: '2025-03-11',
      from: '2025-03-05',
      days: 7,
      tasksDone: 2,
      minutesInvested: 50,
      completion: { done: 2, skipped: 1, overdueOpen: 1, rate: 0.5 },
      topThree: { picks: 5, domainPicks: 3, share: 0.6 },
    });
  });

  it('follows the period: 30 days reach the 1st', async () => {
    const body = await metrics(person, 'health');
    expect(body.days).toBe(30);
    expect(body).toMatchObject({ tasksDone: 3, minutesInvested: 95 });
    expect(body.topThree).toEqual({ picks: 6, domainPicks: 4, share: 4 / 6 });
    expect(body.goals[0]?.measurements.map((m) => m.value)).toEqual([4, 5, 6.5]);
    expect(body.goals[0]?.periodTotal).toBe(15.5);
  });

  it('lists the domain’s goals that are not archived with their values, and a timeline', async () => {
    const body = await metrics(person, 'health', '?days=7');
    expect(body.goals.map((g) => [g.title, g.status, g.progress])).toEqual([
      ['Run', 'active', 40],
      ['Sleep', 'paused', 10],
    ]);
    const [run, sleep] = body.goals;
    expect(run?.metric).toEqual({ name: 'distance', target: 42, unit: 'km' });
    expect(run?.measurements.map((m) => [m.date, m.value])).toEqual([
      ['2025-03-06', 5],
      ['2025-03-11', 6.5],
    ]);
    expect(run?.periodTotal).toBe(11.5);
    expect(run?.latest).toMatchObject({ date: '2025-03-11', value: 6.5 });
    expect(sleep).toMatchObject({ measurements: [], periodTotal: 0, latest: null });
    expect(body.milestones.map((m) => [m.title, m.goalTitle, m.doneOn, m.state])).toEqual([
      ['First 5 km', 'Run', '2025-03-05', 'done'],
      ['First 10 km', 'Run', null, 'overdue'],
      ['Lights out by 23:00', 'Sleep', null, 'upcoming'],
    ]);
  });

  it('shows another person none of these rows', async () => {
    const theirs = await metrics(other, 'health', '?days=7');
    expect(theirs).toMatchObject({
      tasksDone: 1,
      minutesInvested: 90,
      topThree: { picks: 1, domainPicks: 1, share: 1 },
      milestones: [],
    });
    expect(theirs.goals.map((g) => [g.title, g.periodTotal])).toEqual([['Theirs', 12]]);
    const empty = await metrics(other, 'relationships');
    expect(empty).toMatchObject({
      tasksDone: 0,
      completion: { rate: null },
      topThree: { picks: 1, domainPicks: 0, share: 0 },
      goals: [],
    });
  });

  it('answers 400 for an unknown domain, an absurd period or another parameter', async () => {
    const domain = expectError(
      await harness.call(person, 'GET', '/api/analytics/metrics/finance'),
      400,
      'invalid_input',
    );
    expect(domain.message).toContain('health, career');
    const period = expectError(
      await harness.call(person, 'GET', '/api/analytics/metrics/health?days=10000'),
      400,
      'invalid_input',
    );
    expect(period.message).toContain('7, 30, 90');
    expectError(
      await harness.call(person, 'GET', '/api/analytics/metrics/health?metric=kg'),
      400,
      'invalid_input',
    );
    expectError(
      await harness.call(null, 'GET', '/api/analytics/metrics/health'),
      401,
      'unauthenticated',
    );
  });
});
