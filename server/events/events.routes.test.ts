import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import { notificationSchema } from '#contracts/notifications.ts';
import type { AuthContext, AuthGuard } from '#server/auth/guard.ts';
import { openDatabase, queryRows, type Database } from '#server/db/client.ts';
import { AppError, registerErrorHandler } from '#server/errors.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import { sseReader } from '#server/test/sse-reader.ts';
import { createEventBus } from './event-bus.ts';
import { eventsRoutes } from './events.routes.ts';

describe('GET /api/events (the whole app)', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  let alice: TestUser;
  let bob: TestUser;

  const connect = (user?: TestUser, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/events`, {
      headers: { ...(user ? user.headers : {}), 'accept-encoding': 'br, gzip', ...headers },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    alice = await signUpTestUser(app);
    bob = await signUpTestUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('streams a new notification to its user, uncompressed', async () => {
    const response = await connect(alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = sseReader(response);
    expect(await stream.next()).toEqual({ event: 'ready', data: {} });

    const started = performance.now();
    const created = await app.notifications.notify(alice.id, {
      type: 'goal_progress',
      title: 'Halfway there',
      message: 'You finished 5 of 10 tasks.',
      data: { goal_id: 'g1' },
    });
    const message = await stream.next(10_000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(message?.event).toBe('notification.created');
    expect(notificationSchema.parse(message?.data)).toEqual(created);

    // Marking it read elsewhere tells this page to catch up.
    await app.inject({
      method: 'PUT',
      url: `/api/notifications/${created?.id}/read`,
      headers: alice.headers,
    });
    expect(await stream.next()).toEqual({
      event: 'notifications.changed',
      data: { unreadCount: 0 },
    });
    await stream.cancel();
  });

  it('sends nothing of another user’s', async () => {
    const stream = sseReader(await connect(bob));
    await stream.next();
    await app.notifications.notify(alice.id, {
      type: 'other',
      title: 'For Alice',
      message: 'only',
    });
    await app.notifications.notify(bob.id, { type: 'other', title: 'For Bob', message: 'only' });
    const message = await stream.next();
    expect(message?.data).toMatchObject({ title: 'For Bob' });
    await stream.cancel();
  });

  it('answers 401 without a token, and ignores a token in the URL', async () => {
    const response = await connect();
    expect(response.status).toBe(401);
    expect(errorBodySchema.parse(await response.json()).error.code).toBe('unauthenticated');
    const inUrl = await fetch(`${url}/api/events?access_token=${alice.accessToken}`);
    expect(inUrl.status).toBe(401);
    await inUrl.body?.cancel();
  });

  it('lets app.close() finish while streams are open, ending them', async () => {
    const own = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    await own.listen({ port: 0, host: '127.0.0.1' });
    const address = own.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const streams = await Promise.all(
      [alice, bob].map(async (user) => {
        const response = await fetch(`http://127.0.0.1:${address.port}/api/events`, {
          headers: user.headers,
        });
        const stream = sseReader(response);
        await stream.next();
        return stream;
      }),
    );
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(2000);
    for (const stream of streams) expect(await stream.next()).toBeNull();
  });
});

describe('GET /api/events (heartbeat and session checks)', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  const ctx: AuthContext = {
    userId: '00000000-0000-4000-8000-000000000001',
    email: 'a@example.com',
    role: 'user',
    sessionId: '00000000-0000-4000-8000-000000000002',
    aal: 'aal1',
    isAnonymous: false,
  };
  let sessionValid = true;
  let subscriptions = 0;
  const guard: AuthGuard = {
    async authenticate(request) {
      if (request.headers.authorization !== 'Bearer ok' || !sessionValid) {
        throw new AppError('unauthenticated', 'Sign in to continue.');
      }
      return ctx;
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const bus = createEventBus(database);
    const counting = {
      ...bus,
      async subscribe(userId: string, handler: Parameters<typeof bus.subscribe>[1]) {
        subscriptions += 1;
        const stop = await bus.subscribe(userId, handler);
        return () => {
          subscriptions -= 1;
          stop();
        };
      },
    };
    // Node's fetch opens a spare connection when a stream is cancelled; 'idle' would wait on it.
    app = Fastify({ forceCloseConnections: true });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(eventsRoutes({ guard, events: counting, heartbeatMs: 50 }));
    app.addHook('onClose', async () => bus.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}/api/events`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('sends a heartbeat comment, and closes the stream once the session is no longer valid', async () => {
    sessionValid = true;
    const stream = sseReader(await fetch(url, { headers: { authorization: 'Bearer ok' } }));
    await stream.next();
    // A heartbeat while the session holds, however long the machine takes to send it.
    expect(await stream.comment()).toBe(true);
    expect(stream.comments[0]).toBe(': ping');
    sessionValid = false;
    expect(await stream.next(5000)).toBeNull();
    sessionValid = true;
  });

  it('unsubscribes when the client goes away', async () => {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { authorization: 'Bearer ok' },
      signal: controller.signal,
    });
    const stream = sseReader(response);
    await stream.next();
    expect(subscriptions).toBe(1);
    controller.abort();
    const deadline = Date.now() + 2000;
    while (subscriptions > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(subscriptions).toBe(0);
  });
});

describe('GET /api/events across server processes', () => {
  it('streams a notification that another app instance on the same database created', async () => {
    const database = await createTestDatabase();
    // On PostgreSQL the second instance has its own pool and listener, as another process would.
    const serverUrl = inject('postgresTemplate');
    let second = database;
    if (serverUrl) {
      const [current] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(serverUrl);
      url.pathname = `/${current?.name ?? ''}`;
      second = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    }
    const streaming = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    const producing = await createTestApp(second, { env: { AUTH_RATE_LIMITS: 'false' } });
    try {
      await streaming.listen({ port: 0, host: '127.0.0.1' });
      const address = streaming.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const user = await signUpTestUser(streaming);
      const stream = sseReader(
        await fetch(`http://127.0.0.1:${address.port}/api/events`, { headers: user.headers }),
      );
      await stream.next();
      const created = await producing.notifications.notify(user.id, {
        type: 'insight',
        title: 'From the other process',
        message: 'Published through LISTEN/NOTIFY.',
      });
      const message = await stream.next(10_000);
      expect(message).toEqual({ event: 'notification.created', data: created });
      await stream.cancel();
    } finally {
      await streaming.close();
      await producing.close();
      if (second !== database) await second.close();
      await database.close();
    }
  });
});
