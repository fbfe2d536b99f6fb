import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { achievementListSchema, type BadgeId } from '#contracts/achievements.ts';
import { dashboardSchema } from '#contracts/dashboard.ts';
import { notificationListSchema } from '#contracts/notifications.ts';
import { acceptPlanResultSchema } from '#contracts/plan.ts';
import { taskSchema } from '#contracts/tasks.ts';
import {
  achievementBackfills,
  achievements as achievementsTable,
  deliveries,
  notifications,
} from '#server/db/schema.ts';
import { openedDates } from '#server/modules/deliveries/deliveries.service.ts';
import { createHistoryEntry } from '#server/modules/goals/goal-history.ts';
import { createGoalReads } from '#server/modules/goals/goal-reads.service.ts';
import { monotonicClock } from '#server/modules/goals/monotonic-clock.ts';
import { createProgressService } from '#server/modules/goals/progress.service.ts';
import {
  createGoal,
  startPlanningApp,
  type PlanningTestApp,
} from '#server/modules/goals/test-support.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import { createOccurrences } from '#server/modules/tasks/occurrences.service.ts';
import { createTaskRecords } from '#server/modules/tasks/task-records.service.ts';
import { createTodayService } from '#server/modules/tasks/today.service.ts';
import type { TestUser } from '#server/test/users.ts';
import { createAchievementsService, type AchievementsService } from './achievements.service.ts';

// Monday 3 March 2025, 09:00 UTC.
const START = '2025-03-03T09:00:00.000Z';

describe('achievements', () => {
  let harness: PlanningTestApp;
  /** The service as server/modules.ts builds it, on the test app's database and clock. */
  let service: AchievementsService;

  const list = async (user: TestUser) => {
    const response = await harness.call(user, 'GET', '/api/achievements');
    expect(response.statusCode, response.body).toBe(200);
    return achievementListSchema.parse(response.json());
  };
  const earned = async (user: TestUser): Promise<BadgeId[]> =>
    (await list(user)).achievements.filter((a) => a.earnedAt !== null).map((a) => a.badge);
  const rows = (user: TestUser) =>
    harness.database.db
      .select()
      .from(achievementsTable)
      .where(eq(achievementsTable.userId, user.id));
  const achievementNotifications = async (user: TestUser) => {
    const response = await harness.call(
      user,
      'GET',
      '/api/notifications?type=achievement&limit=100',
    );
    expect(response.statusCode, response.body).toBe(200);
    return notificationListSchema.parse(response.json()).notifications;
  };
  const act = async (user: TestUser, id: string, action: string) => {
    const response = await harness.call(user, 'PATCH', `/api/tasks/${id}`, { action });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Forgets what the user was awarded and told, as if it all happened before achievements. */
  const asBeforeAchievements = async (user: TestUser) => {
    const { db } = harness.database;
    await db.delete(achievementsTable).where(eq(achievementsTable.userId, user.id));
    await db
      .delete(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'achievement')));
  };

  beforeAll(async () => {
    harness = await startPlanningApp(START);
    const db = harness.database.db;
    const clock = harness.clock.now;
    const stamp = monotonicClock(clock);
    const profile = createProfileService({ db, clock });
    const taskRecords = createTaskRecords({ stamp });
    const progress = createProgressService({
      history: createHistoryEntry(monotonicClock(clock)),
      tasks: taskRecords,
      log: { error: () => undefined },
    });
    const reads = createGoalReads({ db, tasks: taskRecords });
    const occurrences = createOccurrences({ db, clock, stamp, progress });
    const today = createTodayService({ db, clock, stamp, profile, goals: reads, occurrences });
    service = createAchievementsService({
      db,
      clock,
      profile,
      goals: reads,
      today,
      openedDates: (tx, userId) => openedDates(tx, userId),
    });
  });
  beforeEach(() => {
    harness.clock.set(START);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('a new person sees every badge locked, with how to earn it', async () => {
    const user = await harness.user();
    const body = await list(user);
    expect(body.earned).toBe(0);
    expect(body.total).toBe(16);
    expect(body.achievements.every((a) => a.earnedAt === null)).toBe(true);
    expect(body.achievements.find((a) => a.badge === 'first_goal')).toMatchObject({
      title: 'First goal',
      howToEarn: 'Create your first goal.',
      available: true,
      progress: null,
    });
    expect(body.achievements.find((a) => a.badge === 'first_reflection')).toMatchObject({
      available: false,
    });
    expect(body.achievements.find((a) => a.badge === 'streak_7')?.progress).toEqual({
      current: 0,
      target: 7,
      unit: 'days',
    });
    expect(await achievementNotifications(user)).toEqual([]);
  });

  it('creating a first goal awards "first goal" once, with one achievement notification', async () => {
    const user = await harness.user();
    await createGoal(harness, user, { goal: { title: 'One' } });
    await createGoal(harness, user, { goal: { title: 'Two' } });
    const body = await list(user);
    const badge = body.achievements.find((a) => a.badge === 'first_goal');
    expect(badge?.earnedAt).toBe(START);
    expect(body.earned).toBe(1);
    const told = await achievementNotifications(user);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'achievement',
      title: 'Achievement unlocked: First goal',
      data: { badge: 'first_goal' },
    });
  });

  it('two concurrent changes that both earn a badge award it once and tell once', async () => {
    const user = await harness.user();
    await Promise.all([
      createGoal(harness, user, { goal: { title: 'Racing A' } }),
      createGoal(harness, user, { goal: { title: 'Racing B' } }),
      createGoal(harness, user, { goal: { title: 'Racing C' } }),
    ]);
    expect((await rows(user)).map((r) => r.badge)).toEqual(['first_goal']);
    expect(await achievementNotifications(user)).toHaveLength(1);

    // The same through the service, two transactions at once (PGlite runs them in turn; on
    // PostgreSQL, TEST_DATABASE_URL, the second waits on the primary key and inserts nothing).
    await asBeforeAchievements(user);
    const { db } = harness.database;
    const results = await Promise.all([
      db.transaction((tx) => service.check(tx, user.id, ['goals'])),
      db.transaction((tx) => service.check(tx, user.id, ['goals'])),
    ]);
    expect(results.flat()).toEqual(['first_goal']);
    expect(await rows(user)).toHaveLength(1);
    expect(await achievementNotifications(user)).toHaveLength(1);
  });

  it('a change that rolls back awards nothing and tells nobody', async () => {
    const user = await harness.user();
    await createGoal(harness, user);
    await asBeforeAchievements(user);
    const { db } = harness.database;
    await expect(
      db.transaction(async (tx) => {
        expect(await service.check(tx, user.id, ['goals'])).toEqual(['first_goal']);
        throw new Error('the change failed after awarding');
      }),
    ).rejects.toThrow('the change failed after awarding');
    expect(await rows(user)).toEqual([]);
    expect(await achievementNotifications(user)).toEqual([]);
  });

  it('awards without a notification when the person turned achievement notifications off', async () => {
    const user = await harness.user();
    const saved = await harness.call(user, 'PUT', '/api/notifications/preferences', {
      inApp: {
        coach_message: true,
        goal_progress: true,
        achievement: false,
        insight: true,
        other: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await createGoal(harness, user);
    expect(await earned(user)).toEqual(['first_goal']);
    expect(await achievementNotifications(user)).toEqual([]);
  });

  it('a plan, a done milestone and a goal’s progress earn their badges as they happen', async () => {
    const user = await harness.user();
    const goal = await createGoal(harness, user);
    const planned = await harness.call(user, 'POST', `/api/goals/${goal.id}/plan`, {
      milestones: [{ title: 'Base', description: 'Build a base', dueDate: '2025-04-01' }],
      tasks: [1, 2, 3, 4].map((n) => ({
        title: `Run ${n}`,
        milestoneIndex: 0,
        scheduledDate: '2025-03-03',
        estimatedMinutes: 30,
      })),
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const plan = acceptPlanResultSchema.parse(planned.json());
    expect(await earned(user)).toEqual(['first_goal', 'first_plan']);

    // 60 % would be 75 %'s progress: 2 of 4 done is 50 %.
    await act(user, plan.tasks[0]!.id, 'complete');
    expect(await earned(user)).toContain('goal_25');
    await act(user, plan.tasks[1]!.id, 'complete');
    const half = await list(user);
    expect(half.achievements.filter((a) => a.earnedAt).map((a) => a.badge)).toEqual([
      'first_goal',
      'first_plan',
      'goal_25',
      'goal_50',
    ]);
    expect(half.achievements.find((a) => a.badge === 'goal_75')?.progress).toEqual({
      current: 50,
      target: 75,
      unit: 'percent',
    });

    const milestone = await harness.call(
      user,
      'PATCH',
      `/api/goals/${goal.id}/milestones/${plan.milestones[0]!.id}`,
      { done: true },
    );
    expect(milestone.statusCode, milestone.body).toBe(200);
    // The milestone done makes the goal 100 % (its only milestone).
    expect(await earned(user)).toEqual([
      'first_goal',
      'first_plan',
      'first_milestone',
      'goal_25',
      'goal_50',
      'goal_75',
      'goal_100',
    ]);
    // Reopening takes nothing back.
    await harness.call(
      user,
      'PATCH',
      `/api/goals/${goal.id}/milestones/${plan.milestones[0]!.id}`,
      {
        done: false,
      },
    );
    expect(await earned(user)).toContain('goal_100');
    const told = (await achievementNotifications(user)).map((n) => n.data?.badge);
    expect(told.sort()).toEqual(
      [
        'first_goal',
        'first_plan',
        'first_milestone',
        'goal_25',
        'goal_50',
        'goal_75',
        'goal_100',
      ].sort(),
    );
  });

  it('a full top-three day and a 3-day streak are awarded when the last task of the day is done', async () => {
    const user = await harness.user();
    let session = user;
    const days = ['2025-03-03', '2025-03-04', '2025-03-05'];
    const before: BadgeId[][] = [];
    const after: BadgeId[][] = [];
    for (const date of days) {
      harness.clock.set(`${date}T09:00:00.000Z`);
      session = await harness.signIn(user);
      for (const n of [1, 2, 3]) {
        const created = await harness.call(session, 'POST', '/api/tasks', {
          title: `${date} #${n}`,
          scheduledDate: date,
        });
        expect(created.statusCode, created.body).toBe(201);
        taskSchema.parse(created.json());
      }
      const board = dashboardSchema.parse(
        (await harness.call(session, 'GET', '/api/dashboard')).json(),
      );
      expect(board.topThree).toHaveLength(3);
      for (const pick of board.topThree.slice(0, 2)) await act(session, pick.task.id, 'complete');
      // Two of three is not the day.
      before.push((await rows(user)).map((r) => r.badge).sort());
      await act(session, board.topThree[2]!.task.id, 'complete');
      after.push((await rows(user)).map((r) => r.badge).sort());
    }
    expect(before).toEqual([[], ['first_full_day'], ['first_full_day']]);
    expect(after).toEqual([['first_full_day'], ['first_full_day'], ['first_full_day', 'streak_3']]);
    const streak7 = (await list(session)).achievements.find((a) => a.badge === 'streak_7');
    expect(streak7?.progress).toEqual({ current: 3, target: 7, unit: 'days' });
  });

  it('finishing yesterday’s three today still earns the full day (the day counts, not the date done)', async () => {
    const user = await harness.user();
    for (const n of [1, 2, 3]) {
      const created = await harness.call(user, 'POST', '/api/tasks', {
        title: `Monday #${n}`,
        scheduledDate: '2025-03-03',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const board = dashboardSchema.parse((await harness.call(user, 'GET', '/api/dashboard')).json());
    for (const pick of board.topThree.slice(0, 2)) await act(user, pick.task.id, 'complete');
    harness.clock.set('2025-03-04T09:00:00.000Z');
    const tuesday = await harness.signIn(user);
    await act(tuesday, board.topThree[2]!.task.id, 'complete');
    expect((await rows(user)).map((r) => r.badge)).toEqual(['first_full_day']);
  });

  it('a week of opened deliveries is awarded by the change that opens the seventh day', async () => {
    const user = await harness.user();
    const { db } = harness.database;
    const at = new Date(START);
    const delivery = (localDate: string, status: 'opened' | 'sent') => ({
      id: randomUUID(),
      userId: user.id,
      localDate,
      slot: '07:30',
      channel: 'email' as const,
      status,
      scheduledFor: at,
      createdAt: at,
      updatedAt: at,
    });
    const dates = [
      '2025-02-25',
      '2025-02-26',
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ];
    await db.insert(deliveries).values(dates.map((d) => delivery(d, 'opened')));
    expect(
      (await list(user)).achievements.find((a) => a.badge === 'deliveries_week'),
    ).toMatchObject({ earnedAt: null, progress: { current: 6, target: 7, unit: 'days' } });
    const today = delivery('2025-03-03', 'opened');
    const awarded = await db.transaction(async (tx) => {
      await tx.insert(deliveries).values(today);
      return service.check(tx, user.id, ['deliveries']);
    });
    expect(awarded).toEqual(['deliveries_week']);
    expect((await achievementNotifications(user)).map((n) => n.data?.badge)).toEqual([
      'deliveries_week',
    ]);
  });

  it('a feature awards its badge with one call, once', async () => {
    const user = await harness.user();
    const { db } = harness.database;
    expect(await db.transaction((tx) => service.award(tx, user.id, 'first_reflection'))).toBe(true);
    expect(await db.transaction((tx) => service.award(tx, user.id, 'first_reflection'))).toBe(
      false,
    );
    expect(await earned(user)).toEqual(['first_reflection']);
    expect(await achievementNotifications(user)).toHaveLength(1);
  });

  describe('people who earned badges before achievements shipped', () => {
    const markAsExisting = (user: TestUser) =>
      harness.database.db.insert(achievementBackfills).values({ userId: user.id });

    it('opening /achievements catches them up silently', async () => {
      const user = await harness.user();
      const goal = await createGoal(harness, user);
      const planned = await harness.call(user, 'POST', `/api/goals/${goal.id}/plan`, {
        milestones: [],
        tasks: [{ title: 'Only', scheduledDate: '2025-03-03', estimatedMinutes: 10 }],
      });
      const [task] = acceptPlanResultSchema.parse(planned.json()).tasks;
      await asBeforeAchievements(user);
      await markAsExisting(user);
      expect(await earned(user)).toEqual(['first_goal', 'first_plan']);
      expect((await rows(user)).every((r) => r.backfilled)).toBe(true);
      expect(await achievementNotifications(user)).toEqual([]);
      // Caught up once: what they earn next is announced, badge by badge.
      await act(user, task!.id, 'complete');
      expect(
        (await achievementNotifications(user)).map((n) => String(n.data?.badge)).sort(),
      ).toEqual(['goal_100', 'goal_25', 'goal_50', 'goal_75']);
    });

    it('their next qualifying change catches them up with one notification, not one per badge', async () => {
      const user = await harness.user();
      const goal = await createGoal(harness, user);
      await harness.call(user, 'POST', `/api/goals/${goal.id}/plan`, {
        milestones: [],
        tasks: [{ title: 'Only', scheduledDate: '2025-03-03', estimatedMinutes: 10 }],
      });
      await asBeforeAchievements(user);
      await markAsExisting(user);
      await createGoal(harness, user, { goal: { title: 'Another' } });
      expect((await rows(user)).map((r) => r.badge).sort()).toEqual(['first_goal', 'first_plan']);
      const told = await achievementNotifications(user);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: 'You have 2 achievements' });
      expect(told[0]?.message).toContain('First goal, First plan');
      // The marker is gone: it happens once.
      expect(
        await harness.database.db
          .select()
          .from(achievementBackfills)
          .where(eq(achievementBackfills.userId, user.id)),
      ).toEqual([]);
    });
  });

  it('another person’s achievements are never readable; without a session the list is 401', async () => {
    const owner = await harness.user();
    await createGoal(harness, owner);
    const stranger = await harness.user();
    expect(await earned(owner)).toEqual(['first_goal']);
    expect(await earned(stranger)).toEqual([]);
    expect(await achievementNotifications(stranger)).toEqual([]);
    const anonymous = await harness.call(null, 'GET', '/api/achievements');
    expect(anonymous.statusCode).toBe(401);
  });
});
