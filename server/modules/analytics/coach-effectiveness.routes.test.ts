import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachEffectivenessSchema } from '#contracts/coach-effectiveness.ts';
import type { CoachDomain, CoachEngine, CoachSuggestionKind } from '#contracts/coach.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { queryRows } from '#server/db/client.ts';
import { coachSuggestions, type tasks } from '#server/db/schema.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import { historySeeder } from '#server/test/history.ts';
import type { TestUser } from '#server/test/users.ts';

// A hand-built history of the coach's suggestions and what came of them, every figure worked out
// below. The person lives in New York and the clock reads 12 March 2025, 02:00 UTC: Tuesday
// 11 March there, so the 7-day period is 5–11 March and the 30-day one 10 February–11 March.
const NOW = '2025-03-12T02:00:00.000Z';
const ZONE = 'America/New_York';
const AT = new Date('2025-03-01T12:00:00.000Z');

type TaskSeed = Partial<typeof tasks.$inferInsert> & Pick<typeof tasks.$inferInsert, 'status'>;

describe('coach effectiveness API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;

  const seed = () => historySeeder(harness.database.db, AT);
  const seedGoal = (user: TestUser, domain: CoachDomain, extra = {}) =>
    seed().goal(user, { title: `${domain} goal`, domain, ...extra });
  const seedSuggestion = (
    user: TestUser,
    kind: CoachSuggestionKind,
    by: { coach: CoachDomain; engine: CoachEngine },
    localDate: string,
    accepted: string | null = null,
  ) =>
    harness.database.db.insert(coachSuggestions).values({
      id: randomUUID(),
      userId: user.id,
      kind,
      ...by,
      localDate,
      goalId: accepted,
      createdAt: AT,
      acceptedAt: accepted ? AT : null,
    });
  const seedTask = (user: TestUser, task: TaskSeed) => seed().task(user, task);

  const report = async (user: TestUser, query = '') => {
    const response = await harness.call(user, 'GET', `/api/analytics/coach-effectiveness${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return coachEffectivenessSchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user(ZONE);
    other = await harness.user('UTC');
    const health = { coach: 'health', engine: 'offline' } as const;
    const career = { coach: 'career', engine: 'anthropic' } as const;
    const healthTask = { proposedByCoach: 'health', proposedBy: 'offline' } as const;

    // Coach-guided goals: two from the health coach (40 % and 60 %), one from the career coach, a
    // self-written one given the relationships coach's plan long ago, and an archived one (left out).
    const g1 = await seedGoal(person, 'health', { ...healthTask, progress: 40 });
    await seedGoal(person, 'health', { ...healthTask, progress: 60 });
    const g2 = await seedGoal(person, 'career', {
      proposedByCoach: 'career',
      proposedBy: 'anthropic',
      progress: 80,
    });
    const g3 = await seedGoal(person, 'relationships', { progress: 10 });
    await seedGoal(person, 'health', { ...healthTask, status: 'archived', progress: 100 });
    await seedGoal(person, 'personal_development', { progress: 90 });

    await seedSuggestion(person, 'goal', health, '2025-03-10', g1);
    await seedSuggestion(person, 'goal', health, '2025-03-09');
    await seedSuggestion(person, 'plan', health, '2025-03-10', g1);
    await seedSuggestion(person, 'goal', career, '2025-03-08', g2);
    // In 30 days only.
    await seedSuggestion(person, 'plan', career, '2025-02-20', g2);
    await seedSuggestion(person, 'chat_proposal', career, '2025-03-11');
    // Before every period, but it guides g3.
    await seedSuggestion(
      person,
      'plan',
      { coach: 'relationships', engine: 'openai' },
      '2025-01-01',
      g3,
    );

    // The health coach's tasks: 2 done, 1 skipped, 1 overdue in 7 days; one more done in 30.
    await seedTask(person, { ...healthTask, goalId: g1, status: 'done', closedOn: '2025-03-10' });
    await seedTask(person, { ...healthTask, goalId: g1, status: 'done', closedOn: '2025-03-05' });
    await seedTask(person, {
      ...healthTask,
      goalId: g1,
      status: 'skipped',
      closedOn: '2025-03-07',
    });
    await seedTask(person, {
      ...healthTask,
      goalId: g1,
      status: 'open',
      scheduledDate: '2025-03-08',
    });
    await seedTask(person, { ...healthTask, goalId: g1, status: 'done', closedOn: '2025-03-01' });
    // Due today (not overdue) and snoozed past today (not overdue): left out.
    await seedTask(person, { ...healthTask, goalId: g1, status: 'open', dueDate: '2025-03-11' });
    await seedTask(person, {
      ...healthTask,
      status: 'open',
      scheduledDate: '2025-03-06',
      snoozedUntil: '2025-03-14',
    });
    await seedTask(person, {
      proposedByCoach: 'career',
      proposedBy: 'anthropic',
      goalId: g2,
      status: 'done',
      closedOn: '2025-03-11',
    });
    // The person's own task: no coach's.
    await seedTask(person, { status: 'done', closedOn: '2025-03-10' });

    // Another person's coach history on the same days: none of it may reach the figures above.
    const theirs = await seedGoal(other, 'health', { ...healthTask, progress: 95 });
    await seedSuggestion(other, 'goal', health, '2025-03-10', theirs);
    await seedSuggestion(other, 'plan', health, '2025-03-10');
    await seedTask(other, {
      ...healthTask,
      goalId: theirs,
      status: 'skipped',
      closedOn: '2025-03-10',
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('counts suggestions, acceptance, accepted tasks and guided goals per coach over 7 days', async () => {
    const body = await report(person, '?days=7');
    expect(body).toMatchObject({ localDate: '2025-03-11', from: '2025-03-05', days: 7 });
    expect(body.byCoach.map((row) => row.coach)).toEqual([
      'health',
      'career',
      'relationships',
      'personal_development',
    ]);
    const [health, career, relationships, growth] = body.byCoach;
    expect(health).toEqual({
      coach: 'health',
      suggestions: { goal: 2, plan: 1, chatProposal: 0, total: 3 },
      accepted: 2,
      acceptanceRate: 2 / 3,
      tasks: { done: 2, skipped: 1, overdueOpen: 1, rate: 0.5 },
      goals: { count: 2, averageProgress: 50 },
    });
    expect(career).toEqual({
      coach: 'career',
      suggestions: { goal: 1, plan: 0, chatProposal: 1, total: 2 },
      accepted: 1,
      acceptanceRate: 0.5,
      tasks: { done: 1, skipped: 0, overdueOpen: 0, rate: 1 },
      goals: { count: 1, averageProgress: 80 },
    });
    expect(relationships).toMatchObject({
      suggestions: { total: 0 },
      acceptanceRate: null,
      tasks: { rate: null },
      goals: { count: 1, averageProgress: 10 },
    });
    expect(growth).toMatchObject({
      suggestions: { total: 0 },
      acceptanceRate: null,
      goals: { count: 0, averageProgress: null },
    });
  });

  it('counts the same per engine, listing only the engines that did something', async () => {
    const body = await report(person, '?days=7');
    expect(body.byEngine.map((row) => row.engine)).toEqual(['offline', 'openai', 'anthropic']);
    const [offline, openai, anthropic] = body.byEngine;
    expect(offline).toMatchObject({
      suggestions: { total: 3 },
      acceptanceRate: 2 / 3,
      tasks: { rate: 0.5 },
      goals: { count: 2, averageProgress: 50 },
    });
    expect(openai).toMatchObject({
      suggestions: { total: 0 },
      acceptanceRate: null,
      goals: { count: 1, averageProgress: 10 },
    });
    expect(anthropic).toMatchObject({ accepted: 1, acceptanceRate: 0.5, tasks: { done: 1 } });
  });

  it('widens with the period: 30 days by default', async () => {
    const body = await report(person);
    expect(body).toMatchObject({ days: 30, from: '2025-02-10' });
    const [health, career] = body.byCoach;
    expect(health?.tasks).toEqual({ done: 3, skipped: 1, overdueOpen: 1, rate: 0.6 });
    expect(career).toMatchObject({
      suggestions: { goal: 1, plan: 1, chatProposal: 1, total: 3 },
      accepted: 2,
      acceptanceRate: 2 / 3,
    });
  });

  it("counts only the caller's own rows; a newcomer gets zeros", async () => {
    const theirs = await report(other, '?days=7');
    expect(theirs.byCoach[0]).toEqual({
      coach: 'health',
      suggestions: { goal: 1, plan: 1, chatProposal: 0, total: 2 },
      accepted: 1,
      acceptanceRate: 0.5,
      tasks: { done: 0, skipped: 1, overdueOpen: 0, rate: 0 },
      goals: { count: 1, averageProgress: 95 },
    });
    expect(theirs.byEngine.map((row) => row.engine)).toEqual(['offline']);

    const newcomer = await harness.user('Europe/Paris');
    const empty = await report(newcomer, '?days=90');
    expect(empty.byEngine).toEqual([]);
    expect(empty.byCoach.every((row) => row.suggestions.total === 0 && row.goals.count === 0)).toBe(
      true,
    );
  });

  it('answers a bad period with a 400 that says what to send, and writes nothing', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          harness.database.db,
          sql`select count(*)::int as n from coach_suggestions`,
        )
      )[0]?.n;
    const before = await count();
    const cases: Array<[string, RegExp]> = [
      ['?days=10000', /must be one of 7, 30, 90/],
      ['?days=abc', /must be one of 7, 30, 90/],
      ['?days=7&coach=health', /only "days" may be given/],
    ];
    for (const [query, message] of cases) {
      const url = `/api/analytics/coach-effectiveness${query}`;
      const response = await harness.call(person, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.message, url).toMatch(message);
    }
    expect(await count()).toBe(before);
    const anonymous = await harness.call(null, 'GET', '/api/analytics/coach-effectiveness');
    expect(anonymous.statusCode).toBe(401);
  });
});
