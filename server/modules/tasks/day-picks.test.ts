import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskPaths } from '#contracts/tasks.ts';
import { todayPaths, type Today } from '#contracts/today.ts';
import type { Database } from '#server/db/client.ts';
import { goals, onboardingProgress, topThreeDays } from '#server/db/schema.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import { dayKey, resolveDayPicks } from './day-picks.ts';

// A delivery carries exactly the top three /api/tasks/today shows for the same local date: the
// batch resolution of the scheduler and the tasks service's own agree, whichever runs first.

let database: Database;
let app: FastifyInstance;
let now = new Date('2026-03-10T08:00:00.000Z');
const clock = () => now;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { clock });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function today(user: TestUser): Promise<Today> {
  const response = await app.inject({
    method: 'GET',
    url: todayPaths.today.href(),
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Today>();
}

async function createTask(
  user: TestUser,
  body: {
    title: string;
    dueDate?: string;
    estimatedMinutes?: number;
    goalId?: string;
    scheduledDate?: string;
  },
) {
  const response = await app.inject({
    method: 'POST',
    url: taskPaths.tasks.href(),
    headers: user.headers,
    payload: { scheduledDate: '2026-03-10', ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function insertGoal(
  userId: string,
  values: { title: string; pinned?: boolean; status?: 'active' | 'paused' },
) {
  const id = randomUUID();
  await database.db.insert(goals).values({
    id,
    userId,
    title: values.title,
    domain: 'career',
    specific: 'Something specific',
    metric: { name: 'steps', target: 10, unit: 'steps' },
    deadline: '2026-12-31',
    why: 'Because',
    firstStep: 'Start',
    weeklyHours: 5,
    priority: 'high',
    pinned: values.pinned ?? false,
    status: values.status ?? 'active',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function deliveredInFull(userId: string, localDate = '2026-03-10') {
  const picks = await database.db.transaction((tx) =>
    resolveDayPicks(tx, [{ userId, localDate }], now),
  );
  return picks.get(dayKey(userId, localDate));
}

/** The picks as /api/tasks/today can show them too (the message's extras are checked apart). */
async function delivered(userId: string, localDate = '2026-03-10') {
  const picks = await deliveredInFull(userId, localDate);
  return (
    picks && {
      total: picks.total,
      open: picks.open.map(({ taskId, title, reason, goalTitle }) => ({
        taskId,
        title,
        reason,
        goalTitle,
      })),
    }
  );
}

const openOf = (day: Today) =>
  day.topThree
    .filter((pick) => pick.task.status === 'open')
    .map((pick) => ({
      taskId: pick.task.id,
      title: pick.task.title,
      reason: pick.reason,
      goalTitle: pick.task.goalTitle,
    }));

/**
 * A user of its own on 10 March, 08:00, with five tasks: two goals (one pinned, one paused).
 * Each test of the story below starts from one, so none relies on another having run.
 */
async function bookDay() {
  now = new Date('2026-03-10T08:00:00.000Z');
  const user = await signUpTestUser(app);
  const pinned = await insertGoal(user.id, { title: 'Ship the book', pinned: true });
  const paused = await insertGoal(user.id, { title: 'Learn the cello', status: 'paused' });
  const tasks = {
    outline: await createTask(user, { title: 'Finish the outline', dueDate: '2026-03-10' }),
    chapter: await createTask(user, { title: 'Draft chapter two', goalId: pinned }),
    call: await createTask(user, { title: 'Call the printer', dueDate: '2026-03-12' }),
    tidy: await createTask(user, { title: 'Tidy the desk', estimatedMinutes: 600 }),
    // Its goal is paused: it waits, out of the top three.
    scales: await createTask(user, {
      title: 'Practise scales',
      dueDate: '2026-03-10',
      goalId: paused,
    }),
  };
  return { user, tasks };
}

describe('the delivered top three', () => {
  it('freezes a day nobody has looked at yet, and the app then shows the same three', async () => {
    const { user } = await bookDay();
    const picks = await delivered(user.id);
    expect(picks?.total).toBe(3);
    expect(picks?.open.map((t) => t.title)).toEqual([
      'Finish the outline',
      'Draft chapter two',
      'Call the printer',
    ]);
    expect(picks?.open[1]?.goalTitle).toBe('Ship the book');
    expect(openOf(await today(user))).toEqual(picks?.open);
    // Asking again changes nothing.
    expect(await delivered(user.id)).toEqual(picks);
  });

  it('follows a swap, a completed task (kept, not sent) and a deleted one (refilled)', async () => {
    const { user, tasks } = await bookDay();
    // The day is frozen before anything changes.
    expect((await delivered(user.id))?.total).toBe(3);
    const swapped = await app.inject({
      method: 'POST',
      url: todayPaths.swap.href(),
      headers: user.headers,
      payload: { taskId: tasks.call },
    });
    expect(swapped.statusCode).toBe(200);
    expect(await delivered(user.id)).toEqual({ total: 3, open: openOf(await today(user)) });
    expect((await delivered(user.id))?.open.map((t) => t.title)).toContain('Tidy the desk');

    const done = await app.inject({
      method: 'PATCH',
      url: taskPaths.task.href({ id: tasks.outline }),
      headers: user.headers,
      payload: { action: 'complete' },
    });
    expect(done.statusCode).toBe(200);
    const afterDone = await delivered(user.id);
    expect(afterDone?.total).toBe(3);
    expect(afterDone?.open.map((t) => t.title)).toEqual(['Draft chapter two', 'Tidy the desk']);
    expect(afterDone?.open).toEqual(openOf(await today(user)));

    const removed = await app.inject({
      method: 'DELETE',
      url: taskPaths.task.href({ id: tasks.chapter }),
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    // Only the swapped-out task and the paused goal's are left: nothing refills the place.
    const afterDelete = await delivered(user.id);
    expect(afterDelete).toEqual({ total: 2, open: openOf(await today(user)) });
    expect(afterDelete?.open.map((t) => t.title)).toEqual(['Tidy the desk']);

    // A task added after the day was frozen does not take the empty place either.
    now = new Date('2026-03-10T08:30:00.000Z');
    await createTask(user, { title: 'Brand new', dueDate: '2026-03-10' });
    const afterAdd = await delivered(user.id);
    expect(afterAdd?.open.map((t) => t.title)).toEqual(['Tidy the desk']);
    expect(afterAdd?.open).toEqual(openOf(await today(user)));
  });

  it('starts afresh on the next local date', async () => {
    // 10 March as the test above leaves it: frozen, then a swap, a completed task, a deleted
    // one and a task added at 08:30.
    const booked = await bookDay();
    let user = booked.user;
    const { tasks } = booked;
    expect((await delivered(user.id))?.total).toBe(3);
    for (const [method, url, payload] of [
      ['POST', todayPaths.swap.href(), { taskId: tasks.call }],
      ['PATCH', taskPaths.task.href({ id: tasks.outline }), { action: 'complete' }],
      ['DELETE', taskPaths.task.href({ id: tasks.chapter }), undefined],
    ] as const) {
      const response = await app.inject({ method, url, headers: user.headers, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    now = new Date('2026-03-10T08:30:00.000Z');
    await createTask(user, { title: 'Brand new', dueDate: '2026-03-10' });
    expect((await delivered(user.id))?.open.map((t) => t.title)).toEqual(['Tidy the desk']);

    now = new Date('2026-03-11T08:00:00.000Z');
    // Yesterday's access token has expired: sign in again.
    const signedIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: app.auth.keys.publishableKey },
      payload: { email: user.email, password: 'correct-horse-battery' },
    });
    expect(signedIn.statusCode).toBe(200);
    user = {
      ...user,
      headers: {
        authorization: `Bearer ${signedIn.json<{ access_token: string }>().access_token}`,
      },
    };
    const next = await delivered(user.id, '2026-03-11');
    expect(next?.open.map((t) => t.title)).toEqual([
      'Brand new',
      'Call the printer',
      'Tidy the desk',
    ]);
    expect(openOf(await today(user))).toEqual(next?.open);
    const rows = await database.db
      .select({ localDate: topThreeDays.localDate })
      .from(topThreeDays)
      .where(eq(topThreeDays.userId, user.id));
    expect(rows.map((r) => r.localDate).sort()).toEqual(['2026-03-10', '2026-03-11']);
  });

  it('has nothing for a user without open tasks and freezes nothing', async () => {
    now = new Date('2026-03-11T08:00:00.000Z');
    const empty = await signUpTestUser(app);
    expect(await delivered(empty.id, '2026-03-11')).toEqual({ total: 0, open: [] });
    expect(
      await database.db.select().from(topThreeDays).where(eq(topThreeDays.userId, empty.id)),
    ).toEqual([]);
  });

  it('carries what the message shows: minutes, the goal’s progress and the coach’s tone', async () => {
    now = new Date('2026-03-12T08:00:00.000Z');
    const person = await signUpTestUser(app);
    const goal = await insertGoal(person.id, { title: 'Run a 10k', pinned: true });
    await database.db.insert(onboardingProgress).values({
      userId: person.id,
      step: 'tone',
      coachTone: 'motivational',
      updatedAt: now,
    });
    await createTask(person, {
      title: 'Easy run',
      goalId: goal,
      estimatedMinutes: 30,
      scheduledDate: '2026-03-12',
    });
    await createTask(person, { title: 'Own errand', scheduledDate: '2026-03-12' });
    // As if part of the goal were done already.
    await database.db.update(goals).set({ progress: 40 }).where(eq(goals.id, goal));
    const picks = await deliveredInFull(person.id, '2026-03-12');
    expect(picks?.coachTone).toBe('motivational');
    expect(
      picks?.open.map((t) => [t.title, t.estimatedMinutes, t.goalTitle, t.goalProgress]),
    ).toEqual([
      ['Easy run', 30, 'Run a 10k', 40],
      ['Own errand', null, null, null],
    ]);
    const stranger = await signUpTestUser(app);
    await createTask(stranger, { title: 'Theirs', scheduledDate: '2026-03-12' });
    expect((await deliveredInFull(stranger.id, '2026-03-12'))?.coachTone).toBeNull();
  });
});
