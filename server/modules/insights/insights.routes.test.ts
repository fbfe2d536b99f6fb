import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import { experimentListSchema } from '#contracts/experiments.ts';
import {
  insightListSchema,
  insightSchema,
  suggestionResultSchema,
  type Insight,
} from '#contracts/insights.ts';
import type { tasks } from '#server/db/schema.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import { historySeeder } from '#server/test/history.ts';
import type { TestUser } from '#server/test/users.ts';

// A hand-built week whose figures are worked out here. The clock reads Monday 10 March 2025,
// 12:00 UTC; the person lives in UTC, so the insight reviews Monday 3 to Sunday 9 March.
//  - "Run a 10k": two tasks done (20 + 30 minutes) on the 4th and 5th; progress 30 %.
//  - "Learn Spanish": active, nothing done (stalled).
//  - "Stretch" (40 minutes, open) sat in the top three on the 3rd, 4th and 5th: slipped 3 times.
//  - Four tasks of one's own done alone in the top three of the 6th to the 9th: a 4-day streak.
const NOW = '2025-03-10T12:00:00.000Z';
const AT = new Date('2025-03-01T12:00:00.000Z');

describe('insights API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;
  let stretch: string;
  let spanish: string;
  let run: string;

  const seed = () => historySeeder(harness.database.db, AT);
  const seedGoal = (user: TestUser, title: string, progress: number) =>
    seed().goal(user, { title, progress });
  const seedTask = (user: TestUser, title: string, task: Partial<typeof tasks.$inferInsert>) =>
    seed().task(user, { title, ...task });
  const seedDay = (user: TestUser, localDate: string, taskIds: string[]) =>
    seed().day(user, localDate, taskIds);

  const refresh = async (user: TestUser): Promise<Insight> => {
    const response = await harness.call(user, 'POST', '/api/insights/refresh');
    expect(response.statusCode, response.body).toBe(200);
    return insightSchema.parse(response.json());
  };
  const current = async (user: TestUser): Promise<Insight> => {
    const list = insightListSchema.parse((await harness.call(user, 'GET', '/api/insights')).json());
    if (!list.current) throw new Error('no insight this week');
    return list.current;
  };
  const decide = (user: TestUser, insight: string, suggestion: string, decision: unknown) =>
    harness.call(user, 'POST', `/api/insights/${insight}/suggestions/${suggestion}`, { decision });

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user('UTC');
    other = await harness.user('UTC');
    run = await seedGoal(person, 'Run a 10k', 30);
    spanish = await seedGoal(person, 'Learn Spanish', 0);
    stretch = await seedTask(person, 'Stretch', { goalId: run, estimatedMinutes: 40 });
    const a = await seedTask(person, 'Easy 2 km', {
      goalId: run,
      status: 'done',
      closedOn: '2025-03-04',
      estimatedMinutes: 20,
    });
    const b = await seedTask(person, 'Tempo 3 km', {
      goalId: run,
      status: 'done',
      closedOn: '2025-03-05',
      estimatedMinutes: 30,
    });
    await seedDay(person, '2025-03-03', [stretch]);
    await seedDay(person, '2025-03-04', [stretch, a]);
    await seedDay(person, '2025-03-05', [stretch, b]);
    for (const date of ['2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09']) {
      const own = await seedTask(person, `Chore ${date}`, { status: 'done', closedOn: date });
      await seedDay(person, date, [own]);
    }
  });
  afterAll(() => harness.close());

  it('lists nothing before the first insight, for the local week', async () => {
    const response = await harness.call(person, 'GET', '/api/insights');
    expect(response.statusCode, response.body).toBe(200);
    expect(insightListSchema.parse(response.json())).toEqual({
      weekStart: '2025-03-10',
      current: null,
      past: [],
    });
  });

  it('a refresh writes the week from the history, in the offline coach’s words', async () => {
    const insight = await refresh(person);
    expect(insight.weekStart).toBe('2025-03-10');
    expect(insight.engine).toBe('offline');
    const { period, figures, words, suggestions } = insight.content;
    expect(period).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(figures.tasksDone).toBe(6);
    expect(figures.movedForward).toEqual([
      expect.objectContaining({ title: 'Run a 10k', tasksDone: 2, minutes: 50, progress: 30 }),
    ]);
    expect(figures.slipping).toEqual([
      {
        taskId: stretch,
        title: 'Stretch',
        slips: 3,
        skipped: 0,
        estimatedMinutes: 40,
        goalId: run,
      },
    ]);
    expect(figures.stalledGoals).toEqual([{ goalId: spanish, title: 'Learn Spanish' }]);
    expect(figures.topThree).toEqual({ days: 7, allDone: 4, rate: 4 / 7 });
    expect(figures.streak).toEqual({ before: 0, after: 4, best: 4 });
    expect(words.headline).toBe('“Run a 10k” moved forward; “Stretch” kept slipping.');
    expect(suggestions.map((s) => s.kind)).toEqual(['shorten', 'experiment', 'add_task']);

    const list = insightListSchema.parse(
      (await harness.call(person, 'GET', '/api/insights')).json(),
    );
    expect(list.current?.id).toBe(insight.id);
  });

  it('accepting changes the task through the tasks service, once; a second accept is 409', async () => {
    const insight = await refresh(person);
    const shorten = insight.content.suggestions.find((s) => s.kind === 'shorten');
    if (!shorten) throw new Error('no shorten suggestion');

    const accepted = await decide(person, insight.id, shorten.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const result = suggestionResultSchema.parse(accepted.json());
    expect(result.suggestion).toMatchObject({ state: 'accepted', taskId: stretch });
    const task = await harness.call(person, 'GET', `/api/tasks?view=all`);
    expect(
      task.json<{ tasks: Array<{ id: string; estimatedMinutes: number }> }>().tasks,
    ).toContainEqual(expect.objectContaining({ id: stretch, estimatedMinutes: 15 }));

    const again = await decide(person, insight.id, shorten.id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).error.message).toBe(
      'This suggestion was already accepted.',
    );

    // A refresh keeps the decision and does not offer it again.
    const refreshed = await refresh(person);
    expect(refreshed.id).toBe(insight.id);
    expect(refreshed.content.suggestions.filter((s) => s.kind === 'shorten')).toEqual([
      expect.objectContaining({ id: shorten.id, state: 'accepted' }),
    ]);
  });

  it('accepting a small task adds it to the stalled goal; dismissing records the no', async () => {
    const insight = await refresh(person);
    const add = insight.content.suggestions.find((s) => s.kind === 'add_task');
    if (!add) throw new Error('no add_task suggestion');
    const accepted = suggestionResultSchema.parse(
      (await decide(person, insight.id, add.id, 'accept')).json(),
    );
    const created = await harness.call(person, 'GET', '/api/tasks?view=all');
    expect(
      created.json<{ tasks: Array<{ id: string; goalId: string | null; title: string }> }>().tasks,
    ).toContainEqual(
      expect.objectContaining({
        id: accepted.suggestion.taskId,
        goalId: spanish,
        title: '10 minutes on Learn Spanish',
      }),
    );
    const dismissed = await decide(person, insight.id, add.id, 'dismiss');
    expect(dismissed.statusCode).toBe(409);
  });

  it('accepting an experiment plans it for tomorrow, once, from the insight', async () => {
    const insight = await current(person);
    const proposal = insight.content.suggestions.find((s) => s.kind === 'experiment');
    if (!proposal) throw new Error('no experiment suggestion');

    const foreign = await decide(other, insight.id, proposal.id, 'accept');
    expect(foreign.statusCode).toBe(404);
    const othersList = await harness.call(other, 'GET', '/api/experiments');
    expect(experimentListSchema.parse(othersList.json()).experiments).toEqual([]);

    const accepted = await decide(person, insight.id, proposal.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { suggestion } = suggestionResultSchema.parse(accepted.json());
    if (suggestion.kind !== 'experiment') throw new Error('not an experiment');
    expect(suggestion).toMatchObject({ state: 'accepted', taskId: null });
    const list = experimentListSchema.parse(
      (await harness.call(person, 'GET', '/api/experiments')).json(),
    );
    expect(list.experiments).toEqual([
      expect.objectContaining({
        id: suggestion.experimentId,
        title: 'Try “Stretch” first thing for 7 days',
        status: 'planned',
        origin: 'insight',
        metric: { kind: 'rating' },
        startDate: '2025-03-11',
        endDate: '2025-03-17',
        goal: { id: run, title: 'Run a 10k' },
      }),
    ]);

    const again = await decide(person, insight.id, proposal.id, 'accept');
    expect(again.statusCode).toBe(409);
    const after = experimentListSchema.parse(
      (await harness.call(person, 'GET', '/api/experiments')).json(),
    );
    expect(after.experiments).toHaveLength(1);

    // While it is planned, a refresh keeps the decision and proposes no second one.
    const refreshed = await refresh(person);
    expect(refreshed.content.suggestions.filter((s) => s.kind === 'experiment')).toEqual([
      expect.objectContaining({ id: proposal.id, state: 'accepted' }),
    ]);
  });

  it('another person gets 404 for the insight and its suggestions', async () => {
    const insight = await current(person);
    const [suggestion] = insight.content.suggestions;
    const response = await decide(other, insight.id, suggestion!.id, 'dismiss');
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error.message).toBe('No insight has this id.');
    const list = insightListSchema.parse(
      (await harness.call(other, 'GET', '/api/insights')).json(),
    );
    expect(list.current).toBeNull();
    expect((await decide(person, insight.id, randomUUID(), 'accept')).statusCode).toBe(404);
  });

  it('bad input is a 400 naming what to send, and changes nothing', async () => {
    const insight = await current(person);
    const [suggestion] = insight.content.suggestions;
    for (const [url, body] of [
      [`/api/insights/${insight.id}/suggestions/${suggestion!.id}`, { decision: 'maybe' }],
      [`/api/insights/${insight.id}/suggestions/${suggestion!.id}`, { decision: 'accept', x: 1 }],
      [`/api/insights/not-an-id/suggestions/${suggestion!.id}`, { decision: 'accept' }],
    ] as const) {
      const response = await harness.call(person, 'POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()).error.message).toMatch(/decision|insight id/);
    }
    expect((await harness.call(person, 'GET', '/api/insights?weeks=500')).statusCode).toBe(400);
    const after = insightListSchema.parse(
      (await harness.call(person, 'GET', '/api/insights')).json(),
    );
    expect(after.current?.content.suggestions).toEqual(insight.content.suggestions);
  });

  it('refreshing is limited per hour with a message saying when', async () => {
    const fresh = await harness.user('UTC');
    for (let i = 0; i < 5; i++) await refresh(fresh);
    const response = await harness.call(fresh, 'POST', '/api/insights/refresh');
    expect(response.statusCode).toBe(429);
    expect(errorBodySchema.parse(response.json()).error.message).toMatch(/5 times an hour/);
  });

  it('needs a signed-in person', async () => {
    expect((await harness.call(null, 'GET', '/api/insights')).statusCode).toBe(401);
  });
});
