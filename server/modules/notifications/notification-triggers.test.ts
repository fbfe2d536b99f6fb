import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema } from '#contracts/notifications.ts';
import { queryRows, type Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { sseReader } from '#server/test/sse-reader.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

// Notifications written by anyone but the notifications repo (another process, the delivery
// worker's batch, an operator's SQL): the database's triggers keep the unread count and send the
// live events, in the writer's transaction (migration 0007).

describe('notifications written with plain SQL', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    // Node's fetch may keep a spare connection to the server after a stream is cancelled.
    app?.server.closeAllConnections();
    await app?.close();
    await database?.close();
  });

  const exec = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
  const insert = (
    user: TestUser,
    options: { read?: boolean; title?: string; id?: string } = {},
  ) => {
    const id = options.id ?? randomUUID();
    return exec(
      sql`insert into notifications (id, user_id, type, title, message, read, priority, created_at, data)
          values (${id}::uuid, ${user.id}::uuid, 'insight', ${options.title ?? 'From SQL'}, 'Written by hand',
            ${options.read ?? false}, 'low', '2026-11-25T08:00:00.123Z', '{"source":"sql","n":null}')`,
    ).then(() => id);
  };
  const list = async (user: TestUser, query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/notifications${query}`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return notificationListSchema.parse(response.json());
  };
  const stream = async (user: TestUser) => {
    const response = await fetch(`${url}/api/events`, { headers: user.headers });
    expect(response.status).toBe(200);
    const reader = sseReader(response);
    expect(await reader.next()).toEqual({ event: 'ready', data: {} });
    return reader;
  };

  it('an insert counts, lists and streams the notification live; a read one is not counted', async () => {
    const user = await signUpTestUser(app);
    const events = await stream(user);
    try {
      const id = await insert(user, { title: 'Hello from SQL' });
      expect(await events.next()).toEqual({
        event: 'notification.created',
        data: {
          id,
          type: 'insight',
          title: 'Hello from SQL',
          message: 'Written by hand',
          read: false,
          priority: 'low',
          created_at: '2026-11-25T08:00:00.123Z',
          data: { source: 'sql', n: null },
        },
      });
      const page = await list(user);
      expect(page.unreadCount).toBe(1);
      expect(page.notifications.map((n) => n.id)).toEqual([id]);
      expect((await list(user, '?unread=true')).notifications).toHaveLength(1);

      await insert(user, { read: true });
      expect(await events.next()).toMatchObject({
        event: 'notification.created',
        data: { read: true },
      });
      expect((await list(user)).unreadCount).toBe(1);
    } finally {
      await events.cancel();
    }
  });

  it('one statement inserting many rows for several users counts each once', async () => {
    const [ada, bo] = [await signUpTestUser(app), await signUpTestUser(app)];
    await exec(
      sql`insert into notifications (id, user_id, type, title, message, read)
          select gen_random_uuid(), u.id, 'other', 'Batch', 'm', u.n % 3 = 0
          from (select ${ada.id}::uuid as id, n from generate_series(1, 5) n
                union all select ${bo.id}::uuid, n from generate_series(1, 2) n) u`,
    );
    expect((await list(ada)).unreadCount).toBe(4);
    expect((await list(bo)).unreadCount).toBe(2);
  });

  it('"Mark all read" finds the rows SQL wrote, and an update by SQL moves the count and streams it', async () => {
    const user = await signUpTestUser(app);
    const first = await insert(user);
    await insert(user);
    const events = await stream(user);
    try {
      await exec(sql`update notifications set read = true where id = ${first}::uuid`);
      expect(await events.next()).toEqual({
        event: 'notifications.changed',
        data: { unreadCount: 1 },
      });
      expect((await list(user)).unreadCount).toBe(1);

      const readAll = await app.inject({
        method: 'PUT',
        url: '/api/notifications/read-all',
        headers: user.headers,
      });
      expect(readAll.json()).toEqual({ updated: 1, unreadCount: 0 });
      expect(await events.next()).toEqual({
        event: 'notifications.changed',
        data: { unreadCount: 0 },
      });

      await exec(sql`update notifications set read = false where user_id = ${user.id}::uuid`);
      expect(await events.next()).toEqual({
        event: 'notifications.changed',
        data: { unreadCount: 2 },
      });
      expect((await list(user)).unreadCount).toBe(2);

      // A statement that changes nothing of a row tells no one.
      await exec(sql`update notifications set title = title where false`);
      await exec(sql`update notifications set read = read where user_id = ${user.id}::uuid`);
      await insert(user, { read: true, title: 'marker' });
      expect(await events.next()).toMatchObject({
        event: 'notification.created',
        data: { title: 'marker' },
      });
    } finally {
      await events.cancel();
    }
  });

  it('a delete by SQL lowers the count only for unread rows and streams the new count', async () => {
    const user = await signUpTestUser(app);
    const unread = await insert(user);
    const read = await insert(user, { read: true });
    await insert(user);
    const events = await stream(user);
    try {
      await exec(sql`delete from notifications where id = ${read}::uuid`);
      expect(await events.next()).toEqual({
        event: 'notifications.changed',
        data: { unreadCount: 2 },
      });
      await exec(sql`delete from notifications where id = ${unread}::uuid`);
      expect(await events.next()).toEqual({
        event: 'notifications.changed',
        data: { unreadCount: 1 },
      });
      expect((await list(user)).unreadCount).toBe(1);
    } finally {
      await events.cancel();
    }
  });

  it('a rolled-back write changes no count and tells no one', async () => {
    const user = await signUpTestUser(app);
    const events = await stream(user);
    try {
      await database.db
        .transaction(async (tx) => {
          await tx.execute(
            sql`insert into notifications (id, user_id, type, title, message)
                values (gen_random_uuid(), ${user.id}::uuid, 'other', 'Rolled back', 'm')`,
          );
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await insert(user, { title: 'after' });
      expect(await events.next()).toMatchObject({
        event: 'notification.created',
        data: { title: 'after' },
      });
      expect((await list(user)).unreadCount).toBe(1);
    } finally {
      await events.cancel();
    }
  });

  it('a notification too large for NOTIFY arrives as stale, and is still counted', async () => {
    const user = await signUpTestUser(app);
    const events = await stream(user);
    try {
      await exec(
        sql`insert into notifications (id, user_id, type, title, message, data)
            values (gen_random_uuid(), ${user.id}::uuid, 'other', 'Big', 'm',
              jsonb_build_object('blob', repeat('x', 9000)))`,
      );
      expect(await events.next()).toEqual({
        event: 'stale',
        data: { type: 'notification.created' },
      });
      expect((await list(user)).unreadCount).toBe(1);
    } finally {
      await events.cancel();
    }
  });

  it('a user deleted with its notifications leaves no count behind', async () => {
    const user = await signUpTestUser(app);
    await insert(user);
    await exec(sql`delete from users where id = ${user.id}::uuid`);
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notification_counts where user_id = ${user.id}::uuid`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
