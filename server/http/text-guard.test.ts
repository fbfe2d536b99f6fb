import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE, findUnsafeText } from '#contracts/text.ts';
import type { Database } from '#server/db/client.ts';
import { smartGoal } from '#server/modules/goals/test-support.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { registeredRoutes, urlFor } from '#server/test/routes.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

// NUL bytes and lone surrogates, which PostgreSQL cannot store, are refused with a 400 on every
// route (body, query, path and nested metadata), never a 500, in each API's own error shape.

const NUL = 'a\u0000b';
const HIGH = 'a\uD800b';
const LOW = '\uDC00';
const unsafe = [NUL, HIGH, LOW];

describe('the text rule (contracts/text.ts)', () => {
  it('finds NUL and lone surrogates at any depth, keys included, and lets emoji through', () => {
    expect(findUnsafeText('Run 🏃 5 km')).toBeNull();
    expect(findUnsafeText({ a: ['ok', { b: 'ok' }] })).toBeNull();
    expect(findUnsafeText(NUL)).toEqual([]);
    expect(findUnsafeText({ data: { nested: [1, 'x', HIGH] } })).toEqual(['data', 'nested', 2]);
    expect(findUnsafeText({ meta: { [LOW]: 1 } })).toEqual(['meta', LOW]);
    expect(findUnsafeText('🏃'.slice(0, 1))).toEqual([]);
    expect(findUnsafeText('🏃'.slice(1))).toEqual([]);
  });
});

describe('NUL bytes and lone surrogates over HTTP', () => {
  let database: Database;
  let app: FastifyInstance;
  let admin: TestUser;
  let person: TestUser;
  const json = (method: string, url: string, payload: unknown, token?: string) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        apikey: app.auth.keys.publishableKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    await app.ready();
    admin = await signUpTestUser(app, { role: 'admin' });
    person = await signUpTestUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('fuzz: every route answers 400 (never 5xx) for them in the body, the query and the path', async () => {
    const routes = registeredRoutes(app).filter(
      ({ path }) =>
        (path.startsWith('/api/') || path.startsWith('/auth/v1/')) && !path.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(60);
    const fields = ['title', 'notes', 'email', 'password', 'message', 'name', 'token', 'phone'];
    for (const { method, path } of routes) {
      for (const bad of unsafe) {
        const body = Object.fromEntries(fields.map((field) => [field, bad]));
        const attempts = [
          json(
            method,
            `${urlFor(path, 'x')}?q=${encodeURIComponent(NUL)}`,
            undefined,
            person.accessToken,
          ),
          ...(path.includes(':')
            ? [json(method, path.replace(/:[A-Za-z]+/g, '%00'), undefined, admin.accessToken)]
            : []),
          ...(method === 'GET' || method === 'DELETE'
            ? []
            : [
                json(method, urlFor(path, 'x'), body, admin.accessToken),
                json(method, urlFor(path, 'x'), { data: { deep: [{ note: bad }] } }),
              ]),
        ];
        for (const response of await Promise.all(attempts)) {
          const where = `${method} ${path} ${JSON.stringify(bad)}`;
          expect({ where, status: response.statusCode }).toEqual({ where, status: 400 });
          expect(response.body, where).toContain('cannot be stored');
        }
      }
    }
  });

  it('product API: the field and a message a person can act on, in the product error shape', async () => {
    const goal = await json(
      'POST',
      '/api/goals',
      { goal: smartGoal({ title: HIGH }) },
      person.accessToken,
    );
    expect(goal.statusCode).toBe(400);
    expect(goal.json()).toMatchObject({
      error: {
        code: 'invalid_input',
        message: `body.goal.title: ${UNSAFE_TEXT_MESSAGE}`,
        details: [{ path: 'body.goal.title', message: UNSAFE_TEXT_MESSAGE }],
      },
    });
    const task = await json(
      'POST',
      '/api/tasks',
      { title: 'Stretch', notes: NUL },
      person.accessToken,
    );
    expect(task.statusCode).toBe(400);
    expect(task.json()).toMatchObject({ error: { code: 'invalid_input' } });
    const notification = await json(
      'POST',
      '/api/admin/notifications',
      { user_id: person.id, type: 'other', title: 'Hi', message: NUL },
      admin.accessToken,
    );
    expect(notification.statusCode).toBe(400);
    expect(notification.json()).toMatchObject({ error: { code: 'invalid_input' } });

    // A well-formed emoji is text like any other.
    const ok = await json(
      'POST',
      '/api/goals',
      { goal: smartGoal({ title: 'Run 🏃 5 km', deadline: '2099-12-31' }) },
      person.accessToken,
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('/auth/v1: sign-up metadata, the password grant, user data and admin creation in GoTrue shape', async () => {
    const expectGoTrue = (response: Awaited<ReturnType<typeof json>>, field: string) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: `${field} ${UNSAFE_TEXT_MESSAGE}`,
      });
    };
    expectGoTrue(
      await json('POST', '/auth/v1/signup', {
        email: 'new@example.com',
        password: 'correct-horse-battery',
        data: { name: NUL },
      }),
      'body.data.name',
    );
    expectGoTrue(
      await json('POST', '/auth/v1/token?grant_type=password', {
        email: `${HIGH}@example.com`,
        password: 'x',
      }),
      'body.email',
    );
    expectGoTrue(
      await json(
        'PUT',
        '/auth/v1/user',
        { data: { nested: { deeper: [LOW] } } },
        person.accessToken,
      ),
      'body.data.nested.deeper.0',
    );
    const serviceKey = app.auth.keys.serviceRoleKey;
    expectGoTrue(
      await json(
        'POST',
        '/auth/v1/admin/users',
        {
          email: 'made@example.com',
          password: 'correct-horse-battery',
          user_metadata: { bio: NUL },
        },
        serviceKey,
      ),
      'body.user_metadata.bio',
    );
  });
});
