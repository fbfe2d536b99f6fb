import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockSchema, systemPaths } from '#contracts/system.ts';
import { todaySchema } from '#contracts/today.ts';
import type { Database } from '#server/db/client.ts';
import { createAdjustableClock } from '#server/lib/adjustable-clock.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import type { FastifyInstance } from 'fastify';

const url = systemPaths.clock.href();
const WALL = new Date('2026-03-10T09:00:00.000Z');

describe('the movable product clock (CLOCK_CONTROL)', () => {
  let database: Database;
  let app: FastifyInstance;
  let user: TestUser;
  const clock = createAdjustableClock(() => WALL);
  const asServiceRole = () => ({ authorization: `Bearer ${app.auth.keys.serviceRoleKey}` });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { clock: () => WALL, clockControl: clock });
    user = await signUpTestUser(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const todayOf = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/tasks/today',
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return todaySchema.parse(response.json()).localDate;
  };

  it('moves the product’s today for the service-role key, and back to real time with null', async () => {
    expect(await todayOf()).toBe('2026-03-10');
    const moved = await app.inject({
      method: 'PUT',
      url,
      headers: asServiceRole(),
      payload: { at: '2026-03-13T09:00:00.000Z' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(clockSchema.parse(moved.json())).toEqual({
      now: '2026-03-13T09:00:00.000Z',
      offsetMs: 3 * 86_400_000,
    });
    expect(await todayOf()).toBe('2026-03-13');
    // Sign-in keeps real time: the token taken before the move still works after it.
    const back = await app.inject({
      method: 'PUT',
      url,
      headers: asServiceRole(),
      payload: { at: null },
    });
    expect(clockSchema.parse(back.json()).offsetMs).toBe(0);
    expect(await todayOf()).toBe('2026-03-10');
  });

  it('refuses a person’s own token, no token and a bad body', async () => {
    for (const headers of [user.headers, {}]) {
      const response = await app.inject({ method: 'PUT', url, headers, payload: { at: null } });
      expect(response.statusCode).toBe(401);
    }
    const read = await app.inject({ method: 'GET', url, headers: user.headers });
    expect(read.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: asServiceRole(),
      payload: { at: 'next tuesday' },
    });
    expect(bad.statusCode).toBe(400);
    expect(clock.offsetMs()).toBe(0);
  });
});

describe('without CLOCK_CONTROL', () => {
  it('has no clock route at all', async () => {
    const database = await createTestDatabase();
    const app = await createTestApp(database);
    try {
      const response = await app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${app.auth.keys.serviceRoleKey}` },
        payload: { at: null },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
