import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '#contracts/system.ts';
import { email, parseAuthEmail, startAuthServer, type AuthTestServer } from './test-support.ts';

// What an attacker would try: forged, tampered, expired and foreign tokens; role escalation;
// probing for accounts; hammering endpoints; reaching the admin API or the service-role key.

describe('tokens an attacker might present', () => {
  let server: AuthTestServer;
  let genuine: { access_token: string; refresh_token: string; user: { id: string } };

  beforeAll(async () => {
    server = await startAuthServer();
    const { data } = await server
      .client()
      .auth.signUp({ email: email('victim'), password: 'victim-password' });
    genuine = data.session!;
  });
  afterAll(async () => {
    await server?.close();
  });

  const getUser = (token: string) =>
    server.request('/user', { headers: { authorization: `Bearer ${token}` } });

  const expectRejected = async (token: string) => {
    const response = await getUser(token);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('bad_jwt');
    expect(body.message).toMatch(/^invalid JWT: unable to parse or verify signature/);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const viaGuard = await server.app.auth.guard
      .authenticate({ headers: { authorization: `Bearer ${token}` } } as never)
      .then(
        () => 'accepted',
        (error: unknown) => (error as { code?: string }).code,
      );
    expect(viaGuard).toBe('unauthenticated');
  };

  it('accepts the genuine token (control)', async () => {
    expect((await getUser(genuine.access_token)).status).toBe(200);
    const ctx = await server.app.auth.guard.authenticate({
      headers: { authorization: `Bearer ${genuine.access_token}` },
    } as never);
    expect(ctx.userId).toBe(genuine.user.id);
  });

  it('rejects a token whose claims were edited (e.g. a role added)', async () => {
    const [header, payload, signature] = genuine.access_token.split('.') as [
      string,
      string,
      string,
    ];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<
      string,
      unknown
    >;
    const forged = { ...claims, app_metadata: { provider: 'email', role: 'admin' } };
    await expectRejected(`${header}.${base64url.encode(JSON.stringify(forged))}.${signature}`);
  });

  it('rejects alg:none', async () => {
    const claims = decodeJwt(genuine.access_token);
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    await expectRejected(`${header}.${base64url.encode(JSON.stringify(claims))}.`);
  });

  it('rejects a token signed with someone else’s key, even under our kid', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const claims = decodeJwt(genuine.access_token);
    const { kid } = decodeProtectedHeader(genuine.access_token);
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: kid!, typ: 'JWT' })
      .sign(privateKey);
    await expectRejected(foreign);
  });

  it('rejects an HS256 token keyed with the (public) publishable key', async () => {
    const claims = decodeJwt(genuine.access_token);
    const header = base64url.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = base64url.encode(JSON.stringify(claims));
    const mac = createHmac('sha256', server.publishableKey)
      .update(`${header}.${body}`)
      .digest('base64url');
    await expectRejected(`${header}.${body}.${mac}`);
  });

  it('rejects an expired token', async () => {
    const { data } = await server
      .client()
      .auth.signUp({ email: email('expired'), password: 'expired-password' });
    server.clock.advance(3601);
    await expectRejected(data.session!.access_token);
  });

  it('treats a missing or garbled Authorization header as no token (401 no_authorization)', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${server.publishableKey}` },
    ];
    for (const headers of variants) {
      const response = await server.request('/user', { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'no_authorization' });
    }
  });
});

describe('roles cannot be self-assigned', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer({ AUTH_FIRST_USER_ADMIN: 'false' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a role in user_metadata (at sign-up or later) does nothing; app_metadata from a user is refused', async () => {
    const supabase = server.client();
    const { data } = await supabase.auth.signUp({
      email: email('escalate'),
      password: 'escalate-password',
      options: { data: { role: 'admin' } },
    });
    expect(data.user?.app_metadata.role).toBeUndefined();
    await supabase.auth.updateUser({ data: { role: 'admin', app_metadata: { role: 'admin' } } });
    const { data: refreshed } = await supabase.auth.refreshSession();
    const claims = decodeJwt(refreshed.session!.access_token);
    expect(claims.app_metadata).not.toHaveProperty('role');
    const ctx = await server.app.auth.guard.authenticate({
      headers: { authorization: `Bearer ${refreshed.session!.access_token}` },
    } as never);
    expect(ctx.role).toBe('user');

    const direct = await server.request('/user', {
      method: 'PUT',
      headers: { authorization: `Bearer ${refreshed.session!.access_token}` },
      json: { app_metadata: { role: 'admin' } },
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ code: 'not_admin' });
    const { data: after } = await supabase.auth.getUser();
    expect(after.user?.app_metadata.role).toBeUndefined();
  });
});

describe('no account enumeration', () => {
  let server: AuthTestServer;
  let known: string;
  beforeAll(async () => {
    server = await startAuthServer();
    known = email('known');
    await server.client().auth.signUp({ email: known, password: 'known-password' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const sameAnswer = async (path: string, body: (address: string) => unknown) => {
    const a = await server.request(path, { method: 'POST', json: body(known) });
    const b = await server.request(path, { method: 'POST', json: body(email('unknown')) });
    const bodyA: unknown = await a.json();
    const bodyB: unknown = await b.json();
    expect({ status: a.status, body: bodyA }).toEqual({ status: b.status, body: bodyB });
  };

  it('recover, resend, magic link (with and without account creation) answer the same for both', async () => {
    await sameAnswer('/recover', (address) => ({ email: address }));
    await sameAnswer('/resend', (address) => ({ email: address, type: 'signup' }));
    await sameAnswer('/resend', (address) => ({ email: address, type: 'email_change' }));
    await sameAnswer('/otp', (address) => ({ email: address, create_user: false }));
  });

  it('sign-in answers the same for an unknown address and a wrong password', async () => {
    await sameAnswer('/token?grant_type=password', (address) => ({
      email: address,
      password: 'wrong-password',
    }));
  });

  it('verification answers the same for a wrong code whether or not the address exists', async () => {
    await sameAnswer('/verify', (address) => ({ email: address, token: '123456', type: 'email' }));
  });
});

describe('rate limits (on by default)', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer({
      AUTH_RATE_LIMITS: 'true',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_SIGNIN_EMAIL_IP: '3/5m',
      AUTH_RATE_LIMIT_SIGNIN_PER_EMAIL: '7/5m',
      AUTH_RATE_LIMIT_EMAIL_PER_IP: '4/1m',
      AUTH_RATE_LIMIT_VERIFY_PER_EMAIL: '3/5m',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are on unless switched off', async () => {
    const { loadEnv } = await import('#server/env.ts');
    expect(loadEnv({}).AUTH_RATE_LIMITS).toBe(true);
  });

  /** A password sign-in from `ip` (TRUST_PROXY is on, so X-Forwarded-For is the client's IP). */
  const signInFrom = (ip: string, address: string, password: string) =>
    server.request('/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      json: { email: address, password },
    });

  it('count sign-ins per address and IP: a guesser elsewhere does not lock the owner out', async () => {
    const address = email('owner');
    await server.client().auth.signUp({ email: address, password: 'the-right-password' });
    for (let i = 0; i < 3; i++) {
      expect((await signInFrom('203.0.113.9', address, 'wrong-password')).status).toBe(400);
    }
    const blocked = await signInFrom('203.0.113.9', address, 'the-right-password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    // The owner, from their own address, still gets in.
    expect((await signInFrom('198.51.100.7', address, 'the-right-password')).status).toBe(200);
  });

  it('have a per-address ceiling far above the per-IP limit, for guessers with many IPs', async () => {
    const address = email('ceiling');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await signInFrom(`192.0.2.${i + 1}`, address, 'wrong-password');
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 429]);
    server.clock.advance(301);
  });

  it('limit sign-in attempts per address with 429 over_request_rate_limit, known or not, then reset', async () => {
    for (const address of [email('limited'), email('limited-unknown')]) {
      for (let i = 0; i < 3; i++) {
        const attempt = await server
          .client()
          .auth.signInWithPassword({ email: address, password: 'wrong-password' });
        expect(attempt.error?.status).toBe(400);
      }
      const blocked = await server
        .client()
        .auth.signInWithPassword({ email: address, password: 'wrong-password' });
      expect(blocked.error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
    }
    server.clock.advance(301);
    const later = await server
      .client()
      .auth.signInWithPassword({ email: email('limited'), password: 'wrong-password' });
    expect(later.error?.status).toBe(400);
  });

  it('limit email-sending endpoints per IP', async () => {
    server.clock.advance(61);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await server.request('/recover', {
        method: 'POST',
        json: { email: email('flood') },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    server.clock.advance(61);
  });

  it('limit code guesses per address', async () => {
    const address = email('guess');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await server.request('/verify', {
        method: 'POST',
        json: { email: address, token: String(100000 + i), type: 'email' },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('keep their counters in the database, hashed (no addresses or IPs stored)', async () => {
    const { rateLimits } = await import('#server/db/schema.ts');
    // An attempt of this test's own, so there is a counter whichever test ran before.
    const address = email('counted');
    const attempt = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'wrong-password' });
    expect(attempt.error?.status).toBe(400);
    const rows = await server.database.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^[a-z_]+:[A-Za-z0-9_-]{32}$/);
      expect(row.key).not.toContain('@');
      expect(row.key).not.toContain(address.split('@')[0]);
    }
  });
});

describe('keys and envelopes', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('publishes only public ES256 keys at the JWKS endpoint, with caching, and getClaims verifies with them', async () => {
    const response = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
    });
    expect(keys[0]).not.toHaveProperty('d');
    expect(keys[0]).not.toHaveProperty('ext');

    const supabase = server.client();
    await supabase.auth.signUp({ email: email('claims'), password: 'claims-password' });
    const { data, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.aal).toBe('aal1');
    expect(data?.header.kid).toBe(keys[0]!.kid);
  });

  it('keeps the service-role key on the server: the SPA gets only the publishable key', async () => {
    const response = await server.app.inject('/api/runtime-config');
    const config = runtimeConfigSchema.parse(response.json());
    expect(config.publishableKey).toBe(server.publishableKey);
    expect(config.publishableKey).toMatch(/^sb_publishable_/);
    expect(response.body).not.toContain(server.serviceRoleKey);
    for (const path of ['/settings', '/health', '/.well-known/jwks.json']) {
      expect(await (await server.request(path)).text()).not.toContain(server.serviceRoleKey);
    }
  });

  it('needs the apikey on every route but the email link, JWKS and health', async () => {
    const noKey = await fetch(`${server.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    const badKey = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: 'sb_publishable_nope' },
    });
    expect(badKey.status).toBe(401);
    expect((await fetch(`${server.url}/auth/v1/health`)).status).toBe(200);
    const settings = await server.request('/settings');
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: true, anonymous_users: false },
      disable_signup: false,
    });
  });

  it('answers in the legacy envelope when the client does not ask for 2024-01-01', async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: email('legacy'), password: 'whatever-pass' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('turns malformed input into 4xx, never 5xx', async () => {
    const cases: [string, RequestInit][] = [
      [
        '/signup',
        { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } },
      ],
      [
        '/signup',
        {
          method: 'POST',
          body: JSON.stringify({ email: 42, password: [] }),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        '/token?grant_type=magic',
        { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
      ],
      [
        '/token?grant_type=pkce',
        {
          method: 'POST',
          body: JSON.stringify({ auth_code: 'nope', code_verifier: 'x' }),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        '/verify',
        {
          method: 'POST',
          body: JSON.stringify({ type: 'signup' }),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        '/verify',
        {
          method: 'POST',
          body: JSON.stringify({ type: 'nope', token: '1', email: 'a@b.co' }),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        '/admin/users/not-a-uuid',
        { method: 'GET', headers: { authorization: `Bearer ${server.serviceRoleKey}` } },
      ],
      [
        '/signup',
        {
          method: 'POST',
          body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }),
          headers: { 'content-type': 'application/json' },
        },
      ],
    ];
    for (const [path, init] of cases) {
      const response = await server.request(path, init);
      expect({ path, status: response.status < 500 && response.status >= 400 }).toEqual({
        path,
        status: true,
      });
      const body = (await response.json()) as { code?: unknown };
      expect(typeof body.code).toBe('string');
    }
  });

  it('answers the spec’s message when neither email nor phone is given', async () => {
    const response = await server.request('/token?grant_type=password', {
      method: 'POST',
      json: { password: 'x' },
    });
    expect(await response.json()).toEqual({
      code: 'validation_failed',
      message: 'You must provide either an email or phone number and a password',
    });
  });

  it('GET /verify with a bad link redirects to the site with the error in the fragment', async () => {
    const response = await fetch(`${server.url}/auth/v1/verify?token=deadbeef&type=signup`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe('http://localhost:3000');
    const params = new URLSearchParams(location.hash.slice(1));
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('keeps only hashes of refresh tokens and email codes in the database', async () => {
    const address = email('hashes');
    const { data } = await server
      .client()
      .auth.signUp({ email: address, password: 'hash-password' });
    const mail = await server.lastMail(address, 'auth.confirmation');
    const { code } = parseAuthEmail(mail);
    const dump = JSON.stringify(
      await Promise.all(
        ['refresh_tokens', 'one_time_tokens', 'sessions', 'users', 'audit_log'].map((table) =>
          server.database.db.execute(sql.raw(`select * from ${table}`)),
        ),
      ),
    );
    expect(dump).not.toContain(data.session!.refresh_token);
    expect(dump).not.toContain('hash-password');
    expect(dump).not.toContain(`"${code!}"`);
  });
});

describe('logs', () => {
  it('never carry passwords, refresh tokens, codes or email-link tokens (only the dev outbox logs the link)', async () => {
    const lines: string[] = [];
    const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
    // A pino stand-in: levels (a route's logLevel makes a child with a higher one) and bindings.
    const make = (bindings: Record<string, unknown>, minimum = 'info'): FastifyBaseLogger => {
      const write =
        (level: string) =>
        (...args: unknown[]) => {
          if (levels.indexOf(level) < levels.indexOf(minimum)) return;
          // What pino's standard serializers (Fastify's defaults) keep of requests and replies.
          const [first, ...rest] = args;
          const serialized =
            typeof first === 'object' && first !== null
              ? Object.fromEntries(
                  Object.entries(first).map(([key, value]) => {
                    const v = value as {
                      method?: string;
                      url?: string;
                      statusCode?: number;
                      message?: string;
                    };
                    if (key === 'req') return [key, { method: v.method, url: v.url }];
                    if (key === 'res') return [key, { statusCode: v.statusCode }];
                    if (key === 'err') return [key, { message: v.message }];
                    return [key, value];
                  }),
                )
              : first;
          lines.push(
            inspect(
              { level, bindings, args: [serialized, ...rest] },
              { depth: 6, breakLength: Infinity },
            ),
          );
        };
      return {
        level: minimum,
        fatal: write('fatal'),
        error: write('error'),
        warn: write('warn'),
        info: write('info'),
        debug: write('debug'),
        trace: write('trace'),
        silent: () => undefined,
        child: (more: Record<string, unknown>, options?: { level?: string }) =>
          make({ ...bindings, ...more }, options?.level || minimum),
      };
    };
    const { createTestDatabase } = await import('#server/test/database.ts');
    const { createTestApp } = await import('#server/test/app.ts');
    const database = await createTestDatabase();
    const app = await createTestApp(database, {
      env: { AUTH_RATE_LIMITS: 'false' },
      logger: make({}),
    });
    try {
      await app.ready();
      const headers = { apikey: app.auth.keys.publishableKey };
      const signup = await app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers,
        payload: { email: 'logged@example.com', password: 'do-not-log-me' },
      });
      const { refresh_token } = signup.json<{ refresh_token: string }>();
      await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers,
        payload: { refresh_token },
      });
      await app.auth.drain();
      const outboxLine = lines.find((l) => l.includes('dev outbox'));
      expect(outboxLine).toBeDefined();
      const link = new URL(/link: '([^']+)'/.exec(outboxLine!)![1]!);
      const token = link.searchParams.get('token')!;
      await app.inject({ url: `/auth/v1/verify?token=${token}&type=signup` });
      await app.inject({ url: `/auth/v1/verify?token=${token}x&type=signup` });

      const others = lines.filter((l) => l !== outboxLine).join('\n');
      expect(lines.length).toBeGreaterThan(3);
      expect(others).not.toContain('do-not-log-me');
      expect(others).not.toContain(refresh_token);
      expect(others).not.toContain(token);
      expect(others).not.toContain(app.auth.keys.serviceRoleKey);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
