import { dashboardSchema } from '#contracts/dashboard.ts';
import { taskActionResultSchema, taskSchema, type CreateTask } from '#contracts/tasks.ts';
import { swapResultSchema } from '#contracts/today.ts';
import { randomUUID } from 'node:crypto';
import { topThreeDays } from '#server/db/schema.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  createGoal,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

// Monday 3 March 2025, 09:00 UTC.
const START = '2025-03-03T09:00:00.000Z';

describe('dashboard API', () => {
  let harness: PlanningTestApp;

  const create = async (user: TestUser, body: CreateTask) => {
    const response = await harness.call(user, 'POST', '/api/tasks', body);
    expect(response.statusCode, response.body).toBe(201);
    return taskSchema.parse(response.json());
  };
  const act = async (user: TestUser, id: string, body: Record<string, unknown>) => {
    const response = await harness.call(user, 'PATCH', `/api/tasks/${id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return taskActionResultSchema.parse(response.json());
  };
  const dashboard = async (user: TestUser) => {
    const response = await harness.call(user, 'GET', '/api/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await startPlanningApp(START);
  });
  beforeEach(() => {
    harness.clock.set(START);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows today’s three, active goals, next milestones and the streak of days whose three were done', async () => {
    const user = await harness.user();
    const goal = await createGoal(harness, user, {
      goal: { title: 'Streaky', deadline: '2025-06-01' },
      pinned: true,
    });
    await harness.call(user, 'POST', `/api/goals/${goal.id}/plan`, {
      milestones: [
        { title: 'Later', description: 'D', dueDate: '2025-05-01' },
        { title: 'Sooner', description: 'D', dueDate: '2025-04-01' },
      ],
      tasks: [],
    });
    const paused = await createGoal(harness, user, { goal: { title: 'Resting' } });
    await harness.call(user, 'PATCH', `/api/goals/${paused.id}`, { status: 'paused' });

    const days = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06'];
    const streaks: Array<{ current: number; best: number }> = [];
    let session = user;
    for (const [index, date] of days.entries()) {
      harness.clock.set(`${date}T09:00:00.000Z`);
      session = await harness.signIn(user);
      for (const n of [1, 2, 3])
        await create(session, { title: `${date} #${n}`, scheduledDate: date });
      const board = await dashboard(session);
      expect(board.localDate).toBe(date);
      expect(board.topThree).toHaveLength(3);
      // Days 1 and 2 are done in full; day 3 only in part; day 4 not at all.
      const toDo = index < 2 ? 3 : index === 2 ? 2 : 0;
      for (const pick of board.topThree.slice(0, toDo))
        await act(session, pick.task.id, { action: 'complete' });
      streaks.push((await dashboard(session)).streak);
    }
    expect(streaks).toEqual([
      { current: 1, best: 1 },
      { current: 2, best: 2 },
      // Today is not done yet: the streak still counts up to yesterday.
      { current: 2, best: 2 },
      { current: 0, best: 2 },
    ]);
    const board = await dashboard(session);
    expect(board.goals.map((g) => g.title)).toEqual(['Streaky']);
    expect(board.nextMilestones.map((m) => m.title)).toEqual(['Sooner', 'Later']);
    expect(board.nextMilestones[0]).toMatchObject({ goalId: goal.id, goalTitle: 'Streaky' });
  });

  it('a swap with nothing to put in keeps the task; a day counts only when what was picked is done', async () => {
    const user = await harness.user();
    const tasks = [];
    for (const n of [1, 2, 3]) tasks.push(await create(user, { title: `Only #${n}` }));
    const board = await dashboard(user);
    expect(board.topThree).toHaveLength(3);
    const third = board.topThree[2]!.task;
    const response = await harness.call(user, 'POST', '/api/tasks/today/swap', {
      taskId: third.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const swapped = swapResultSchema.parse(response.json());
    expect(swapped.swap).toMatchObject({ removedTaskId: null, addedTaskId: null });
    expect(swapped.swap.reason).toMatch(/^There is none/);
    expect(swapped.topThree.map((p) => p.task.id)).toEqual(board.topThree.map((p) => p.task.id));
    expect((await dashboard(user)).topThree.map((p) => p.task.id)).toContain(third.id);

    // Two of three done is not the day done; a skipped one is not done either.
    await act(user, board.topThree[0]!.task.id, { action: 'complete' });
    await act(user, board.topThree[1]!.task.id, { action: 'complete' });
    expect((await dashboard(user)).streak).toEqual({ current: 0, best: 0 });
    await act(user, third.id, { action: 'skip' });
    expect((await dashboard(user)).streak).toEqual({ current: 0, best: 0 });
    await act(user, third.id, { action: 'reopen' });
    await act(user, third.id, { action: 'complete' });
    expect((await dashboard(user)).streak).toEqual({ current: 1, best: 1 });
  });

  it('does not count a day whose swap left a place empty while the task taken out was not done', async () => {
    const user = await harness.user();
    const done = [];
    for (const n of [1, 2]) {
      const task = await create(user, { title: `Done #${n}` });
      done.push((await act(user, task.id, { action: 'complete' })).task);
    }
    const dropped = await create(user, { title: 'Taken out' });
    // A day as a swap without a replacement used to leave it: two picks, the third swapped out.
    const pick = (taskId: string) => ({
      taskId,
      score: 0,
      reason: 'Next on your list',
      reasons: [],
      breakdown: { due: 0, milestone: 0, topGoal: 0, priority: 0, staleness: 0, effort: 0 },
    });
    const at = new Date('2025-03-02T09:00:00.000Z');
    await harness.database.db.insert(topThreeDays).values({
      id: randomUUID(),
      userId: user.id,
      localDate: '2025-03-02',
      picks: done.map((task) => pick(task.id)),
      swappedOut: [dropped.id],
      frozenAt: at,
      updatedAt: at,
    });
    expect((await dashboard(user)).streak).toEqual({ current: 0, best: 0 });
    // Today's one pick is that task: done, today and yesterday both count.
    await act(user, dropped.id, { action: 'complete' });
    expect((await dashboard(user)).streak).toEqual({ current: 2, best: 2 });
  });
});
