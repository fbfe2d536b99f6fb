import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { registeredRoutes, urlFor } from '#server/test/routes.ts';
import { signUpTestUser } from '#server/test/users.ts';
import { createTestClock } from './test-support.ts';

// Two-factor sign-in holds for the whole product API: a person with a verified authenticator app
// whose session has not used it (aal1) is refused on every /api route and on the event stream,
// whatever the route and whatever the body. The table is the app's own list of routes, so a new
// route cannot forget it.

/** Routes that take no person's token: each says `security: []` in its schema, or is the docs. */
const publicRoutes = new Set([
  'POST /api/links/complete',
  'POST /api/links/unsubscribe',
  'POST /api/webhooks/sms/status',
  'POST /api/channels/push/renew',
  'GET /api/runtime-config',
]);
const isPublic = (method: string, path: string) =>
  publicRoutes.has(`${method} ${path}`) || path.startsWith('/api/docs');

const codeFor = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: at.getTime() });

describe('two-factor sign-in on /api', () => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createTestClock();
  const password = 'correct-horse-battery';
  let email: string;
  let firstToken: string;
  let aal1Token: string;
  let aal2Token: string;

  const auth = (url: string, token: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: `/auth/v1${url}`,
      headers: { apikey: app.auth.keys.publishableKey, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const signIn = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: app.auth.keys.publishableKey },
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string }>().access_token;
  };
  const get = (url: string, token: string) =>
    app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' }, clock: clock.now });
    await app.ready();
    await signUpTestUser(app, { role: 'admin' });
    const user = await signUpTestUser(app);
    email = user.email;
    firstToken = user.accessToken;

    const enrolled = await auth('/factors', firstToken, {
      factor_type: 'totp',
      friendly_name: 'phone',
    });
    expect(enrolled.statusCode).toBe(200);
    const factor = enrolled.json<{ id: string; totp: { secret: string } }>();
    const challenge = await auth(`/factors/${factor.id}/challenge`, firstToken);
    expect(challenge.statusCode).toBe(200);
    const verified = await auth(`/factors/${factor.id}/verify`, firstToken, {
      challenge_id: challenge.json<{ id: string }>().id,
      code: codeFor(factor.totp.secret, clock.now()),
    });
    expect(verified.statusCode).toBe(200);
    aal2Token = verified.json<{ access_token: string }>().access_token;
    // The password alone, with a verified factor: an aal1 session.
    aal1Token = await signIn();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses an aal1 session on every guarded /api route, before reading the body', async () => {
    const routes = registeredRoutes(app).filter((route) => route.path.startsWith('/api/'));
    // The tree really was read: the product's families are all there.
    for (const family of ['goals', 'tasks', 'notifications', 'channels', 'account', 'events']) {
      expect(routes.some((route) => route.path.startsWith(`/api/${family}`))).toBe(true);
    }
    const refused: string[] = [];
    for (const { method, path } of routes) {
      if (isPublic(method, path)) continue;
      const url = urlFor(path, randomUUID());
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${aal1Token}`, 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"not":"valid"' }),
      });
      const body = errorBodySchema.safeParse(response.json());
      expect({ route: `${method} ${path}`, status: response.statusCode }).toEqual({
        route: `${method} ${path}`,
        status: 403,
      });
      expect(body.data?.error).toMatchObject({
        code: 'insufficient_aal',
        message: 'Enter the code from your authenticator app to continue.',
      });
      refused.push(`${method} ${path}`);
    }
    expect(refused).toContain('GET /api/events');
    expect(refused.length).toBeGreaterThan(40);
  });

  it('public routes say so in their schema and do not ask for the second factor', async () => {
    const spec = app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const declaredPublic = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => Array.isArray(operation.security) && !operation.security.length)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of declaredPublic) expect(publicRoutes.has(route)).toBe(true);
    const link = await app.inject({
      method: 'POST',
      url: '/api/links/complete',
      headers: { authorization: `Bearer ${aal1Token}` },
      payload: { token: 'not-a-link' },
    });
    expect(link.json<{ error?: { code: string } }>().error?.code).not.toBe('insufficient_aal');
  });

  it('lets the same person in once the session has used the factor', async () => {
    const profile = await get('/api/profile', aal2Token);
    expect(profile.statusCode).toBe(200);
    const goals = await get('/api/goals', aal2Token);
    expect(goals.statusCode).toBe(200);
  });

  it('refuses a token issued before its own session stepped up (the token must say aal2)', async () => {
    // The sign-up session verified the factor, so its row is aal2; its first token still says aal1.
    const response = await get('/api/profile', firstToken);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('insufficient_aal');
  });

  it('a person without a verified factor keeps using aal1 sessions', async () => {
    const other = await signUpTestUser(app);
    expect((await get('/api/profile', other.accessToken)).statusCode).toBe(200);
  });

  it('an invalid or missing token is still 401, not 403', async () => {
    expect((await get('/api/profile', 'not-a-token')).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/profile' })).statusCode).toBe(401);
  });
});
