import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPageSchema, type HistoryEntry } from '#contracts/coaching.ts';
import { taskSchema } from '#contracts/tasks.ts';
import { todaySchema } from '#contracts/today.ts';
import { coachMessages, coachThreads, milestones } from '#server/db/schema.ts';
import { startCoachingApp, type CoachingTestApp } from '#server/modules/coaching/test-support.ts';
import { createGoal, expectError } from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

// The person lives in New York (UTC-5 in early March): 2025-03-03 is 05:00Z to 05:00Z next day.
const DAY_1 = '2025-03-03T14:00:00.000Z';

describe('GET /api/history', () => {
  let t: CoachingTestApp;
  let user: TestUser;
  let health: { id: string };
  let career: { id: string };
  let rowan: { id: string };
  let all: HistoryEntry[];

  const page = async (who: TestUser, query = '') => {
    const response = await t.call(who, 'GET', `/api/history${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return historyPageSchema.parse(response.json());
  };
  /** Every entry, page by page, `size` at a time. */
  const walk = async (who: TestUser, size: number, filters = '') => {
    const seen: HistoryEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=${size}${filters}${cursor ? `&cursor=${cursor}` : ''}`;
      const next = await page(who, query);
      seen.push(...next.entries);
      cursor = next.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return seen;
  };
  const task = async (who: TestUser, body: Record<string, unknown>) => {
    const response = await t.call(who, 'POST', '/api/tasks', body);
    expect(response.statusCode, response.body).toBe(201);
    return taskSchema.parse(response.json());
  };
  const act = async (who: TestUser, id: string, action: 'complete' | 'skip') => {
    const response = await t.call(who, 'PATCH', `/api/tasks/${id}`, { action });
    expect(response.statusCode, response.body).toBe(200);
  };
  const later = async (minutes: number) => {
    t.clock.advanceMinutes(minutes);
    user = await t.signIn(user);
  };

  beforeAll(async () => {
    t = await startCoachingApp(DAY_1);
    user = await t.user('America/New_York');
    rowan = await t.addCoach(user, 'ai-health');

    // Day 1: two goals, three tasks picked for the top three and all done.
    health = await createGoal(t, user, { goal: { title: 'Run a 10k', domain: 'health' } });
    await later(1);
    career = await createGoal(t, user, {
      goal: {
        title: 'Ship the portfolio',
        domain: 'career',
        metric: { name: 'pages', target: 5, unit: 'pages' },
      },
    });
    const run = await task(user, {
      title: 'Run 2 km',
      goalId: health.id,
      scheduledDate: '2025-03-03',
    });
    const page1 = await task(user, {
      title: 'Draft page 1',
      goalId: career.id,
      scheduledDate: '2025-03-03',
    });
    const call = await task(user, { title: 'Call the bank', scheduledDate: '2025-03-03' });
    const today = todaySchema.parse((await t.call(user, 'GET', '/api/tasks/today')).json());
    expect(today.topThree).toHaveLength(3);
    for (const id of [run.id, page1.id, call.id]) {
      await later(10);
      await act(user, id, 'complete');
    }

    // Day 2 (next morning in New York): a skipped task, a milestone, a reflection, a consultation.
    await later(60 * 20);
    const stretch = await task(user, {
      title: 'Stretch',
      goalId: health.id,
      scheduledDate: '2025-03-04',
    });
    const other = await task(user, { title: 'Read', scheduledDate: '2025-03-04' });
    await t.call(user, 'GET', '/api/tasks/today');
    await act(user, stretch.id, 'skip');
    await later(1);
    await act(user, other.id, 'complete');
    await later(5);
    await t.database.db.insert(milestones).values({
      id: randomUUID(),
      goalId: health.id,
      userId: user.id,
      title: 'Run 5 km',
      description: 'Half way.',
      dueDate: '2025-04-01',
      position: 0,
      progress: 100,
      completedAt: t.clock.now(),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await later(5);
    expect(
      (
        await t.call(user, 'POST', '/api/coach/reflections', {
          period: 'daily',
          text: 'Stiff legs today.',
        })
      ).statusCode,
    ).toBe(201);
    await later(5);
    expect(
      (
        await t.call(user, 'POST', '/api/coach/consultations', {
          question: 'Run or write tonight?',
        })
      ).statusCode,
    ).toBe(201);

    // A conversation with Rowan: two messages late on day 2 (New York), one on day 3.
    const threadId = randomUUID();
    await t.database.db.insert(coachThreads).values({
      id: threadId,
      userId: user.id,
      userCoachId: rowan.id,
      createdAt: t.clock.now(),
    });
    const message = (iso: string, author: 'person' | 'coach') => ({
      id: randomUUID(),
      threadId,
      userId: user.id,
      author,
      kind: 'chat' as const,
      state: 'complete' as const,
      body: 'hi',
      createdAt: new Date(iso),
    });
    await t.database.db.insert(coachMessages).values([
      message('2025-03-05T03:00:00.000Z', 'person'), // 22:00 on 2025-03-04 in New York
      message('2025-03-05T03:01:00.000Z', 'coach'),
      message('2025-03-05T13:00:00.000Z', 'person'), // 08:00 on 2025-03-05
    ]);
    await later(60 * 24);
    all = (await page(user, '?limit=100')).entries;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers one timeline, newest first, each entry linking to its source', () => {
    // The top three's titles in the order the day showed them (its scores decide).
    const shown = all.map((entry) => [
      entry.type,
      entry.title,
      entry.type === 'top_three_day' ? entry.detail?.split(' · ').sort() : entry.detail,
    ]);
    expect(shown).toEqual([
      ['conversation', 'Conversation with Rowan', '1 message'],
      ['conversation', 'Conversation with Rowan', '2 messages'],
      ['consultation', 'Asked the team', 'Run or write tonight?'],
      ['reflection', 'Daily reflection', 'Stiff legs today.'],
      ['milestone_reached', 'Run 5 km', 'Run a 10k'],
      ['task_done', 'Read', null],
      ['task_skipped', 'Stretch', 'Run a 10k'],
      ['top_three_day', 'Top three done', ['Call the bank', 'Draft page 1', 'Run 2 km']],
      ['task_done', 'Call the bank', null],
      // Each task done moved its goal's progress: the goal's history lines, a millisecond apart.
      ['goal_event', 'Reached 100 %: all done', 'Ship the portfolio'],
      ['goal_event', 'Reached 75 %', 'Ship the portfolio'],
      ['goal_event', 'Reached 50 %', 'Ship the portfolio'],
      ['task_done', 'Draft page 1', 'Ship the portfolio'],
      ['goal_event', 'Reached 25 %', 'Ship the portfolio'],
      ['goal_event', 'Reached 100 %: all done', 'Run a 10k'],
      ['goal_event', 'Reached 75 %', 'Run a 10k'],
      ['goal_event', 'Reached 50 %', 'Run a 10k'],
      ['task_done', 'Run 2 km', 'Run a 10k'],
      ['goal_event', 'Reached 25 %', 'Run a 10k'],
      ['goal_event', 'Created', 'Ship the portfolio'],
      ['goal_event', 'Created', 'Run a 10k'],
    ]);
    // The top three day stands at the moment its last pick was done.
    const day = all.find((e) => e.type === 'top_three_day');
    const last = all.find((e) => e.title === 'Call the bank');
    expect(day?.at).toBe(last?.at);
    // A day with a skipped pick is not a top-three day.
    expect(all.filter((e) => e.type === 'top_three_day')).toHaveLength(1);

    const at = all.map((entry) => entry.at);
    expect([...at].sort().reverse()).toEqual(at);
    const hrefs = Object.fromEntries(all.map((entry) => [entry.type, entry.href]));
    expect(hrefs).toEqual({
      conversation: `/coaching/chat/${rowan.id}`,
      consultation: '/coaching/team',
      reflection: '/history',
      milestone_reached: `/goals/${health.id}`,
      task_done: '/tasks',
      task_skipped: '/tasks',
      top_three_day: '/tasks',
      goal_event: `/goals/${health.id}`,
    });
    expect(all.find((e) => e.type === 'task_skipped')).toMatchObject({
      goalId: health.id,
      domain: 'health',
    });
  });

  it('pages with an opaque cursor: no entry twice, none missing, whatever the page size', async () => {
    for (const size of [1, 2, 3, 7]) {
      expect(await walk(user, size)).toEqual(all);
    }
  });

  it('pages through entries at the same instant without duplicates or gaps', async () => {
    const tied = await t.user();
    const goal = await createGoal(t, tied, { goal: { title: 'Tied goal' } });
    const at = new Date('2025-03-05T12:00:00.000Z');
    await t.database.db.insert(milestones).values(
      Array.from({ length: 5 }, (_, i) => ({
        id: randomUUID(),
        goalId: goal.id,
        userId: tied.id,
        title: `Step ${i}`,
        description: 'Same moment.',
        dueDate: '2025-04-01',
        position: i,
        completedAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const every = (await page(tied, '?limit=100&types=milestone_reached')).entries;
    expect(every).toHaveLength(5);
    expect(await walk(tied, 2, '&types=milestone_reached')).toEqual(every);
    expect(new Set(every.map((e) => e.id)).size).toBe(5);
  });

  it('filters by type, goal, domain and the person’s own dates', async () => {
    const types = await walk(user, 2, '&types=task_done,task_skipped');
    expect(types).toEqual(all.filter((e) => e.type === 'task_done' || e.type === 'task_skipped'));

    const goal = await walk(user, 3, `&goalId=${health.id}`);
    expect(goal).toEqual(all.filter((e) => e.goalId === health.id));
    expect(new Set(goal.map((e) => e.type))).toEqual(
      new Set(['milestone_reached', 'task_skipped', 'task_done', 'goal_event']),
    );

    const domain = await walk(user, 3, '&domain=health');
    expect(domain).toEqual(all.filter((e) => e.domain === 'health'));
    expect(domain.filter((e) => e.type === 'conversation')).toHaveLength(2);
    expect((await page(user, '?domain=career&types=conversation')).entries).toEqual([]);

    // 2025-03-04 in New York: the second day, with the evening's conversation (03:00Z on the 5th).
    const day2 = await walk(user, 4, '&from=2025-03-04&to=2025-03-04');
    expect(day2.map((e) => e.type)).toEqual([
      'conversation',
      'consultation',
      'reflection',
      'milestone_reached',
      'task_done',
      'task_skipped',
    ]);

    const fromDay3 = await page(user, '?from=2025-03-05');
    expect(fromDay3.entries.map((e) => e.detail)).toEqual(['1 message']);
    const day1 = await page(user, '?to=2025-03-03&limit=100');
    expect(day1.entries).toEqual(all.filter((e) => e.at < '2025-03-04T05:00:00.000Z'));
    expect(day1.entries.some((e) => e.type === 'top_three_day')).toBe(true);
  });

  it('shows only the person’s own entries', async () => {
    const stranger = await t.user('America/New_York');
    expect(await page(stranger)).toEqual({ entries: [], nextCursor: null });
    expect((await page(stranger, `?goalId=${health.id}`)).entries).toEqual([]);
    // Another person's cursor reads this person's own timeline from that point: still only theirs.
    const first = await page(user, '?limit=1');
    expect((await page(stranger, `?cursor=${first.nextCursor}`)).entries).toEqual([]);
  });

  it('refuses bad filters with the field to fix', async () => {
    const cases: Array<[string, string]> = [
      ['?types=task_done,naps', 'querystring.types: types must be among task_done, task_skipped'],
      ['?goalId=run', 'querystring.goalId: must be a goal id (a UUID)'],
      ['?domain=finance', 'querystring.domain: '],
      ['?from=03/04/2025', 'querystring.from: must be a date written YYYY-MM-DD'],
      ['?from=2025-03-05&to=2025-03-04', 'querystring.to: must be on or after from'],
      ['?limit=0', 'querystring.limit: '],
      ['?limit=101', 'querystring.limit: '],
      ['?cursor=nope', 'querystring.cursor: must be a nextCursor from a previous page'],
      [
        `?cursor=${Buffer.from('2025-03-05T12:00:00.000000Z task_done:x').toString('base64url')}`,
        'querystring.cursor: must be a nextCursor from a previous page',
      ],
    ];
    for (const [query, message] of cases) {
      const error = expectError(
        await t.call(user, 'GET', `/api/history${query}`),
        400,
        'invalid_input',
      );
      expect(error.message).toContain(message);
    }
    expect((await t.call(null, 'GET', '/api/history')).statusCode).toBe(401);
  });
});
