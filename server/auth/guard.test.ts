import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser } from '#server/test/users.ts';
import { requireRole } from './guard.ts';
import { createTestClock } from './test-support.ts';

// The product API's guard, as a later module would use it: app.auth.guard in a route plugin.

describe('createAuthGuard (product API)', () => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createTestClock();
  let publishableKey: string;
  let serviceRoleKey: string;

  const signUp = async (email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: publishableKey },
      payload: { email, password: 'guard-password' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string; refresh_token: string; user: { id: string } }>();
  };
  const call = (url: string, token?: string) =>
    app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' }, clock: clock.now });
    app.get('/api/test/whoami', async (request) => app.auth.guard.authenticate(request));
    app.get('/api/test/coach-area', async (request) => {
      const ctx = await app.auth.guard.authenticate(request);
      requireRole(ctx, 'coach', 'admin');
      return { ok: true };
    });
    await app.ready();
    ({ publishableKey, serviceRoleKey } = app.auth.keys);
    // An account made with an explicit role takes the instance's first place, so every sign-up
    // below is a plain user whichever test runs first.
    await signUpTestUser(app, { role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gives the caller id, email, role, session and assurance level', async () => {
    const admin = await signUpTestUser(app, { email: 'first@example.com', role: 'admin' });
    const user = await signUp('second@example.com');
    const me = await call('/api/test/whoami', user.access_token);
    expect(me.statusCode).toBe(200);
    const ctx = me.json<{
      userId: string;
      email: string;
      role: string;
      sessionId: string;
      aal: string;
    }>();
    expect(ctx).toMatchObject({
      userId: user.user.id,
      email: 'second@example.com',
      role: 'user',
      aal: 'aal1',
    });
    expect(ctx.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('/api/test/whoami', admin.accessToken)).json()).toMatchObject({
      role: 'admin',
    });
  });

  it('answers 401 unauthenticated without a token, with a garbled one, or with a project key', async () => {
    for (const token of [undefined, 'garbage', publishableKey, serviceRoleKey]) {
      const response = await call('/api/test/whoami', token);
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json()).error.code).toBe('unauthenticated');
    }
  });

  it('stops accepting a token once its session is signed out, or its user banned', async () => {
    const user = await signUp('signed-out@example.com');
    expect((await call('/api/test/whoami', user.access_token)).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { apikey: publishableKey, authorization: `Bearer ${user.access_token}` },
    });
    expect((await call('/api/test/whoami', user.access_token)).statusCode).toBe(401);

    const banned = await signUp('banned@example.com');
    await app.inject({
      method: 'PUT',
      url: `/auth/v1/admin/users/${banned.user.id}`,
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
      payload: { ban_duration: '24h' },
    });
    expect((await call('/api/test/whoami', banned.access_token)).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    const user = await signUp('expiring@example.com');
    clock.advance(3601);
    const response = await call('/api/test/whoami', user.access_token);
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).error.message).toMatch(/expired/);
  });

  it('a token it has already accepted still expires, and an altered one is still refused', async () => {
    const user = await signUp('remembered@example.com');
    // Accepted once, so the verified token is remembered (server/auth/tokens.ts).
    expect((await call('/api/test/whoami', user.access_token)).statusCode).toBe(200);
    const [header, payload, signature] = user.access_token.split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect((await call('/api/test/whoami', `${header}.${payload}.${flipped}`)).statusCode).toBe(
      401,
    );
    clock.advance(3601);
    const response = await call('/api/test/whoami', user.access_token);
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).error.message).toMatch(/expired/);
  });

  it('requireRole answers 403 forbidden to a plain user and lets a coach through, at once after a role change', async () => {
    const user = await signUp('becomes-coach@example.com');
    const denied = await call('/api/test/coach-area', user.access_token);
    expect(denied.statusCode).toBe(403);
    expect(errorBodySchema.parse(denied.json()).error.code).toBe('forbidden');

    await app.inject({
      method: 'PUT',
      url: `/auth/v1/admin/users/${user.user.id}`,
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
      payload: { app_metadata: { role: 'coach' } },
    });
    // Same access token: the guard reads the role from the database, not from the token.
    expect((await call('/api/test/coach-area', user.access_token)).statusCode).toBe(200);
  });
});
