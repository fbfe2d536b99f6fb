import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthServer, type AuthTestServer } from './test-support.ts';

// Every answer under /auth/v1 uses GoTrue's error envelope (contract §4.1), whatever went wrong:
// `{code, message}` when the client asks for 2024-01-01 (auth-js always does), else the legacy
// `{code: <status>, error_code, msg}`. Never the product API's `{error: {…}}`.

interface Case {
  name: string;
  path: string;
  init?: RequestInit;
  status: number;
  code: string;
  /** Extra headers the answer must carry. */
  headers?: Record<string, RegExp>;
}

const json = { 'content-type': 'application/json' };

const cases: Case[] = [
  { name: 'an unknown path', path: '/no-such-route', status: 404, code: 'not_found' },
  { name: 'an unknown nested path', path: '/admin/nothing/here', status: 404, code: 'not_found' },
  {
    name: 'an unknown path, POSTed',
    path: '/nope',
    init: { method: 'POST', body: '{}', headers: json },
    status: 404,
    code: 'not_found',
  },
  {
    name: 'a known path with a method it does not take',
    path: '/signup',
    init: { method: 'DELETE' },
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: /POST/ },
  },
  {
    name: 'GET on the token endpoint',
    path: '/token?grant_type=password',
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: /POST/ },
  },
  {
    name: 'a body that is not JSON',
    path: '/signup',
    init: { method: 'POST', body: '{not json', headers: json },
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'a body of the wrong shape',
    path: '/signup',
    init: { method: 'POST', body: JSON.stringify({ email: 42 }), headers: json },
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a body over 1 MB',
    path: '/signup',
    init: {
      method: 'POST',
      body: JSON.stringify({ email: 'big@example.com', data: { x: 'x'.repeat(1_100_000) } }),
      headers: json,
    },
    status: 413,
    code: 'request_entity_too_large',
  },
  {
    name: 'an unsupported content type',
    path: '/signup',
    init: { method: 'POST', body: '<email/>', headers: { 'content-type': 'application/xml' } },
    status: 415,
    code: 'validation_failed',
  },
  {
    name: 'an admin route without the service-role key',
    path: '/admin/users',
    status: 401,
    code: 'no_authorization',
  },
];

async function expectEnvelope(response: Response, c: Case, version2024: boolean) {
  expect(response.status, c.name).toBe(c.status);
  expect(response.headers.get('content-type'), c.name).toMatch(/application\/json/);
  expect(response.headers.get('x-sb-error-code'), c.name).toBe(c.code);
  for (const [name, pattern] of Object.entries(c.headers ?? {})) {
    expect(response.headers.get(name), `${c.name}: ${name}`).toMatch(pattern);
  }
  const body = (await response.json()) as Record<string, unknown>;
  expect(body, c.name).not.toHaveProperty('error');
  if (version2024) {
    expect(response.headers.get('x-supabase-api-version'), c.name).toBe('2024-01-01');
    expect(body.code, c.name).toBe(c.code);
    expect(typeof body.message, c.name).toBe('string');
  } else {
    expect(body.code, c.name).toBe(c.status);
    expect(body.error_code, c.name).toBe(c.code);
    expect(typeof body.msg, c.name).toBe('string');
  }
}

describe('GoTrue error envelopes on every /auth/v1 answer', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(cases)('$name → $status $code, in both envelopes', async (c) => {
    const headers = { apikey: server.publishableKey, ...(c.init?.headers ?? {}) };
    const legacy = await fetch(`${server.url}/auth/v1${c.path}`, { ...c.init, headers });
    await expectEnvelope(legacy, c, false);
    const current = await fetch(`${server.url}/auth/v1${c.path}`, {
      ...c.init,
      headers: { ...headers, 'x-supabase-api-version': '2024-01-01' },
    });
    await expectEnvelope(current, c, true);
  });

  it('answers an unknown path without the apikey with no_api_key, in the same envelope', async () => {
    const response = await fetch(`${server.url}/auth/v1/no-such-route`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_code: 'no_api_key' });
  });

  it('leaves the product API its own envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('GoTrue error envelope on a rate limit', () => {
  let limited: AuthTestServer;
  beforeAll(async () => {
    limited = await startAuthServer({
      AUTH_RATE_LIMITS: 'true',
      AUTH_RATE_LIMIT_TOKEN_PER_IP: '1/5m',
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 over_request_rate_limit in the envelope, with Retry-After', async () => {
    const attempt = () =>
      limited.request('/token?grant_type=password', {
        method: 'POST',
        json: { email: 'nobody@example.com', password: 'whatever-pass' },
      });
    expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });
});
