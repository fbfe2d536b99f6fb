import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakDownGoalResponseSchema, refineGoalResponseSchema } from '#contracts/coach.ts';
import { goalDetailSchema, goalListSchema, goalSchema, milestoneSchema } from '#contracts/goals.ts';
import { acceptPlanResultSchema, type AcceptPlan } from '#contracts/plan.ts';
import { profileSchema } from '#contracts/profile.ts';
import { taskActionResultSchema, taskListSchema, taskSchema } from '#contracts/tasks.ts';
import { todaySchema } from '#contracts/today.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import {
  createGoal,
  expectError,
  smartGoal,
  startPlanningApp,
  type PlanningTestApp,
} from './test-support.ts';

// Monday 3 March 2025, 09:00 UTC.
const START = '2025-03-03T09:00:00.000Z';

describe('goals API', () => {
  let harness: PlanningTestApp;
  let alice: TestUser;
  let bob: TestUser;

  const detail = async (user: TestUser, id: string) => {
    const response = await harness.call(user, 'GET', `/api/goals/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return goalDetailSchema.parse(response.json());
  };
  const goalCount = async (user: TestUser) => {
    const response = await harness.call(user, 'GET', '/api/goals');
    return goalListSchema.parse(response.json()).goals.length;
  };

  beforeAll(async () => {
    harness = await startPlanningApp(START);
    alice = await harness.user('Europe/Paris');
    bob = await harness.user();
  });
  afterAll(async () => {
    await harness?.close();
  });

  describe('profile', () => {
    it('answers defaults until saved, then the saved zone and capacity', async () => {
      const fresh = await harness.signIn(await harness.user());
      const saved = await harness.call(fresh, 'PUT', '/api/profile', {
        timeZone: 'America/New_York',
        dailyCapacityMinutes: 90,
      });
      expect(profileSchema.parse(saved.json())).toEqual({
        timeZone: 'America/New_York',
        dailyCapacityMinutes: 90,
        saved: true,
        dayStartHour: 0,
      });
      // Changing only the zone keeps the capacity.
      const moved = await harness.call(fresh, 'PUT', '/api/profile', { timeZone: 'Asia/Tokyo' });
      expect(profileSchema.parse(moved.json()).dailyCapacityMinutes).toBe(90);
    });

    it('starts from UTC and 120 minutes with saved: false', async () => {
      const newcomer = await signUpTestUser(harness.app);
      const response = await harness.call(newcomer, 'GET', '/api/profile');
      expect(profileSchema.parse(response.json())).toEqual({
        timeZone: 'UTC',
        dailyCapacityMinutes: 120,
        saved: false,
        dayStartHour: 0,
      });
    });

    it('refuses an unknown zone or capacity with a 400 and keeps the profile', async () => {
      const error = expectError(
        await harness.call(alice, 'PUT', '/api/profile', { timeZone: 'Mars/Olympus_Mons' }),
        400,
        'invalid_input',
      );
      expect(error.message).toMatch(/timeZone: must be an IANA time zone/);
      expectError(
        await harness.call(alice, 'PUT', '/api/profile', {
          timeZone: 'UTC',
          dailyCapacityMinutes: 0,
        }),
        400,
        'invalid_input',
      );
      const profile = profileSchema.parse(
        (await harness.call(alice, 'GET', '/api/profile')).json(),
      );
      expect(profile.timeZone).toBe('Europe/Paris');
    });

    it('needs a signed-in user', async () => {
      expectError(await harness.call(null, 'GET', '/api/profile'), 401, 'unauthenticated');
    });
  });

  describe('coach proposals', () => {
    it('refine-goal answers through the gateway and says which engine answered', async () => {
      // A user of its own: other tests give alice goals, and this one proves refine saves none.
      const carol = await harness.user();
      expect(await goalCount(carol)).toBe(0);
      const response = await harness.call(carol, 'POST', '/api/coach/refine-goal', {
        text: 'I want to run a 10k by June',
        weeklyHours: 3,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = refineGoalResponseSchema.parse(response.json());
      expect(body.engine).toBe('offline');
      expect(body.model).toBeTruthy();
      expect(['questions', 'smart']).toContain(body.result.kind);
      expect(await goalCount(carol)).toBe(0);
    });

    it('refine-goal refuses bad input with a 400', async () => {
      expectError(
        await harness.call(alice, 'POST', '/api/coach/refine-goal', { text: 'x'.repeat(1001) }),
        400,
        'invalid_input',
      );
      expectError(
        await harness.call(alice, 'POST', '/api/coach/refine-goal', {
          text: 'Run',
          domainHint: 'astrology',
        }),
        400,
        'invalid_input',
      );
    });

    it('breakdown proposes a plan from today and writes nothing', async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Breakdown only' } });
      const response = await harness.call(alice, 'POST', `/api/goals/${goal.id}/breakdown`, {});
      expect(response.statusCode, response.body).toBe(200);
      const body = breakDownGoalResponseSchema.parse(response.json());
      expect(body.engine).toBe('offline');
      if (body.result.kind !== 'plan') throw new Error(`expected a plan, got ${body.result.kind}`);
      expect(body.result.milestones.length).toBeGreaterThanOrEqual(3);
      expect(body.result.tasks.every((t) => t.scheduledDate >= '2025-03-03')).toBe(true);
      const after = await detail(alice, goal.id);
      expect(after.milestones).toEqual([]);
      expect(after.tasks).toEqual([]);
      // No body at all is the same as {}.
      const bare = await harness.call(alice, 'POST', `/api/goals/${goal.id}/breakdown`);
      expect(bare.statusCode, bare.body).toBe(200);
    });
  });

  describe('day one', () => {
    it('the coach’s plan, accepted as proposed, fills today’s top three with the goal’s tasks', async () => {
      // As onboarding does it: a goal, its breakdown, the whole plan accepted, then the dashboard.
      const newcomer = await harness.user('Europe/Paris');
      const goal = await createGoal(harness, newcomer, {
        goal: { title: 'Run a 10k race', domain: 'health', deadline: '2025-06-01' },
      });
      const proposal = breakDownGoalResponseSchema.parse(
        (await harness.call(newcomer, 'POST', `/api/goals/${goal.id}/breakdown`, {})).json(),
      );
      if (proposal.result.kind !== 'plan') throw new Error('expected a plan');
      const plan: AcceptPlan = {
        milestones: proposal.result.milestones,
        tasks: proposal.result.tasks,
        proposedBy: proposal.engine,
      };
      const accepted = await harness.call(newcomer, 'POST', `/api/goals/${goal.id}/plan`, plan);
      expect(accepted.statusCode, accepted.body).toBe(201);

      const today = todaySchema.parse(
        (await harness.call(newcomer, 'GET', '/api/tasks/today')).json(),
      );
      expect(today.localDate).toBe('2025-03-03');
      expect(today.topThree).toHaveLength(3);
      expect(today.topThree.every((pick) => pick.task.goalId === goal.id)).toBe(true);
    });
  });

  describe('creating goals', () => {
    it('saves a reviewed SMART goal with priority and engine, and lists it with progress', async () => {
      const goal = await createGoal(harness, alice, {
        goal: { title: 'Learn Spanish', domain: 'personal_development', deadline: '2025-09-01' },
        priority: 'high',
        proposedBy: 'offline',
        pinned: true,
      });
      expect(goal).toMatchObject({
        title: 'Learn Spanish',
        status: 'active',
        priority: 'high',
        pinned: true,
        progress: 0,
        proposedBy: 'offline',
        nextMilestone: null,
      });
      const list = goalListSchema.parse(
        (await harness.call(alice, 'GET', '/api/goals?domain=personal_development')).json(),
      );
      expect(list.goals.map((g) => g.id)).toEqual([goal.id]);
      const history = (await detail(alice, goal.id)).history;
      expect(history.map((h) => h.kind)).toEqual(['created']);
    });

    it('refuses a 10 MB title with a clear message and writes nothing', async () => {
      const before = await goalCount(alice);
      const response = await harness.call(alice, 'POST', '/api/goals', {
        priority: 'low',
        goal: {
          ...smartGoal(),
          title: 'x'.repeat(10 * 1024 * 1024),
        },
      });
      expect([400, 413]).toContain(response.statusCode);
      const error = expectError(response, response.statusCode, 'invalid_input');
      expect(error.message).toMatch(/too large|at most/i);
      // Just over the limit of the field itself: a 400 that names it.
      const long = await harness.call(alice, 'POST', '/api/goals', {
        goal: { ...smartGoal(), title: 'x'.repeat(121) },
      });
      expect(expectError(long, 400, 'invalid_input').message).toMatch(/^body\.goal\.title/);
      expect(await goalCount(alice)).toBe(before);
    });

    it.each([
      [
        'a deadline in 1900',
        { deadline: '1900-01-01' },
        /body\.goal\.deadline: must be after today/,
      ],
      [
        'a deadline today',
        { deadline: '2025-03-03' },
        /body\.goal\.deadline: must be after today \(2025-03-03\)/,
      ],
      ['an impossible date', { deadline: '2025-02-30' }, /body\.goal\.deadline/],
      ['an unknown domain', { domain: 'astrology' }, /body\.goal\.domain/],
      ['zero weekly hours', { weeklyHours: 0 }, /body\.goal\.weeklyHours/],
    ])('refuses %s with a 400 and writes nothing', async (_name, goal, message) => {
      const before = await goalCount(alice);
      const response = await harness.call(alice, 'POST', '/api/goals', {
        goal: { ...smartGoal(), ...goal },
      });
      expect(expectError(response, 400, 'invalid_input').message).toMatch(message);
      expect(await goalCount(alice)).toBe(before);
    });

    it('refuses an unknown priority and malformed JSON with a 400', async () => {
      expectError(
        await harness.call(alice, 'POST', '/api/goals', {
          goal: smartGoal(),
          priority: 'urgent',
        }),
        400,
        'invalid_input',
      );
      const malformed = await harness.app.inject({
        method: 'POST',
        url: '/api/goals',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: '{"goal":',
      });
      expectError(malformed, 400, 'invalid_input');
    });
  });

  describe('plans', () => {
    it('accepts an edited part of the proposal in one transaction and validates every date', async () => {
      const goal = await createGoal(harness, alice, {
        goal: { title: 'Planned', deadline: '2025-05-31' },
      });
      const proposal = breakDownGoalResponseSchema.parse(
        (
          await harness.call(alice, 'POST', `/api/goals/${goal.id}/breakdown`, { weeklyHours: 2 })
        ).json(),
      );
      if (proposal.result.kind !== 'plan') throw new Error('expected a plan');
      const plan = proposal.result;
      // The user keeps the first two milestones, renames one, and keeps their tasks.
      const kept = plan.milestones
        .slice(0, 2)
        .map((m, i) => (i === 0 ? { ...m, title: 'First block' } : m));
      const tasks = plan.tasks
        .filter((t) => t.milestoneIndex < 2)
        .map(({ milestoneIndex, ...task }) => ({ ...task, milestoneIndex }));
      const body: AcceptPlan = { milestones: kept, tasks, proposedBy: proposal.engine };

      const bad = [
        [
          { ...body, milestones: [{ ...kept[0]!, dueDate: '2025-06-01' }, kept[1]!] },
          /body\.milestones\.0\.dueDate: must be on or before the goal's deadline \(2025-05-31\)/,
        ],
        [
          { ...body, milestones: [{ ...kept[0]!, dueDate: '1900-01-01' }, kept[1]!] },
          /body\.milestones\.0\.dueDate/,
        ],
        [
          { ...body, tasks: [{ ...tasks[0]!, scheduledDate: '2025-03-02' }] },
          /body\.tasks\.0\.scheduledDate: must be today \(2025-03-03\) or later/,
        ],
        [
          {
            ...body,
            tasks: [{ ...tasks[0]!, milestoneIndex: 0, scheduledDate: kept[1]!.dueDate }],
          },
          /body\.tasks\.0\.scheduledDate: must be on or before its milestone/,
        ],
        [
          { ...body, tasks: [{ ...tasks[0]!, milestoneIndex: 5 }] },
          /body\.tasks\.0\.milestoneIndex: there is no milestone 5/,
        ],
        [
          {
            ...body,
            tasks: [{ ...tasks[0]!, milestoneIndex: undefined, milestoneId: randomUUID() }],
          },
          /body\.tasks\.0\.milestoneId: is not a milestone of this goal/,
        ],
        [{ milestones: [], tasks: [] }, /must accept at least one/],
      ] as const;
      for (const [payload, message] of bad) {
        const response = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, payload);
        expect(expectError(response, 400, 'invalid_input').message).toMatch(message);
      }
      const untouched = await detail(alice, goal.id);
      expect(untouched.milestones).toHaveLength(0);
      expect(untouched.tasks).toHaveLength(0);

      const accepted = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, body);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const result = acceptPlanResultSchema.parse(accepted.json());
      expect(result.milestones.map((m) => m.title)).toEqual(kept.map((m) => m.title));
      expect(result.tasks).toHaveLength(tasks.length);
      expect(result.goal.nextMilestone?.title).toBe('First block');
      const repeating = result.tasks.filter((t) => t.recurrence !== null);
      for (const task of repeating) {
        expect(task.seriesId).not.toBeNull();
        // A repeating task repeats until its milestone is due.
        expect(task.repeatsUntil).toBe(
          result.milestones.find((m) => m.id === task.milestoneId)?.dueDate,
        );
      }
      const after = await detail(alice, goal.id);
      expect(after.milestones).toHaveLength(2);
      expect(after.history[0]?.kind).toBe('plan_accepted');

      // A later plan may add tasks to an existing milestone by id.
      const more = await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
        milestones: [],
        tasks: [
          {
            title: 'Extra drill',
            milestoneId: result.milestones[1]!.id,
            scheduledDate: '2025-03-05',
            estimatedMinutes: 20,
          },
        ],
      });
      expect(more.statusCode, more.body).toBe(201);
    });

    it('refuses to plan a completed goal (409)', async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Done already' } });
      await harness.call(alice, 'PATCH', `/api/goals/${goal.id}`, { status: 'completed' });
      expectError(
        await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
          milestones: [{ title: 'M', description: 'D', dueDate: '2025-04-01' }],
          tasks: [],
        }),
        409,
        'conflict',
      );
    });
  });

  describe('editing goals', () => {
    it('edits fields and records who changed what', async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Edit me' } });
      const response = await harness.call(alice, 'PATCH', `/api/goals/${goal.id}`, {
        title: 'Edited',
        deadline: '2025-07-15',
        priority: 'low',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(goalSchema.parse(response.json())).toMatchObject({
        title: 'Edited',
        deadline: '2025-07-15',
        priority: 'low',
      });
      const [latest] = (await detail(alice, goal.id)).history;
      expect(latest?.kind).toBe('edited');
      expect(latest?.data).toMatchObject({
        changes: { deadline: { from: '2025-06-30', to: '2025-07-15' } },
      });
    });

    it('refuses bad edits with a 400 and changes nothing', async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Guarded' } });
      await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
        milestones: [{ title: 'Late milestone', description: 'D', dueDate: '2025-06-01' }],
        tasks: [],
      });
      const cases = [
        [{ deadline: '1900-01-01' }, /body\.deadline: must be between/],
        [
          { deadline: '2025-05-01' },
          /body\.deadline: must be on or after the last milestone, "Late milestone" \(2025-06-01\)/,
        ],
        [{ deadline: '2025-03-01' }, /body\.deadline: must be today/],
        [{ status: 'finished' }, /body\.status/],
        [{ domain: 'astrology' }, /body\.domain/],
        [{ priority: 'urgent' }, /body\.priority/],
        [{}, /must change at least one field/],
        [{ title: 'x'.repeat(500) }, /body\.title/],
      ] as const;
      for (const [payload, message] of cases) {
        const response = await harness.call(alice, 'PATCH', `/api/goals/${goal.id}`, payload);
        expect(expectError(response, 400, 'invalid_input').message).toMatch(message);
      }
      const after = await detail(alice, goal.id);
      expect(after.goal.deadline).toBe('2025-06-30');
      expect(after.history.map((h) => h.kind)).toEqual(['plan_accepted', 'created']);
    });

    it('a deadline cannot move before a task still planned; repeating tasks follow the deadline', async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Moving target' } });
      const post = async (body: object) => {
        const response = await harness.call(alice, 'POST', '/api/tasks', {
          goalId: goal.id,
          ...body,
        });
        expect(response.statusCode, response.body).toBe(201);
        return taskSchema.parse(response.json());
      };
      await post({ title: 'Book the venue', scheduledDate: '2025-05-20' });
      const stretch = await post({
        title: 'Stretch',
        recurrence: { kind: 'after_completion', everyDays: 2 },
      });
      expect(stretch.repeatsUntil).toBe('2025-06-30');
      const repeatsUntil = async () => {
        const response = await harness.call(alice, 'GET', '/api/tasks?view=all');
        return taskListSchema.parse(response.json()).tasks.find((t) => t.id === stretch.id)
          ?.repeatsUntil;
      };

      const early = await harness.call(alice, 'PATCH', `/api/goals/${goal.id}`, {
        deadline: '2025-05-01',
      });
      expect(expectError(early, 400, 'invalid_input').message).toMatch(
        /body\.deadline: must be on or after the last task planned for this goal, "Book the venue" \(2025-05-20\)/,
      );
      expect(await repeatsUntil()).toBe('2025-06-30');

      for (const deadline of ['2025-05-25', '2025-08-01']) {
        const moved = await harness.call(alice, 'PATCH', `/api/goals/${goal.id}`, { deadline });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(await repeatsUntil()).toBe(deadline);
      }
    });

    it('pins at most three goals (409 for a fourth) and unpins a goal when it is archived', async () => {
      const carol = await harness.user();
      const goals = [];
      for (let i = 0; i < 4; i += 1)
        goals.push(await createGoal(harness, carol, { goal: { title: `G${i}` } }));
      for (const goal of goals.slice(0, 3)) {
        const pinned = await harness.call(carol, 'PATCH', `/api/goals/${goal.id}`, {
          pinned: true,
        });
        expect(pinned.statusCode, pinned.body).toBe(200);
      }
      const fourth = await harness.call(carol, 'PATCH', `/api/goals/${goals[3]!.id}`, {
        pinned: true,
      });
      expect(expectError(fourth, 409, 'conflict').message).toMatch(/up to 3/);
      expectError(
        await harness.call(carol, 'POST', '/api/goals', {
          goal: smartGoal(),
          pinned: true,
        }),
        409,
        'conflict',
      );
      const archived = goalSchema.parse(
        (
          await harness.call(carol, 'PATCH', `/api/goals/${goals[0]!.id}`, { status: 'archived' })
        ).json(),
      );
      expect(archived).toMatchObject({ status: 'archived', pinned: false });
      const now = await harness.call(carol, 'PATCH', `/api/goals/${goals[3]!.id}`, {
        pinned: true,
      });
      expect(now.statusCode, now.body).toBe(200);
      const list = goalListSchema.parse(
        (await harness.call(carol, 'GET', '/api/goals?pinned=true')).json(),
      );
      expect(list.goals).toHaveLength(3);
      const paused = goalListSchema.parse(
        (await harness.call(carol, 'GET', '/api/goals?status=archived')).json(),
      );
      expect(paused.goals.map((g) => g.id)).toEqual([goals[0]!.id]);
      expectError(await harness.call(carol, 'GET', '/api/goals?status=gone'), 400, 'invalid_input');
    });

    it('deletes a goal with its milestones and tasks', async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Delete me' } });
      await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
        milestones: [{ title: 'M', description: 'D', dueDate: '2025-04-01' }],
        tasks: [
          { title: 'T', milestoneIndex: 0, scheduledDate: '2025-03-04', estimatedMinutes: 30 },
        ],
      });
      const response = await harness.call(alice, 'DELETE', `/api/goals/${goal.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ deleted: true });
      expectError(await harness.call(alice, 'GET', `/api/goals/${goal.id}`), 404, 'not_found');
      expectError(await harness.call(alice, 'DELETE', `/api/goals/${goal.id}`), 404, 'not_found');
    });
  });

  describe('progress', () => {
    it('moves with milestones and tasks; each of 25/50/75/100 is recorded and notified exactly once', async () => {
      const dave = await harness.user();
      const goal = await createGoal(harness, dave, { goal: { title: 'Thresholds' } });
      const plan = acceptPlanResultSchema.parse(
        (
          await harness.call(dave, 'POST', `/api/goals/${goal.id}/plan`, {
            milestones: [
              { title: 'A', description: 'A', dueDate: '2025-04-01' },
              { title: 'B', description: 'B', dueDate: '2025-05-01' },
            ],
            tasks: [
              { title: 'A1', milestoneIndex: 0, scheduledDate: '2025-03-03', estimatedMinutes: 30 },
              { title: 'A2', milestoneIndex: 0, scheduledDate: '2025-03-04', estimatedMinutes: 30 },
              { title: 'B1', milestoneIndex: 1, scheduledDate: '2025-04-02', estimatedMinutes: 30 },
              { title: 'B2', milestoneIndex: 1, scheduledDate: '2025-04-03', estimatedMinutes: 30 },
            ],
          })
        ).json(),
      );
      const [a1, a2, b1, b2] = plan.tasks;
      const act = async (taskId: string, action: string) => {
        const response = await harness.call(dave, 'PATCH', `/api/tasks/${taskId}`, { action });
        expect(response.statusCode, response.body).toBe(200);
        return taskActionResultSchema.parse(response.json());
      };
      const progress = async () => (await detail(dave, goal.id)).goal.progress;

      await act(a1!.id, 'complete');
      expect(await progress()).toBe(25);
      await act(a1!.id, 'reopen');
      expect(await progress()).toBe(0);
      await act(a1!.id, 'complete');
      expect(await progress()).toBe(25);
      await act(a2!.id, 'complete');
      expect(await progress()).toBe(50);
      const milestones = (await detail(dave, goal.id)).milestones;
      expect(milestones.map((m) => m.title)).toEqual(['A', 'B']);
      expect((await detail(dave, goal.id)).goal.nextMilestone?.title).toBe('B');
      await act(b1!.id, 'complete');
      expect(await progress()).toBe(75);
      await act(b2!.id, 'skip');
      // The skipped task no longer counts: B is done.
      expect(await progress()).toBe(100);
      await act(b2!.id, 'reopen');
      expect(await progress()).toBe(75);
      await act(b2!.id, 'complete');
      expect(await progress()).toBe(100);

      const history = (await detail(dave, goal.id)).history.filter((h) => h.kind === 'progress');
      expect(history.map((h) => h.data.threshold).sort()).toEqual([100, 25, 50, 75]);

      const notifications = await harness.app.notifications.list(dave.id, {
        type: 'goal_progress',
      });
      expect(notifications.notifications).toHaveLength(4);
      expect(notifications.notifications.every((n) => n.data?.goal_id === goal.id)).toBe(true);
    });

    it('a milestone marked done counts fully; completing the goal reaches 100 once', async () => {
      const erin = await harness.user();
      const goal = await createGoal(harness, erin, { goal: { title: 'Milestones' } });
      const plan = acceptPlanResultSchema.parse(
        (
          await harness.call(erin, 'POST', `/api/goals/${goal.id}/plan`, {
            milestones: [
              { title: 'One', description: 'D', dueDate: '2025-04-01' },
              { title: 'Two', description: 'D', dueDate: '2025-05-01' },
            ],
            tasks: [],
          })
        ).json(),
      );
      const marked = await harness.call(
        erin,
        'PATCH',
        `/api/goals/${goal.id}/milestones/${plan.milestones[0]!.id}`,
        {
          done: true,
        },
      );
      expect(milestoneSchema.parse(marked.json())).toMatchObject({ done: true, title: 'One' });
      expect((await detail(erin, goal.id)).goal.progress).toBe(50);
      expectError(
        await harness.call(
          erin,
          'PATCH',
          `/api/goals/${goal.id}/milestones/${plan.milestones[1]!.id}`,
          {
            dueDate: '2025-07-01',
          },
        ),
        400,
        'invalid_input',
      );
      const completed = goalSchema.parse(
        (
          await harness.call(erin, 'PATCH', `/api/goals/${goal.id}`, { status: 'completed' })
        ).json(),
      );
      expect(completed).toMatchObject({ status: 'completed', progress: 100 });
      expect(completed.completedAt).not.toBeNull();
      const reopened = goalSchema.parse(
        (await harness.call(erin, 'PATCH', `/api/goals/${goal.id}`, { status: 'active' })).json(),
      );
      expect(reopened.progress).toBe(50);
      await harness.call(erin, 'PATCH', `/api/goals/${goal.id}`, { status: 'completed' });
      const kinds = (await detail(erin, goal.id)).history.filter((h) => h.kind === 'progress');
      expect(kinds.map((h) => h.data.threshold).sort()).toEqual([100, 25, 50, 75]);
      const deleted = await harness.call(
        erin,
        'DELETE',
        `/api/goals/${goal.id}/milestones/${plan.milestones[1]!.id}`,
      );
      expect(deleted.json()).toEqual({ deleted: true });
    });
  });

  describe('isolation', () => {
    it("another user's goal and milestone ids are 404 on every route, and lists never show them", async () => {
      const goal = await createGoal(harness, alice, { goal: { title: 'Private' } });
      const plan = acceptPlanResultSchema.parse(
        (
          await harness.call(alice, 'POST', `/api/goals/${goal.id}/plan`, {
            milestones: [{ title: 'Mine', description: 'D', dueDate: '2025-04-01' }],
            tasks: [
              {
                title: 'Mine too',
                milestoneIndex: 0,
                scheduledDate: '2025-03-04',
                estimatedMinutes: 30,
              },
            ],
          })
        ).json(),
      );
      const milestoneId = plan.milestones[0]!.id;
      const attempts = [
        harness.call(bob, 'GET', `/api/goals/${goal.id}`),
        harness.call(bob, 'PATCH', `/api/goals/${goal.id}`, { title: 'Mine now' }),
        harness.call(bob, 'PATCH', `/api/goals/${goal.id}`, { status: 'archived' }),
        harness.call(bob, 'DELETE', `/api/goals/${goal.id}`),
        harness.call(bob, 'POST', `/api/goals/${goal.id}/breakdown`, {}),
        harness.call(bob, 'POST', `/api/goals/${goal.id}/plan`, {
          milestones: [{ title: 'X', description: 'X', dueDate: '2025-04-01' }],
          tasks: [],
        }),
        harness.call(bob, 'PATCH', `/api/goals/${goal.id}/milestones/${milestoneId}`, {
          done: true,
        }),
        harness.call(bob, 'DELETE', `/api/goals/${goal.id}/milestones/${milestoneId}`),
        harness.call(bob, 'GET', `/api/tasks?goalId=${goal.id}`),
      ];
      for (const response of await Promise.all(attempts)) expectError(response, 404, 'not_found');
      // Bob's own goal with Alice's milestone: still a 404.
      const own = await createGoal(harness, bob, { goal: { title: 'Bob' } });
      expectError(
        await harness.call(bob, 'PATCH', `/api/goals/${own.id}/milestones/${milestoneId}`, {
          done: true,
        }),
        404,
        'not_found',
      );
      const bobs = goalListSchema.parse((await harness.call(bob, 'GET', '/api/goals')).json());
      expect(bobs.goals.map((g) => g.id)).toEqual([own.id]);
      const mine = await detail(alice, goal.id);
      expect(mine.goal.title).toBe('Private');
      expect(mine.milestones[0]?.done).toBe(false);
    });

    it('every route is in the OpenAPI document', async () => {
      const response = await harness.call(null, 'GET', '/api/docs/json');
      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/profile',
          '/api/coach/refine-goal',
          '/api/goals',
          '/api/goals/{id}',
          '/api/goals/{id}/breakdown',
          '/api/goals/{id}/plan',
          '/api/goals/{id}/milestones/{milestoneId}',
          '/api/tasks',
          '/api/tasks/{id}',
          '/api/tasks/today',
          '/api/tasks/today/swap',
          '/api/dashboard',
        ]),
      );
    });

    it('a malformed id is a 400 that names it', async () => {
      for (const [method, url] of [
        ['GET', '/api/goals/not-a-uuid'],
        ['PATCH', '/api/goals/not-a-uuid'],
        ['DELETE', '/api/goals/123'],
        ['POST', '/api/goals/123/plan'],
        ['POST', '/api/goals/123/breakdown'],
      ] as const) {
        const response = await harness.call(
          alice,
          method,
          url,
          method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' },
        );
        expect(expectError(response, 400, 'invalid_input').message).toMatch(
          /params\.id: must be an id/,
        );
      }
    });
  });
});
