import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import {
  adminNotificationResultSchema,
  deleteResultSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationUpdateSchema,
  readAllResultSchema,
  type NewNotification,
} from '#contracts/notifications.ts';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

describe('notifications API', () => {
  let database: Database;
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  // Each notification one millisecond after the last, so the order is certain.
  let now = Date.parse('2025-03-01T09:00:00.000Z');
  const clock = () => new Date(now);

  const notify = async (user: TestUser, input: Partial<NewNotification> = {}) => {
    now += 1;
    const created = await app.notifications.notify(user.id, {
      type: 'other',
      title: 'Hello',
      message: 'A message',
      ...input,
    });
    if (!created) throw new Error('muted');
    return created;
  };
  const list = async (user: TestUser, query = '') => {
    const response = await app.inject({ url: `/api/notifications${query}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return notificationListSchema.parse(response.json());
  };
  const call = (method: 'PUT' | 'DELETE' | 'GET', url: string, user?: TestUser) =>
    app.inject({ method, url, headers: user?.headers ?? {} });
  const expectError = (
    response: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe(code);
    return body.error;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' }, clock });
    await app.ready();
    alice = await signUpTestUser(app);
    bob = await signUpTestUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('GET /api/notifications?limit=20 answers { notifications, unreadCount } newest first', async () => {
    // A user of its own, so the list holds only this test's two notifications.
    const reader = await signUpTestUser(app);
    const first = await notify(reader, {
      type: 'goal_progress',
      title: 'Halfway',
      data: { goal_id: 'g1' },
      priority: 'high',
    });
    const second = await notify(reader, {
      type: 'coach_message',
      coach_id: 'health',
      priority: 'low',
    });
    const body = await list(reader, '?limit=20');
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(body.notifications[1]).toEqual({
      id: first.id,
      type: 'goal_progress',
      title: 'Halfway',
      message: 'A message',
      read: false,
      priority: 'high',
      created_at: new Date(now - 1).toISOString(),
      data: { goal_id: 'g1' },
    });
    expect(body.notifications[0]).toMatchObject({ coach_id: 'health', priority: 'low' });
    expect(body.notifications[0]).not.toHaveProperty('data');
    expect(body.nextCursor).toBeNull();
  });

  it('keeps users apart: another user sees none of them and gets 404 for each id', async () => {
    // Two users of its own: other tests notify alice and bob.
    const owner = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    const mine = await notify(owner);
    expect((await list(other)).notifications).toEqual([]);
    expect((await list(other)).unreadCount).toBe(0);
    for (const [method, url] of [
      ['PUT', `/api/notifications/${mine.id}/read`],
      ['PUT', `/api/notifications/${mine.id}/unread`],
      ['DELETE', `/api/notifications/${mine.id}`],
    ] as const) {
      expectError(await call(method, url, other), 404, 'not_found');
    }
    // The other's read-all leaves the owner's alone.
    await call('PUT', '/api/notifications/read-all', other);
    expect((await list(owner)).notifications.find((n) => n.id === mine.id)?.read).toBe(false);
  });

  it('PUT /{id}/read marks one read and lowers the count once, however often it is called', async () => {
    const target = await notify(alice);
    const before = (await list(alice)).unreadCount;
    for (let i = 0; i < 2; i += 1) {
      const response = await call('PUT', `/api/notifications/${target.id}/read`, alice);
      expect(response.statusCode).toBe(200);
      const body = notificationUpdateSchema.parse(response.json());
      expect(body.notification).toMatchObject({ id: target.id, read: true });
      expect(body.unreadCount).toBe(before - 1);
    }
    const unread = notificationUpdateSchema.parse(
      (await call('PUT', `/api/notifications/${target.id}/unread`, alice)).json(),
    );
    expect(unread).toMatchObject({ notification: { read: false }, unreadCount: before });
  });

  it('PUT /read-all marks every one read and sets the count to 0', async () => {
    await notify(alice);
    await notify(alice);
    const response = await call('PUT', '/api/notifications/read-all', alice);
    expect(response.statusCode).toBe(200);
    const body = readAllResultSchema.parse(response.json());
    expect(body.unreadCount).toBe(0);
    expect(body.updated).toBeGreaterThanOrEqual(2);
    const after = await list(alice);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    // Nothing left to mark.
    expect(
      readAllResultSchema.parse((await call('PUT', '/api/notifications/read-all', alice)).json()),
    ).toEqual({
      updated: 0,
      unreadCount: 0,
    });
  });

  it('DELETE /{id} removes one; the count drops by one only if it was unread', async () => {
    const read = await notify(alice);
    await call('PUT', `/api/notifications/${read.id}/read`, alice);
    const unread = await notify(alice);
    const before = (await list(alice)).unreadCount;

    const first = await call('DELETE', `/api/notifications/${read.id}`, alice);
    expect(first.statusCode).toBe(200);
    expect(deleteResultSchema.parse(first.json()).unreadCount).toBe(before);
    const second = await call('DELETE', `/api/notifications/${unread.id}`, alice);
    expect(deleteResultSchema.parse(second.json()).unreadCount).toBe(before - 1);

    const ids = (await list(alice, '?limit=100')).notifications.map((n) => n.id);
    expect(ids).not.toContain(read.id);
    expect(ids).not.toContain(unread.id);
    expectError(await call('DELETE', `/api/notifications/${unread.id}`, alice), 404, 'not_found');
  });

  it('asks for a bearer token on each call', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/notifications?limit=20'],
      ['PUT', `/api/notifications/${id}/read`],
      ['PUT', '/api/notifications/read-all'],
      ['DELETE', `/api/notifications/${id}`],
      ['GET', '/api/notifications/preferences'],
    ] as const) {
      expectError(await call(method, url), 401, 'unauthenticated');
      const garbled = await app.inject({ method, url, headers: { authorization: 'Bearer nope' } });
      expect(garbled.statusCode).toBe(401);
    }
  });

  it('answers a clear 400 for a malformed id, limit, cursor or filter', async () => {
    const badId = expectError(
      await call('PUT', '/api/notifications/not-a-uuid/read', alice),
      400,
      'invalid_input',
    );
    expect(badId.message).toBe('params.id: must be a notification id (a UUID)');
    expectError(await call('DELETE', '/api/notifications/123', alice), 400, 'invalid_input');

    for (const limit of ['0', '101', 'abc', '2.5', '-1', '']) {
      const error = expectError(
        await call('GET', `/api/notifications?limit=${limit}`, alice),
        400,
        'invalid_input',
      );
      expect(error.message).toBe('querystring.limit: must be a whole number from 1 to 100');
    }
    const cursor = expectError(
      await call('GET', '/api/notifications?cursor=bm9wZQ', alice),
      400,
      'invalid_input',
    );
    expect(cursor.message).toBe('querystring.cursor: must be a nextCursor from a previous page');
    expectError(await call('GET', '/api/notifications?cursor=a%2Fb', alice), 400, 'invalid_input');
    expectError(await call('GET', '/api/notifications?type=spam', alice), 400, 'invalid_input');
    expectError(await call('GET', '/api/notifications?unread=yes', alice), 400, 'invalid_input');
  });

  it('pages 20 at a time by default, up to 100, and walks older pages by cursor without gaps', async () => {
    const carol = await signUpTestUser(app);
    const created: string[] = [];
    for (let i = 0; i < 45; i += 1) created.push((await notify(carol, { title: `n${i}` })).id);
    const newestFirst = [...created].reverse();

    const first = await list(carol);
    expect(first.notifications).toHaveLength(20);
    expect(first.unreadCount).toBe(45);
    expect(first.nextCursor).toEqual(expect.any(String));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        carol,
        `?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.notifications.map((n) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(newestFirst);

    expect((await list(carol, '?limit=100')).notifications).toHaveLength(45);
    expect((await list(carol, '?limit=1')).notifications.map((n) => n.id)).toEqual([
      newestFirst[0],
    ]);
  });

  it('filters by type and by unread without changing the unread count', async () => {
    const dan = await signUpTestUser(app);
    const goal = await notify(dan, { type: 'goal_progress', data: { goal_id: 'g-7' } });
    const insight = await notify(dan, { type: 'insight' });
    await call('PUT', `/api/notifications/${insight.id}/read`, dan);

    const goals = await list(dan, '?type=goal_progress');
    expect(goals.notifications.map((n) => n.id)).toEqual([goal.id]);
    expect(goals.unreadCount).toBe(1);
    expect((await list(dan, '?unread=true')).notifications.map((n) => n.id)).toEqual([goal.id]);
    expect((await list(dan, '?unread=false')).notifications.map((n) => n.id)).toEqual([insight.id]);
    expect((await list(dan, '?type=insight&unread=true')).notifications).toEqual([]);
  });

  it('keeps in-app preferences per user and creates nothing of a type turned off', async () => {
    const erin = await signUpTestUser(app);
    const initial = notificationPreferencesSchema.parse(
      (await call('GET', '/api/notifications/preferences', erin)).json(),
    );
    expect(Object.values(initial.inApp).every(Boolean)).toBe(true);

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: erin.headers,
      payload: { inApp: { ...initial.inApp, insight: false } },
    });
    expect(saved.statusCode).toBe(200);
    expect(notificationPreferencesSchema.parse(saved.json()).inApp.insight).toBe(false);

    expect(
      await app.notifications.notify(erin.id, { type: 'insight', title: 'Muted', message: 'm' }),
    ).toBeNull();
    await notify(erin, { type: 'achievement' });
    expect((await list(erin)).notifications.map((n) => n.type)).toEqual(['achievement']);
    // Someone else's preferences are their own.
    expect(
      await app.notifications.notify(bob.id, { type: 'insight', title: 'Not muted', message: 'm' }),
    ).not.toBeNull();

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: erin.headers,
      payload: { inApp: { insight: 'no' } },
    });
    expectError(bad, 400, 'invalid_input');
  });

  describe('POST /api/admin/notifications', () => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await signUpTestUser(app, { role: 'admin' });
    });
    const post = (payload: unknown, authorization?: string) => {
      now += 1;
      return app.inject({
        method: 'POST',
        url: '/api/admin/notifications',
        headers: authorization ? { authorization } : {},
        payload: payload as Record<string, unknown>,
      });
    };

    it('lets an admin, or an operator with the service-role key, notify a user', async () => {
      const byAdmin = await post(
        {
          user_id: bob.id,
          type: 'achievement',
          title: 'Streak',
          message: '7 days',
          priority: 'high',
        },
        admin.headers.authorization,
      );
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      const { notification } = adminNotificationResultSchema.parse(byAdmin.json());
      expect(notification).toMatchObject({ type: 'achievement', priority: 'high', read: false });

      const byOperator = await post(
        { user_id: bob.id, type: 'other', title: 'Maintenance', message: 'Tonight' },
        `Bearer ${app.auth.keys.serviceRoleKey}`,
      );
      expect(byOperator.statusCode).toBe(201);
      expect(adminNotificationResultSchema.parse(byOperator.json()).notification?.priority).toBe(
        'medium',
      );
      expect((await list(bob)).notifications.slice(0, 2).map((n) => n.title)).toEqual([
        'Maintenance',
        'Streak',
      ]);
    });

    it('refuses everyone else', async () => {
      const payload = { user_id: bob.id, type: 'other', title: 't', message: 'm' };
      expectError(await post(payload), 401, 'unauthenticated');
      // Alice, the first account, became admin; a later one is a plain user.
      const regular = await signUpTestUser(app);
      expectError(await post(payload, regular.headers.authorization), 403, 'forbidden');
      expectError(
        await post(payload, `Bearer ${app.auth.keys.publishableKey}`),
        401,
        'unauthenticated',
      );
    });

    it('validates type, priority, texts and ids, and answers 404 for an unknown user', async () => {
      const auth = admin.headers.authorization;
      const base = { user_id: bob.id, type: 'other', title: 'Title', message: 'Message' };
      for (const bad of [
        { ...base, type: 'spam' },
        { ...base, priority: 'urgent' },
        { ...base, title: '   ' },
        { ...base, message: 'x'.repeat(2001) },
        { ...base, coach_id: '../admin' },
        { ...base, type: 'goal_progress', data: { goal_id: 'a/b' } },
        { ...base, data: { blob: 'x'.repeat(3000) } },
        { ...base, user_id: 'bob' },
      ]) {
        expectError(await post(bad, auth), 400, 'invalid_input');
      }
      expectError(await post({ ...base, user_id: randomUUID() }, auth), 404, 'not_found');
    });
  });
});
