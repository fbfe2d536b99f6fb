import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashboardSchema } from '#contracts/dashboard.ts';
import { acceptPlanResultSchema } from '#contracts/plan.ts';
import {
  taskActionResultSchema,
  taskListSchema,
  taskSchema,
  type CreateTask,
  type Task,
} from '#contracts/tasks.ts';
import { swapResultSchema, todaySchema } from '#contracts/today.ts';
import { notificationListSchema } from '#contracts/notifications.ts';
import { insertDayNotifications } from '#server/delivery/day-notifications.ts';
import {
  createGoal,
  expectError,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';

// Monday 3 March 2025, 09:00 UTC (01:00 in Los Angeles, 10:00 in Paris).
const START = '2025-03-03T09:00:00.000Z';

describe('tasks API', () => {
  let harness: PlanningTestApp;

  const create = async (user: TestUser, body: CreateTask): Promise<Task> => {
    const response = await harness.call(user, 'POST', '/api/tasks', body);
    expect(response.statusCode, response.body).toBe(201);
    return taskSchema.parse(response.json());
  };
  const act = async (user: TestUser, id: string, body: Record<string, unknown>) => {
    const response = await harness.call(user, 'PATCH', `/api/tasks/${id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return taskActionResultSchema.parse(response.json());
  };
  const list = async (user: TestUser, query = '') => {
    const response = await harness.call(user, 'GET', `/api/tasks${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return taskListSchema.parse(response.json());
  };
  const today = async (user: TestUser) => {
    const response = await harness.call(user, 'GET', '/api/tasks/today');
    expect(response.statusCode, response.body).toBe(200);
    return todaySchema.parse(response.json());
  };
  const dashboard = async (user: TestUser) => {
    const response = await harness.call(user, 'GET', '/api/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };
  const titles = (tasks: readonly Task[]) => tasks.map((t) => t.title);

  beforeAll(async () => {
    harness = await startPlanningApp(START);
  });
  beforeEach(() => {
    harness.clock.set(START);
  });
  afterAll(async () => {
    await harness?.close();
  });

  describe('tasks of one’s own and the views', () => {
    it('creates tasks and shows today, upcoming, overdue and all in the user’s zone', async () => {
      const user = await harness.user('America/Los_Angeles');
      // 01:00 on Monday 3 March in Los Angeles.
      const now = await create(user, {
        title: 'Today',
        scheduledDate: '2025-03-03',
        estimatedMinutes: 20,
      });
      await create(user, { title: 'Tomorrow', scheduledDate: '2025-03-04' });
      await create(user, { title: 'Any day' });
      expect(now).toMatchObject({ status: 'open', goalId: null, recurrence: null, seriesId: null });
      expect((await list(user, '?view=today')).localDate).toBe('2025-03-03');
      expect(titles((await list(user, '?view=today')).tasks)).toEqual(['Today', 'Any day']);
      expect(titles((await list(user, '?view=upcoming')).tasks)).toEqual(['Tomorrow']);
      expect(titles((await list(user, '?view=overdue')).tasks)).toEqual([]);

      // Tuesday, 12:00 in Los Angeles: Monday's task is overdue.
      harness.clock.set('2025-03-04T20:00:00.000Z');
      const later = await harness.signIn(user);
      expect(titles((await list(later, '?view=overdue')).tasks)).toEqual(['Today']);
      expect(titles((await list(later, '?view=today')).tasks)).toEqual([
        'Today',
        'Tomorrow',
        'Any day',
      ]);
      await act(later, now.id, { action: 'complete' });
      expect(titles((await list(later, '?view=all&status=done')).tasks)).toEqual(['Today']);
      expect((await list(later)).tasks).toHaveLength(3);
    });

    it('attaches a task to a goal or milestone and keeps it within their dates', async () => {
      const user = await harness.user();
      const goal = await createGoal(harness, user, { goal: { deadline: '2025-04-30' } });
      const plan = acceptPlanResultSchema.parse(
        (
          await harness.call(user, 'POST', `/api/goals/${goal.id}/plan`, {
            milestones: [{ title: 'Base', description: 'D', dueDate: '2025-03-20' }],
            tasks: [],
          })
        ).json(),
      );
      const milestoneId = plan.milestones[0]!.id;
      // The goal comes from the milestone.
      const task = await create(user, { title: 'Drill', milestoneId, scheduledDate: '2025-03-10' });
      expect(task).toMatchObject({
        goalId: goal.id,
        goalTitle: 'Run a 10k',
        milestoneTitle: 'Base',
      });
      const before = (await list(user)).tasks.length;
      const cases = [
        [
          { title: 'Late', milestoneId, scheduledDate: '2025-03-21' },
          /body\.scheduledDate: must be on or before its milestone "Base" \(2025-03-20\)/,
        ],
        [
          { title: 'Late', goalId: goal.id, scheduledDate: '2025-05-01' },
          /body\.scheduledDate: must be on or before its goal's deadline \(2025-04-30\)/,
        ],
        [
          { title: 'Past', scheduledDate: '2025-03-02' },
          /body\.scheduledDate: must be today \(2025-03-03\) or later/,
        ],
        [{ title: 'Old', scheduledDate: '1900-01-01' }, /body\.scheduledDate: must be between/],
        [{ title: 'Due late', goalId: goal.id, dueDate: '2025-05-02' }, /body\.dueDate/],
        [{ title: 'x'.repeat(161) }, /body\.title: must be at most 160 characters/],
        [{ title: '' }, /body\.title/],
        [
          { title: 'Too often', recurrence: { kind: 'weekly', timesPerWeek: 8 } },
          /body\.recurrence/,
        ],
        [{ title: 'Never', recurrence: { kind: 'monthly' } }, /body\.recurrence/],
        [{ title: 'Bad goal', goalId: 'nope' }, /body\.goalId: must be a goal id/],
        [{ title: 'Minutes', estimatedMinutes: 2.5 }, /body\.estimatedMinutes/],
      ] as const;
      for (const [payload, message] of cases) {
        const response = await harness.call(user, 'POST', '/api/tasks', payload);
        expect(expectError(response, 400, 'invalid_input').message).toMatch(message);
      }
      const huge = await harness.call(user, 'POST', '/api/tasks', {
        title: 'x'.repeat(10 * 1024 * 1024),
      });
      expect([400, 413]).toContain(huge.statusCode);
      expect(huge.json<{ error: { message: string } }>().error.message).toMatch(
        /too large|at most/i,
      );
      expect((await list(user)).tasks).toHaveLength(before);
    });
  });

  describe('actions', () => {
    it('completes, skips, snoozes, reschedules, reopens and edits', async () => {
      const user = await harness.user();
      const task = await create(user, {
        title: 'Stretch',
        scheduledDate: '2025-03-03',
        estimatedMinutes: 10,
      });

      const snoozed = await act(user, task.id, { action: 'snooze', until: '2025-03-05' });
      expect(snoozed.task.snoozedUntil).toBe('2025-03-05');
      expect(titles((await list(user, '?view=today')).tasks)).toEqual([]);
      expect(titles((await list(user, '?view=upcoming')).tasks)).toEqual(['Stretch']);

      const moved = await act(user, task.id, { action: 'reschedule', to: '2025-03-03' });
      expect(moved.task).toMatchObject({ scheduledDate: '2025-03-03', snoozedUntil: null });

      const edited = await act(user, task.id, {
        action: 'edit',
        title: 'Long stretch',
        estimatedMinutes: 25,
        notes: 'Hips',
      });
      expect(edited.task).toMatchObject({
        title: 'Long stretch',
        estimatedMinutes: 25,
        notes: 'Hips',
      });

      const done = await act(user, task.id, { action: 'complete' });
      expect(done.task.status).toBe('done');
      expect(done.task.completedAt).toBe(START);
      expect(done.nextOccurrence).toBeNull();
      // Completing twice is harmless.
      expect((await act(user, task.id, { action: 'complete' })).task.status).toBe('done');
      expectError(
        await harness.call(user, 'PATCH', `/api/tasks/${task.id}`, { action: 'skip' }),
        409,
        'conflict',
      );
      expectError(
        await harness.call(user, 'PATCH', `/api/tasks/${task.id}`, {
          action: 'snooze',
          until: '2025-03-06',
        }),
        409,
        'conflict',
      );
      const reopened = await act(user, task.id, { action: 'reopen' });
      expect(reopened.task).toMatchObject({ status: 'open', completedAt: null });
      expect((await act(user, task.id, { action: 'skip' })).task.status).toBe('skipped');

      const deleted = await harness.call(user, 'DELETE', `/api/tasks/${task.id}`);
      expect(deleted.json()).toEqual({ deleted: true });
      expectError(await harness.call(user, 'DELETE', `/api/tasks/${task.id}`), 404, 'not_found');
    });

    it('refuses bad actions with a 400 and changes nothing', async () => {
      const user = await harness.user();
      const task = await create(user, { title: 'Guarded', scheduledDate: '2025-03-04' });
      const cases = [
        [
          { action: 'fly' },
          /action must be one of complete, skip, snooze, reschedule, reopen, edit/,
        ],
        [{}, /action must be one of/],
        [
          { action: 'snooze', until: '2025-03-03' },
          /body\.until: must be after today \(2025-03-03\)/,
        ],
        [{ action: 'snooze' }, /body\.until/],
        [
          { action: 'reschedule', to: '2025-03-01' },
          /body\.to: must be today \(2025-03-03\) or later/,
        ],
        [{ action: 'reschedule', to: '1900-01-01' }, /body\.to: must be between/],
        [{ action: 'edit' }, /edit must change at least one field/],
        [{ action: 'edit', title: 'x'.repeat(200) }, /body\.title/],
        [{ action: 'edit', dueDate: '2025-02-01' }, /body\.dueDate: must be today/],
      ] as const;
      for (const [payload, message] of cases) {
        const response = await harness.call(user, 'PATCH', `/api/tasks/${task.id}`, payload);
        expect(expectError(response, 400, 'invalid_input').message).toMatch(message);
      }
      const [after] = (await list(user)).tasks;
      expect(after).toEqual(task);
      expect(
        expectError(
          await harness.call(user, 'PATCH', '/api/tasks/not-a-uuid', { action: 'complete' }),
          400,
          'invalid_input',
        ).message,
      ).toMatch(/params\.id: must be an id/);
      expectError(await harness.call(user, 'GET', '/api/tasks?view=someday'), 400, 'invalid_input');
    });
  });

  describe('today’s top three', () => {
    it('is frozen within the local day and moves on at local midnight in the user’s zone', async () => {
      harness.clock.set('2025-03-09T18:00:00.000Z'); // Sunday 11:00 in Los Angeles (PDT since 02:00).
      const user = await harness.user('America/Los_Angeles');
      const goal = await createGoal(harness, user, {
        goal: { title: 'Focus', deadline: '2025-05-01' },
        priority: 'high',
      });
      await create(user, { title: 'Due today', dueDate: '2025-03-09', estimatedMinutes: 30 });
      await create(user, {
        title: 'Goal work',
        goalId: goal.id,
        scheduledDate: '2025-03-09',
        estimatedMinutes: 30,
      });
      await create(user, { title: 'Quick', estimatedMinutes: 10 });
      await create(user, { title: 'Huge', estimatedMinutes: 600 });

      const first = await today(user);
      expect(first.localDate).toBe('2025-03-09');
      expect(first.timeZone).toBe('America/Los_Angeles');
      expect(first.frozenAt).not.toBeNull();
      expect(first.topThree.map((p) => p.task.title)).toEqual(['Due today', 'Goal work', 'Quick']);
      expect(first.topThree[0]!.reason).toBe('Due today');
      expect(first.topThree[1]!.reason).toBe('Moves your high-priority goal “Focus”');
      expect(
        first.topThree.every(
          (p) =>
            p.reasons.length > 0 &&
            p.score === Object.values(p.breakdown).reduce((a, b) => a + b, 0),
        ),
      ).toBe(true);
      expect(titles(first.others)).toEqual(['Huge']);
      expect(first.othersTotal).toBe(1);

      // A better task arrives and one of the three is done: the three stay as they were shown.
      await create(user, {
        title: 'Urgent newcomer',
        dueDate: '2025-03-09',
        goalId: goal.id,
        estimatedMinutes: 5,
      });
      await act(user, first.topThree[2]!.task.id, { action: 'complete' });
      const again = await today(user);
      expect(again.topThree.map((p) => p.task.title)).toEqual(['Due today', 'Goal work', 'Quick']);
      expect(again.topThree[2]!.task.status).toBe('done');
      expect(again.frozenAt).toBe(first.frozenAt);
      expect(titles(again.others)).toEqual(['Urgent newcomer', 'Huge']);
      expect((await dashboard(user)).topThree.map((p) => p.task.id)).toEqual(
        again.topThree.map((p) => p.task.id),
      );

      // 23:59 on Sunday in Los Angeles: still Sunday's three.
      harness.clock.set('2025-03-10T06:59:00.000Z');
      const late = await today(await harness.signIn(user));
      expect(late.localDate).toBe('2025-03-09');
      expect(late.topThree.map((p) => p.task.title)).toEqual(['Due today', 'Goal work', 'Quick']);

      // Local midnight (07:00 UTC after the DST change, not 08:00): a new day, a new three.
      harness.clock.set('2025-03-10T07:00:00.000Z');
      const next = await today(await harness.signIn(user));
      expect(next.localDate).toBe('2025-03-10');
      expect(next.frozenAt).toBe('2025-03-10T07:00:00.000Z');
      expect(next.topThree.map((p) => p.task.title)).toEqual([
        'Urgent newcomer',
        'Due today',
        'Goal work',
      ]);
      expect(next.topThree[1]!.reason).toBe('Overdue since yesterday');
    });

    it('a task added after the three were shown waits; tasks moved away leave and their place is filled from the rest', async () => {
      const user = await harness.user();
      const a = await create(user, { title: 'A', dueDate: '2025-03-03' });
      await create(user, { title: 'B', estimatedMinutes: 10 });
      await create(user, { title: 'C', dueDate: '2025-03-04' });
      await create(user, { title: 'Fourth' });
      const first = await today(user);
      expect(first.topThree.map((p) => p.task.title)).toEqual(['A', 'C', 'B']);
      // Added after the day was frozen, even when it would score best: not today's three.
      await create(user, { title: 'Newcomer', dueDate: '2025-03-03', estimatedMinutes: 5 });
      const again = await today(user);
      expect(again.topThree.map((p) => p.task.title)).toEqual(['A', 'C', 'B']);
      expect(titles(again.others)).toContain('Newcomer');
      // A pick moved to another day leaves; its place goes to a task that was already there.
      await act(user, a.id, { action: 'reschedule', to: '2025-03-05' });
      const after = await today(user);
      expect(after.topThree.map((p) => p.task.title)).toEqual(['C', 'B', 'Fourth']);
    });

    it('a day frozen short is not topped up by tasks added later', async () => {
      const user = await harness.user();
      await create(user, { title: 'First', dueDate: '2025-03-03' });
      expect((await today(user)).topThree.map((p) => p.task.title)).toEqual(['First']);
      await create(user, { title: 'Second', dueDate: '2025-03-03' });
      const later = await today(user);
      expect(later.topThree.map((p) => p.task.title)).toEqual(['First']);
      expect(titles(later.others)).toEqual(['Second']);
      // The next local day chooses afresh.
      harness.clock.set('2025-03-04T09:00:00.000Z');
      const next = await today(await harness.signIn(user));
      // Both overdue by a day: equal scores, in id order.
      expect(next.topThree.map((p) => p.task.title).sort()).toEqual(['First', 'Second']);
    });

    it('swaps one of the three for the next best and says why', async () => {
      const user = await harness.user();
      for (const [title, dueDate] of [
        ['One', '2025-03-03'],
        ['Two', '2025-03-04'],
        ['Three', '2025-03-05'],
        ['Four', '2025-03-06'],
        ['Five', '2025-03-07'],
      ] as const) {
        await create(user, { title, dueDate });
      }
      const shown = await today(user);
      expect(shown.topThree.map((p) => p.task.title)).toEqual(['One', 'Two', 'Three']);
      const two = shown.topThree[1]!.task;
      const response = await harness.call(user, 'POST', '/api/tasks/today/swap', {
        taskId: two.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      const swapped = swapResultSchema.parse(response.json());
      expect(swapped.topThree.map((p) => p.task.title)).toEqual(['One', 'Four', 'Three']);
      expect(swapped.swap).toMatchObject({
        removedTaskId: two.id,
        reason: 'Next best: Due Thursday',
      });
      expect(titles(swapped.others)).toEqual(['Two', 'Five']);
      // The swap holds for the rest of the day, and a swapped-out task does not come back.
      expect((await today(user)).topThree.map((p) => p.task.title)).toEqual([
        'One',
        'Four',
        'Three',
      ]);
      const four = swapped.topThree[1]!.task;
      const again = swapResultSchema.parse(
        (await harness.call(user, 'POST', '/api/tasks/today/swap', { taskId: four.id })).json(),
      );
      expect(again.topThree.map((p) => p.task.title)).toEqual(['One', 'Five', 'Three']);
      const last = swapResultSchema.parse(
        (
          await harness.call(user, 'POST', '/api/tasks/today/swap', {
            taskId: again.topThree[1]!.task.id,
          })
        ).json(),
      );
      // Nothing left to put in: the task stays, and the person is told there is none.
      expect(last.topThree.map((p) => p.task.title)).toEqual(['One', 'Five', 'Three']);
      expect(last.swap).toMatchObject({
        removedTaskId: null,
        addedTaskId: null,
        reason: 'There is none: no other task is open for today, so “Five” stays in your three.',
      });
      expect((await today(user)).topThree.map((p) => p.task.title)).toEqual([
        'One',
        'Five',
        'Three',
      ]);

      expectError(
        await harness.call(user, 'POST', '/api/tasks/today/swap', { taskId: two.id }),
        409,
        'conflict',
      );
      const one = shown.topThree[0]!.task;
      await act(user, one.id, { action: 'complete' });
      expectError(
        await harness.call(user, 'POST', '/api/tasks/today/swap', { taskId: one.id }),
        409,
        'conflict',
      );
      expectError(
        await harness.call(user, 'POST', '/api/tasks/today/swap', { taskId: 'x' }),
        400,
        'invalid_input',
      );
      expectError(
        await harness.call(user, 'POST', '/api/tasks/today/swap', {}),
        400,
        'invalid_input',
      );
    });
  });

  describe('recurrence', () => {
    it('“3 times a week” spreads the week and starts again on Monday; missed weeks roll on', async () => {
      const user = await harness.user('Europe/Paris');
      const task = await create(user, {
        title: 'Swim',
        recurrence: { kind: 'weekly', timesPerWeek: 3 },
        estimatedMinutes: 45,
      });
      expect(task).toMatchObject({ scheduledDate: '2025-03-03', repeatsUntil: null });
      expect(task.seriesId).not.toBeNull();

      const monday = await act(user, task.id, { action: 'complete' });
      expect(monday.nextOccurrence).toMatchObject({
        scheduledDate: '2025-03-05',
        status: 'open',
        seriesId: task.seriesId,
      });

      harness.clock.set('2025-03-05T09:00:00.000Z');
      let session = await harness.signIn(user);
      const wednesday = await act(session, monday.nextOccurrence!.id, { action: 'complete' });
      expect(wednesday.nextOccurrence?.scheduledDate).toBe('2025-03-07');

      // Reopening Wednesday's takes back the occurrence it generated.
      const reopened = await act(session, monday.nextOccurrence!.id, { action: 'reopen' });
      expect(reopened.task.status).toBe('open');
      expect(
        (await list(session, '?view=all&status=open')).tasks.map((t) => t.scheduledDate),
      ).toEqual(['2025-03-05']);
      const redone = await act(session, monday.nextOccurrence!.id, { action: 'complete' });
      expect(redone.nextOccurrence?.scheduledDate).toBe('2025-03-07');

      harness.clock.set('2025-03-07T09:00:00.000Z');
      session = await harness.signIn(user);
      const friday = await act(session, redone.nextOccurrence!.id, { action: 'complete' });
      expect(friday.nextOccurrence?.scheduledDate).toBe('2025-03-10');

      // The week of the 10th passes untouched: on Tuesday the 18th it is skipped and today's takes over.
      harness.clock.set('2025-03-18T09:00:00.000Z');
      session = await harness.signIn(user);
      const open = (await list(session, '?view=today')).tasks;
      expect(open.map((t) => [t.title, t.scheduledDate])).toEqual([['Swim', '2025-03-18']]);
      const all = (await list(session, '?view=all')).tasks;
      expect(all.find((t) => t.id === friday.nextOccurrence!.id)?.status).toBe('skipped');
      // Reading again changes nothing.
      expect((await list(session, '?view=all')).tasks).toHaveLength(all.length);
    });

    it('“every N days after completion” counts from the day it was done and stops at its milestone', async () => {
      const user = await harness.user();
      const own = await create(user, {
        title: 'Water plants',
        recurrence: { kind: 'after_completion', everyDays: 2 },
      });
      harness.clock.set('2025-03-04T09:00:00.000Z');
      let session = await harness.signIn(user);
      // Done a day late: the next one is two days after it was done, not after it was planned.
      const late = await act(session, own.id, { action: 'complete' });
      expect(late.nextOccurrence?.scheduledDate).toBe('2025-03-06');
      const skipped = await act(session, late.nextOccurrence!.id, { action: 'skip' });
      expect(skipped.nextOccurrence?.scheduledDate).toBe('2025-03-06');

      harness.clock.set(START);
      session = await harness.signIn(user);
      const goal = await createGoal(harness, session, { goal: { deadline: '2025-04-30' } });
      const plan = acceptPlanResultSchema.parse(
        (
          await harness.call(session, 'POST', `/api/goals/${goal.id}/plan`, {
            milestones: [{ title: 'Short', description: 'D', dueDate: '2025-03-06' }],
            tasks: [
              {
                title: 'Practice',
                milestoneIndex: 0,
                scheduledDate: '2025-03-03',
                estimatedMinutes: 30,
                recurrence: { kind: 'after_completion', everyDays: 2 },
              },
            ],
          })
        ).json(),
      );
      const practice = plan.tasks[0]!;
      expect(practice.repeatsUntil).toBe('2025-03-06');
      const first = await act(session, practice.id, { action: 'complete' });
      expect(first.nextOccurrence?.scheduledDate).toBe('2025-03-05');
      // Expected occurrences from the 3rd to the 6th, every 2 days: 2. One done, one open: 50 %.
      const detail = await harness.call(session, 'GET', `/api/goals/${goal.id}`);
      expect(detail.json<{ goal: { progress: number } }>().goal.progress).toBe(50);
      harness.clock.set('2025-03-05T09:00:00.000Z');
      session = await harness.signIn(user);
      const second = await act(session, first.nextOccurrence!.id, { action: 'complete' });
      // The 7th is after the milestone: the series ends, and the milestone is done.
      expect(second.nextOccurrence).toBeNull();
      const after = await harness.call(session, 'GET', `/api/goals/${goal.id}`);
      expect(after.json<{ goal: { progress: number } }>().goal.progress).toBe(100);
    });

    it('deleting one occurrence keeps the series going; deleting the series ends it', async () => {
      const user = await harness.user();
      const task = await create(user, {
        title: 'Stretch',
        recurrence: { kind: 'after_completion', everyDays: 2 },
      });
      const openOf = async () =>
        (await list(user, '?view=all&status=open')).tasks.filter((t) => t.title === 'Stretch');

      const once = await harness.call(user, 'DELETE', `/api/tasks/${task.id}?scope=occurrence`);
      expect(once.statusCode, once.body).toBe(200);
      const [next] = await openOf();
      expect(next).toMatchObject({ seriesId: task.seriesId, scheduledDate: '2025-03-05' });
      expect(next!.id).not.toBe(task.id);

      const series = await harness.call(user, 'DELETE', `/api/tasks/${next!.id}?scope=series`);
      expect(series.statusCode, series.body).toBe(200);
      expect(await openOf()).toEqual([]);

      expectError(
        await harness.call(user, 'DELETE', `/api/tasks/${task.id}?scope=everything`),
        400,
        'invalid_input',
      );
    });

    it('another person cannot delete an occurrence of my series', async () => {
      const owner = await harness.user();
      const stranger = await harness.user();
      const task = await create(owner, {
        title: 'Mine',
        recurrence: { kind: 'weekly', timesPerWeek: 2 },
      });
      const response = await harness.call(
        stranger,
        'DELETE',
        `/api/tasks/${task.id}?scope=occurrence`,
      );
      expect(response.statusCode).toBe(404);
      expect((await list(owner, '?view=all&status=open')).tasks.map((t) => t.id)).toEqual([
        task.id,
      ]);
    });
  });

  describe('notifications', () => {
    it('completing a task marks the notifications that listed it read; others stay unread', async () => {
      const user = await harness.user();
      const call = await create(user, { title: 'Call the printer' });
      const other = await create(user, { title: 'Other' });
      const payload = (task: Task) => ({
        taskId: task.id,
        title: task.title,
        reason: 'Due today',
        goalTitle: null,
      });
      await insertDayNotifications(
        harness.database.db,
        [
          { userId: user.id, localDate: '2025-03-03', slot: '07:30', tasks: [payload(call)] },
          { userId: user.id, localDate: '2025-03-03', slot: '18:00', tasks: [payload(other)] },
        ],
        new Date(START),
      );
      const bell = async () =>
        notificationListSchema.parse(
          (await harness.call(user, 'GET', '/api/notifications')).json(),
        );
      expect((await bell()).unreadCount).toBe(2);
      await act(user, call.id, { action: 'complete' });
      const after = await bell();
      expect(after.unreadCount).toBe(1);
      expect(after.notifications.map((n) => [n.data?.slot, n.read]).sort()).toEqual([
        ['07:30', true],
        ['18:00', false],
      ]);
      // Another user's task id changes nothing of theirs (and is 404 for them).
      const stranger = await harness.user();
      expectError(
        await harness.call(stranger, 'PATCH', `/api/tasks/${other.id}`, { action: 'complete' }),
        404,
        'not_found',
      );
      expect((await bell()).unreadCount).toBe(1);
    });
  });

  describe('isolation', () => {
    it("another user's task, goal and milestone ids are 404 on every route; lists never show them", async () => {
      const alice = await harness.user();
      const bob = await harness.user();
      const goal = await createGoal(harness, alice);
      const plan = acceptPlanResultSchema.parse(
        (
          await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
            milestones: [{ title: 'M', description: 'D', dueDate: '2025-04-01' }],
            tasks: [
              {
                title: 'Alice task',
                milestoneIndex: 0,
                scheduledDate: '2025-03-03',
                estimatedMinutes: 30,
              },
            ],
          })
        ).json(),
      );
      const task = plan.tasks[0]!;
      await today(alice);
      const attempts = [
        ...['complete', 'skip', 'reopen'].map((action) =>
          harness.call(bob, 'PATCH', `/api/tasks/${task.id}`, { action }),
        ),
        harness.call(bob, 'PATCH', `/api/tasks/${task.id}`, {
          action: 'snooze',
          until: '2025-03-05',
        }),
        harness.call(bob, 'PATCH', `/api/tasks/${task.id}`, {
          action: 'reschedule',
          to: '2025-03-05',
        }),
        harness.call(bob, 'PATCH', `/api/tasks/${task.id}`, { action: 'edit', title: 'Mine' }),
        harness.call(bob, 'DELETE', `/api/tasks/${task.id}`),
        harness.call(bob, 'POST', '/api/tasks/today/swap', { taskId: task.id }),
        harness.call(bob, 'POST', '/api/tasks', { title: 'Into her goal', goalId: goal.id }),
        harness.call(bob, 'POST', '/api/tasks', {
          title: 'Into her milestone',
          milestoneId: plan.milestones[0]!.id,
        }),
        harness.call(bob, 'GET', `/api/tasks?goalId=${goal.id}`),
      ];
      for (const response of await Promise.all(attempts)) expectError(response, 404, 'not_found');
      expect((await list(bob)).tasks).toEqual([]);
      expect((await today(bob)).topThree).toEqual([]);
      expect((await dashboard(bob)).goals).toEqual([]);
      const [mine] = (await list(alice)).tasks;
      expect(mine).toMatchObject({ id: task.id, title: 'Alice task', status: 'open' });
      expect((await today(alice)).topThree.map((p) => p.task.id)).toEqual([task.id]);
    });

    it('needs a signed-in user on every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/tasks'],
        ['GET', '/api/tasks/today'],
        ['GET', '/api/dashboard'],
        ['GET', '/api/goals'],
      ] as const) {
        expectError(await harness.call(null, method, url), 401, 'unauthenticated');
      }
    });
  });
});
