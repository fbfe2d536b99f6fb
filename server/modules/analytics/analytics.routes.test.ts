import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSummarySchema, analyticsTrendsSchema } from '#contracts/analytics.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import { queryRows } from '#server/db/client.ts';
import type { tasks } from '#server/db/schema.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import { historySeeder } from '#server/test/history.ts';
import type { TestUser } from '#server/test/users.ts';

// A hand-built history whose every figure is worked out below. The person lives in New York and
// the clock reads Wednesday 12 March 2025, 02:00 UTC: Tuesday 11 March, 22:00 there. Every figure
// must follow that local date (in UTC it would already be the 12th).
const NOW = '2025-03-12T02:00:00.000Z';
const ZONE = 'America/New_York';
const AT = new Date('2025-03-01T12:00:00.000Z');

type TaskSeed = Partial<typeof tasks.$inferInsert> & Pick<typeof tasks.$inferInsert, 'status'>;

describe('analytics API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;
  const ids: Record<string, string> = {};

  const seed = () => historySeeder(harness.database.db, AT);
  const seedGoal = async (user: TestUser, name: string, domain: CoachDomain, extra = {}) => {
    ids[name] = await seed().goal(user, { title: name, domain, ...extra });
    return ids[name];
  };
  const seedTask = async (user: TestUser, name: string, task: TaskSeed) => {
    ids[name] = await seed().task(user, { title: name, ...task });
    return ids[name];
  };
  const seedDay = (user: TestUser, localDate: string, taskIds: string[]) =>
    seed().day(user, localDate, taskIds);
  const seedMilestone = (user: TestUser, goalId: string, dueDate: string, completedAt?: string) =>
    seed().milestone(user, {
      goalId,
      dueDate,
      completedAt: completedAt ? new Date(completedAt) : null,
    });

  const summary = async (user: TestUser, query = '') => {
    const response = await harness.call(user, 'GET', `/api/analytics/summary${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return analyticsSummarySchema.parse(response.json());
  };
  const trends = async (user: TestUser) => {
    const response = await harness.call(user, 'GET', '/api/analytics/trends');
    expect(response.statusCode, response.body).toBe(200);
    return analyticsTrendsSchema.parse(response.json());
  };
  const rowCounts = async () =>
    (
      await queryRows<{ tasks: number; days: number; goals: number }>(
        harness.database.db,
        sql`select (select count(*)::int from tasks) as tasks,
                   (select count(*)::int from top_three_days) as days,
                   (select count(*)::int from goals) as goals`,
      )
    )[0];

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user(ZONE);
    other = await harness.user('UTC');

    const health = await seedGoal(person, 'Health', 'health', { pinned: true, progress: 40 });
    const career = await seedGoal(person, 'Career', 'career', { progress: 75 });
    await seedGoal(person, 'Resting', 'relationships', { status: 'paused', progress: 10 });

    // Done on today (the 11th), on time for its due date, opened the same day.
    await seedTask(person, 't1', {
      status: 'done',
      goalId: health,
      closedOn: '2025-03-11',
      dueDate: '2025-03-11',
      estimatedMinutes: 30,
      openSince: '2025-03-11',
    });
    // Done on Monday the 10th, a day after its scheduled date; open two days.
    await seedTask(person, 't2', {
      status: 'done',
      goalId: health,
      closedOn: '2025-03-10',
      scheduledDate: '2025-03-09',
      estimatedMinutes: 20,
      openSince: '2025-03-08',
    });
    await seedTask(person, 't3', {
      status: 'done',
      goalId: career,
      closedOn: '2025-03-10',
      openSince: '2025-03-10',
    });
    // No goal; done on the 7-day period's first day after four days open.
    await seedTask(person, 't4', {
      status: 'done',
      closedOn: '2025-03-05',
      openSince: '2025-03-01',
    });
    // Outside 7 days, inside 30; a day late.
    await seedTask(person, 't5', {
      status: 'done',
      goalId: career,
      closedOn: '2025-03-04',
      dueDate: '2025-03-03',
      openSince: '2025-03-04',
    });
    await seedTask(person, 't6', { status: 'skipped', goalId: career, closedOn: '2025-03-06' });
    // Overdue since the 7th (inside 7 days).
    await seedTask(person, 't7', {
      status: 'open',
      goalId: health,
      scheduledDate: '2025-03-07',
      estimatedMinutes: 15,
    });
    // Due today: not overdue.
    await seedTask(person, 't8', { status: 'open', goalId: health, dueDate: '2025-03-11' });
    // Overdue since 1 February: in 90 days only.
    await seedTask(person, 't9', { status: 'open', scheduledDate: '2025-02-01' });
    // Snoozed past today: not overdue, but snoozed.
    await seedTask(person, 't10', {
      status: 'open',
      scheduledDate: '2025-03-08',
      snoozedUntil: '2025-03-14',
      estimatedMinutes: 10,
    });
    // Later this week.
    await seedTask(person, 't12', {
      status: 'open',
      scheduledDate: '2025-03-13',
      estimatedMinutes: 25,
    });
    // Before every period.
    await seedTask(person, 't11', { status: 'done', closedOn: '2024-12-01' });

    await seedDay(person, '2025-03-04', [ids.t5!]);
    await seedDay(person, '2025-03-05', [ids.t4!]);
    await seedDay(person, '2025-03-06', [ids.t6!]);
    await seedDay(person, '2025-03-09', []);
    await seedDay(person, '2025-03-10', [ids.t2!, ids.t3!]);
    await seedDay(person, '2025-03-11', [ids.t8!]);

    // Done by the due date in New York (18:30 on the 1st; 22:00 on the 5th, already the 6th in
    // UTC); one missed; one due today and not done (not yet a miss); one due later but done early;
    // one before the twelve weeks.
    await seedMilestone(person, health, '2025-03-01', '2025-03-01T23:30:00.000Z');
    await seedMilestone(person, health, '2025-03-05', '2025-03-06T03:00:00.000Z');
    await seedMilestone(person, health, '2025-03-07');
    await seedMilestone(person, health, '2025-03-11');
    await seedMilestone(person, health, '2025-03-20', '2025-03-02T12:00:00.000Z');
    await seedMilestone(person, health, '2024-12-01');

    // Another person's busy history on the same days: none of it may reach the figures above.
    const theirs = await seedGoal(other, 'Theirs', 'health', { progress: 90 });
    const theirTasks: string[] = [];
    for (const date of ['2025-03-05', '2025-03-06', '2025-03-10', '2025-03-11']) {
      for (const n of [1, 2, 3]) {
        theirTasks.push(
          await seedTask(other, `o-${date}-${n}`, {
            status: 'done',
            goalId: theirs,
            closedOn: date,
            estimatedMinutes: 60,
            scheduledDate: date,
          }),
        );
      }
      await seedDay(other, date, theirTasks.slice(-3));
    }
    await seedTask(other, 'o-skip', { status: 'skipped', closedOn: '2025-03-07' });
    await seedTask(other, 'o-late', { status: 'open', scheduledDate: '2025-03-06' });
    await seedTask(other, 'o-snooze', { status: 'open', snoozedUntil: '2025-03-20' });
    await seedMilestone(other, theirs, '2025-03-03');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('sums the last 7 local days: done, completion, top three, streak, goals, domains, days', async () => {
    const week = await summary(person, '?days=7');
    expect(week).toMatchObject({
      localDate: '2025-03-11',
      timeZone: ZONE,
      days: 7,
      from: '2025-03-05',
      tasksDone: 4,
      completion: { done: 4, skipped: 1, overdueOpen: 1, rate: 4 / 6 },
      // The 5th and 10th all done, the 6th not; today not yet done, so not counted.
      topThree: { days: 3, allDone: 2, rate: 2 / 3 },
      // Today is under way: the streak counts back from the 10th; the best run is the 4th–5th.
      streak: { current: 1, best: 2 },
    });
    expect(week.goals).toEqual([
      { id: ids.Health, title: 'Health', domain: 'health', pinned: true, progress: 40 },
      { id: ids.Career, title: 'Career', domain: 'career', pinned: false, progress: 75 },
    ]);
    expect(week.byDomain).toEqual([
      { domain: 'health', done: 2, skipped: 0, overdueOpen: 1, rate: 2 / 3 },
      { domain: 'career', done: 1, skipped: 1, overdueOpen: 0, rate: 1 / 2 },
      { domain: 'relationships', done: 0, skipped: 0, overdueOpen: 0, rate: null },
      { domain: 'personal_development', done: 0, skipped: 0, overdueOpen: 0, rate: null },
      { domain: null, done: 1, skipped: 0, overdueOpen: 0, rate: 1 },
    ]);
    expect(week.perDay).toEqual([
      { date: '2025-03-05', done: 1 },
      { date: '2025-03-06', done: 0 },
      { date: '2025-03-07', done: 0 },
      { date: '2025-03-08', done: 0 },
      { date: '2025-03-09', done: 0 },
      { date: '2025-03-10', done: 2 },
      { date: '2025-03-11', done: 1 },
    ]);
  });

  it('widens to 30 and 90 days, 30 by default', async () => {
    const month = await summary(person);
    expect(month).toMatchObject({
      days: 30,
      from: '2025-02-10',
      completion: { done: 5, skipped: 1, overdueOpen: 1, rate: 5 / 7 },
      topThree: { days: 4, allDone: 3, rate: 3 / 4 },
    });
    expect(month.perDay).toHaveLength(30);
    const quarter = await summary(person, '?days=90');
    expect(quarter).toMatchObject({
      from: '2024-12-12',
      completion: { done: 5, skipped: 1, overdueOpen: 2, rate: 5 / 8 },
    });
  });

  it('draws twelve weeks: completion, minutes, punctuality, weekdays, waits, milestones, calendar', async () => {
    const report = await trends(person);
    expect(report).toMatchObject({
      localDate: '2025-03-11',
      from: '2024-12-23',
      onTime: { dated: 3, onTime: 1, rate: 1 / 3 },
      skipped: 1,
      snoozed: 1,
      milestones: { due: 3, hit: 2, rate: 2 / 3 },
      openToDone: {
        count: 5,
        medianDays: 0,
        buckets: [
          { label: 'same day', count: 3 },
          { label: '1 day', count: 0 },
          { label: '2–3 days', count: 1 },
          { label: '4–7 days', count: 1 },
          { label: '8–14 days', count: 0 },
          { label: '15+ days', count: 0 },
        ],
      },
    });
    expect(report.weeks.at(-1)).toEqual({
      weekStart: '2025-03-10',
      done: 3,
      skipped: 0,
      overdueOpen: 0,
      rate: 1,
      // t12 scheduled on Thursday, t1 due today (no scheduled date).
      plannedMinutes: 55,
      doneMinutes: 50,
      dated: 2,
      onTime: 1,
    });
    expect(report.weeks.at(-2)).toEqual({
      weekStart: '2025-03-03',
      done: 2,
      skipped: 1,
      overdueOpen: 1,
      rate: 0.5,
      plannedMinutes: 45,
      doneMinutes: 0,
      dated: 1,
      onTime: 0,
    });
    const overdueWeek = report.weeks.find((w) => w.weekStart === '2025-01-27');
    expect(overdueWeek).toMatchObject({ done: 0, overdueOpen: 1, rate: 0 });
    expect(report.weeks.filter((w) => w.rate === null)).toHaveLength(9);
    expect(report.weekdays.map((d) => d.done)).toEqual([2, 2, 1, 0, 0, 0, 0]);

    expect(report.calendar).toHaveLength(84);
    expect(report.calendar[0]?.date).toBe('2024-12-23');
    expect(report.calendar.at(-1)?.date).toBe('2025-03-16');
    const day = (date: string) => report.calendar.find((d) => d.date === date);
    expect(day('2025-03-04')).toEqual({ date: '2025-03-04', done: 1, topThree: 'all-done' });
    expect(day('2025-03-06')).toEqual({ date: '2025-03-06', done: 0, topThree: 'missed' });
    expect(day('2025-03-09')).toEqual({ date: '2025-03-09', done: 0, topThree: 'none' });
    expect(day('2025-03-10')).toEqual({ date: '2025-03-10', done: 2, topThree: 'all-done' });
    expect(day('2025-03-11')).toEqual({ date: '2025-03-11', done: 1, topThree: 'pending' });
    expect(day('2025-03-12')).toEqual({ date: '2025-03-12', done: 0, topThree: 'future' });
  });

  it("counts only the caller's own rows", async () => {
    const theirs = await summary(other, '?days=7');
    expect(theirs).toMatchObject({
      localDate: '2025-03-12',
      from: '2025-03-06',
      tasksDone: 9,
      completion: { done: 9, skipped: 1, overdueOpen: 1, rate: 9 / 11 },
      topThree: { days: 3, allDone: 3, rate: 1 },
      streak: { current: 2, best: 2 },
    });
    expect(theirs.goals.map((g) => g.title)).toEqual(['Theirs']);
    const report = await trends(other);
    expect(report).toMatchObject({ snoozed: 1, milestones: { due: 1, hit: 0 } });

    // A person with nothing yet gets zeros and nulls, not an error.
    const newcomer = await harness.user('Europe/Paris');
    const empty = await summary(newcomer, '?days=90');
    expect(empty).toMatchObject({
      tasksDone: 0,
      completion: { rate: null },
      topThree: { days: 0, allDone: 0, rate: null },
      streak: { current: 0, best: 0 },
      goals: [],
    });
    expect(empty.perDay.every((d) => d.done === 0)).toBe(true);
    const none = await trends(newcomer);
    expect(none.weeks.every((w) => w.rate === null)).toBe(true);
    expect(none.calendar.every((d) => d.done === 0 && d.topThree !== 'all-done')).toBe(true);
  });

  it('answers bad input with a 400 that says what to send, and writes nothing', async () => {
    const before = await rowCounts();
    const cases: Array<[string, RegExp]> = [
      ['/api/analytics/summary?days=10000', /must be one of 7, 30, 90/],
      ['/api/analytics/summary?days=abc', /must be one of 7, 30, 90/],
      ['/api/analytics/summary?days=7&user=someone-else', /only "days" may be given/],
      ['/api/analytics/trends?weeks=520', /takes no parameters/],
    ];
    for (const [url, message] of cases) {
      const response = await harness.call(person, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.message, url).toMatch(message);
    }
    expect(await rowCounts()).toEqual(before);
    for (const url of ['/api/analytics/summary', '/api/analytics/trends']) {
      expect((await harness.call(null, 'GET', url)).statusCode).toBe(401);
    }
  });
});
