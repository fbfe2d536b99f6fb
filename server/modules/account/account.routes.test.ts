import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSessionsResponseSchema } from '#contracts/account.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

/** A second sign-in of the same account, as from another device. */
async function signInAgain(app: FastifyInstance, user: TestUser, userAgent: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey: app.auth.keys.publishableKey, 'user-agent': userAgent },
    payload: { email: user.email, password: 'correct-horse-battery' },
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
}

describe('/api/account/sessions', () => {
  let database: Database;
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    alice = await signUpTestUser(app);
    bob = await signUpTestUser(app);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists the caller’s own sessions, newest first, marking the current one', async () => {
    const phone = await signInAgain(app, alice, 'Mozilla/5.0 (iPhone) Mobile Safari');
    const response = await app.inject({ url: '/api/account/sessions', headers: phone });
    expect(response.statusCode).toBe(200);
    const { sessions } = accountSessionsResponseSchema.parse(response.json());
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)?.userAgent).toContain('iPhone');
  });

  it('never shows another user’s sessions', async () => {
    const response = await app.inject({ url: '/api/account/sessions', headers: bob.headers });
    const { sessions } = accountSessionsResponseSchema.parse(response.json());
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
  });

  it('ends another session, whose token then stops working at once', async () => {
    const laptop = await signInAgain(app, alice, 'Mozilla/5.0 (X11; Linux x86_64)');
    const before = accountSessionsResponseSchema.parse(
      (await app.inject({ url: '/api/account/sessions', headers: alice.headers })).json(),
    );
    const target = before.sessions.find((s) => s.userAgent?.includes('Linux'));
    expect(target).toBeDefined();
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target?.id}`,
      headers: alice.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ deleted: true });
    const refused = await app.inject({ url: '/api/account/sessions', headers: laptop });
    expect(refused.statusCode).toBe(401);
  });

  it('answers 404 for another user’s session and leaves it alone', async () => {
    const bobs = accountSessionsResponseSchema.parse(
      (await app.inject({ url: '/api/account/sessions', headers: bob.headers })).json(),
    );
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bobs.sessions[0]?.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/account/sessions', headers: bob.headers })).statusCode,
    ).toBe(200);
  });

  it('refuses to end the current session here, with a message saying what to do', async () => {
    const mine = accountSessionsResponseSchema.parse(
      (await app.inject({ url: '/api/account/sessions', headers: alice.headers })).json(),
    );
    const current = mine.sessions.find((s) => s.current);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${current?.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error.message).toContain('Sign out');
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    const malformed = await app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-a-uuid',
      headers: alice.headers,
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorBodySchema.parse(malformed.json()).error.code).toBe('invalid_input');
    expect((await app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});
