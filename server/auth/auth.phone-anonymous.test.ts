import { inspect } from 'node:util';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalSchema } from '#contracts/goals.ts';
import { devOutbox } from '#server/db/schema.ts';
import { smartGoal } from '#server/modules/goals/test-support.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { email, startAuthServer, type AuthTestServer } from './test-support.ts';

// Phone sign-in by texted code and anonymous sign-ins (ADR 021), through @supabase/supabase-js.
// Texts go to the dev outbox (no SMS provider is configured), where the tests read the code.

let counter = 0;
/** A unique E.164 number per call (555 numbers). */
const phoneNumber = () => {
  counter += 1;
  return `1555${String(Date.now() % 1_000_000).padStart(6, '0')}${counter % 10}`;
};

async function lastText(server: AuthTestServer, phone: string) {
  await server.app.auth.drain();
  const [row] = await server.database.db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.to, `+${phone}`), eq(devOutbox.channel, 'sms')))
    .orderBy(desc(devOutbox.createdAt));
  if (!row) throw new Error(`no text to ${phone}`);
  const code = /code is (\d{6})/.exec(row.text)?.[1];
  if (!code) throw new Error('no code in the text');
  return { row, code };
}

async function textCount(server: AuthTestServer, phone: string) {
  const rows = await server.database.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, `+${phone}`));
  return rows.length;
}

const futureDeadline = () => {
  const date = new Date(Date.now() + 90 * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
};

async function api(server: AuthTestServer, token: string, path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
}

describe('phone sign-in by SMS code', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer({ AUTH_SMS_MIN_INTERVAL_SECONDS: '60' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signInWithOtp({ phone }) texts a code; verifyOtp({ type: "sms" }) signs in with a phone identity', async () => {
    const phone = phoneNumber();
    const supabase = server.client();
    const sent = await supabase.auth.signInWithOtp({ phone: `+${phone}` });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toEqual(expect.any(String));
    const { row, code } = await lastText(server, phone);
    expect(row.template).toBe('auth.sms_otp');

    const { data, error } = await supabase.auth.verifyOtp({
      phone: `+${phone}`,
      token: code,
      type: 'sms',
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.phone).toBe(phone);
    expect(user.email).toBe('');
    expect(user.phone_confirmed_at).toEqual(expect.any(String));
    expect(user.is_anonymous).toBe(false);
    expect(user.app_metadata).toMatchObject({ provider: 'phone', providers: ['phone'] });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'phone', user_id: user.id });
    expect(user.identities![0]!.identity_data).toMatchObject({ phone, phone_verified: true });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims.phone).toBe(phone);
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['otp']);

    // The session works against the product API, and a second sign-in finds the same account.
    expect((await api(server, data.session!.access_token, '/api/goals')).status).toBe(200);
    server.clock.advance(61);
    await supabase.auth.signInWithOtp({ phone });
    const again = await supabase.auth.verifyOtp({
      phone,
      token: (await lastText(server, phone)).code,
      type: 'sms',
    });
    expect(again.data.user?.id).toBe(user.id);
  });

  it('refuses a wrong code, a used code and an expired code with otp_expired', async () => {
    const phone = phoneNumber();
    const supabase = server.client();
    await supabase.auth.signInWithOtp({ phone });
    const { code } = await lastText(server, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await supabase.auth.verifyOtp({ phone, token: wrong, type: 'sms' });
    expect(refused.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(refused.error?.message).toBe('Token has expired or is invalid');

    expect((await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toBeNull();
    const reused = await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(reused.error?.code).toBe('otp_expired');

    server.clock.advance(61);
    await supabase.auth.signInWithOtp({ phone });
    const late = await lastText(server, phone);
    server.clock.advance(901);
    const expired = await supabase.auth.verifyOtp({ phone, token: late.code, type: 'sms' });
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('texts one code per number per minute (429 with Retry-After); resend sends a new one after', async () => {
    const phone = phoneNumber();
    expect((await server.client().auth.signInWithOtp({ phone })).error).toBeNull();
    const tooSoon = await server.request('/otp', { method: 'POST', json: { phone } });
    expect(tooSoon.status).toBe(429);
    expect(await tooSoon.json()).toMatchObject({ code: 'over_sms_send_rate_limit' });
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await textCount(server, phone)).toBe(1);

    server.clock.advance(61);
    const resent = await server.client().auth.resend({ phone, type: 'sms' });
    expect(resent.error).toBeNull();
    expect(await textCount(server, phone)).toBe(2);
  });

  it('refuses a malformed number and answers {} for an unknown one with create_user false', async () => {
    const bad = await server.client().auth.signInWithOtp({ phone: '12ab' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const phone = phoneNumber();
    const unknown = await server.client().auth.signInWithOtp({
      phone,
      options: { shouldCreateUser: false },
    });
    expect(unknown.error).toBeNull();
    expect(await textCount(server, phone)).toBe(0);
  });

  it('GET /settings reports phone on and anonymous sign-ins off by default', async () => {
    const settings = (await (await server.request('/settings')).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.phone).toBe(true);
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('refuses anonymous sign-ins while they are off (422 anonymous_provider_disabled)', async () => {
    const { error } = await server.client().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
  });
});

describe('phone sign-in rate limits', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer({
      AUTH_RATE_LIMITS: 'true',
      AUTH_SMS_MIN_INTERVAL_SECONDS: '0',
      AUTH_RATE_LIMIT_SMS_PER_PHONE: '2/1h',
      AUTH_RATE_LIMIT_SMS_PER_IP: '4/5m',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('limits codes per number and per IP, with Retry-After', async () => {
    const phone = phoneNumber();
    for (let i = 0; i < 2; i++) {
      expect((await server.request('/otp', { method: 'POST', json: { phone } })).status).toBe(200);
    }
    const perPhone = await server.request('/otp', { method: 'POST', json: { phone } });
    expect(perPhone.status).toBe(429);
    expect(await perPhone.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(perPhone.headers.get('retry-after')).toBe('3600');

    // Three requests so far from this IP; one more is allowed, then the IP is limited.
    const other = phoneNumber();
    expect((await server.request('/otp', { method: 'POST', json: { phone: other } })).status).toBe(
      200,
    );
    const perIp = await server.request('/otp', { method: 'POST', json: { phone: phoneNumber() } });
    expect(perIp.status).toBe(429);
    expect(perIp.headers.get('retry-after')).toBe('300');
  });
});

describe('anonymous sign-ins', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer({ AUTH_ANONYMOUS_SIGN_INS: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signInAnonymously() gives an is_anonymous user with no identities and an anonymous AMR', async () => {
    const { data, error } = await server.client().auth.signInAnonymously({
      options: { data: { locale: 'fr' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      phone: '',
      identities: [],
      app_metadata: {},
      user_metadata: { locale: 'fr' },
    });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims.is_anonymous).toBe(true);
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual([
      'anonymous',
    ]);
    const settings = (await (await server.request('/settings')).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.anonymous_users).toBe(true);
  });

  it('saving the account (PUT /user with email and password) keeps the id and a goal made before', async () => {
    const supabase = server.client();
    const { data } = await supabase.auth.signInAnonymously();
    const id = data.user!.id;
    const token = data.session!.access_token;
    const created = await api(server, token, '/api/goals', {
      method: 'POST',
      body: JSON.stringify({
        goal: smartGoal({ title: 'Try it first', deadline: futureDeadline() }),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const goal = goalSchema.parse(await created.json());

    const address = email('saved');
    const updated = await supabase.auth.updateUser({ email: address, password: 'saved-password' });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ id, email: address, is_anonymous: false });
    expect(updated.data.user?.identities?.map((i) => [i.provider, i.user_id])).toEqual([
      ['email', id],
    ]);
    // A confirmation email goes to the new address (AUTH_CONFIRM_EMAIL=later).
    expect((await server.lastMail(address, 'auth.confirmation')).to).toBe(address);

    // The refreshed token no longer says anonymous, and the goal is still there.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(false);
    const goals = (await (
      await api(server, refreshed.data.session!.access_token, '/api/goals')
    ).json()) as { goals: { id: string }[] };
    expect(goals.goals.map((g) => g.id)).toEqual([goal.id]);

    // And the person signs in with the email and password from now on, into the same account.
    const signedIn = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'saved-password' });
    expect(signedIn.data.user?.id).toBe(id);
  });

  it('refuses a password without an email, and an email someone already has', async () => {
    const taken = email('taken');
    await server.client().auth.signUp({ email: taken, password: 'taken-password' });
    const supabase = server.client();
    await supabase.auth.signInAnonymously();
    const noEmail = await supabase.auth.updateUser({ password: 'only-password' });
    expect(noEmail.error).toMatchObject({ status: 422, code: 'validation_failed' });
    const clash = await supabase.auth.updateUser({ email: taken, password: 'other-password' });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
    const { data } = await supabase.auth.getUser();
    expect(data.user?.is_anonymous).toBe(true);
  });

  it("an anonymous user cannot read another user's data", async () => {
    const owner = server.client();
    const ownerSession = (
      await owner.auth.signUp({ email: email('owner'), password: 'owner-password' })
    ).data.session!;
    const created = await api(server, ownerSession.access_token, '/api/goals', {
      method: 'POST',
      body: JSON.stringify({ goal: smartGoal({ title: 'Private', deadline: futureDeadline() }) }),
    });
    const goal = goalSchema.parse(await created.json());

    const visitor = (await server.client().auth.signInAnonymously()).data.session!;
    const read = await api(server, visitor.access_token, `/api/goals/${goal.id}`);
    expect(read.status).toBe(404);
    const list = (await (await api(server, visitor.access_token, '/api/goals')).json()) as {
      goals: unknown[];
    };
    expect(list.goals).toEqual([]);
    const admin = await server.request('/admin/users', {
      headers: { authorization: `Bearer ${visitor.access_token}` },
    });
    expect(admin.status).toBe(403);
  });

  it('keeps anonymous users off the email and SMS channels until they save the account', async () => {
    const visitor = (await server.client().auth.signInAnonymously()).data.session!;
    const sms = await api(server, visitor.access_token, '/api/channels/sms/verification', {
      method: 'POST',
      body: JSON.stringify({ phone: `+${phoneNumber()}` }),
    });
    expect(sms.status).toBe(403);
    const emailOn = await api(server, visitor.access_token, '/api/channels/email', {
      method: 'PUT',
      body: JSON.stringify({ enabled: true }),
    });
    expect(emailOn.status).toBe(403);
  });

  it('an anonymous account never becomes the first admin', async () => {
    const fresh = await startAuthServer({ AUTH_ANONYMOUS_SIGN_INS: 'true' });
    try {
      const anonymous = await fresh.client().auth.signInAnonymously();
      expect(anonymous.data.user?.app_metadata).toEqual({});
      const first = await fresh
        .client()
        .auth.signUp({ email: email('first'), password: 'first-password' });
      expect(first.data.user?.app_metadata.role).toBe('admin');
    } finally {
      await fresh.close();
    }
  });
});

describe('phone sign-in logs', () => {
  it('never carry the code or the whole number', async () => {
    const lines: string[] = [];
    const make = (bindings: Record<string, unknown>): FastifyBaseLogger => {
      const write =
        (level: string) =>
        (...args: unknown[]) => {
          const [first, ...rest] = args;
          const safe =
            typeof first === 'object' && first !== null
              ? Object.fromEntries(
                  Object.entries(first).map(([key, value]) =>
                    // What pino's standard serializers keep of requests, replies and errors.
                    key === 'req'
                      ? [key, { url: (value as { url?: string }).url }]
                      : key === 'res' || key === 'err'
                        ? [key, String((value as { message?: string }).message ?? '')]
                        : [key, value],
                  ),
                )
              : first;
          lines.push(inspect({ level, bindings, args: [safe, ...rest] }, { depth: 6 }));
        };
      return {
        level: 'trace',
        fatal: write('fatal'),
        error: write('error'),
        warn: write('warn'),
        info: write('info'),
        debug: write('debug'),
        trace: write('trace'),
        silent: () => undefined,
        child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
      };
    };
    const database = await createTestDatabase();
    const app = await createTestApp(database, {
      env: { AUTH_RATE_LIMITS: 'false' },
      logger: make({}),
    });
    try {
      await app.ready();
      const headers = { apikey: app.auth.keys.publishableKey };
      const phone = phoneNumber();
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/auth/v1/otp',
            headers,
            payload: { phone: `+${phone}` },
          })
        ).statusCode,
      ).toBe(200);
      const [text] = await database.db
        .select()
        .from(devOutbox)
        .where(eq(devOutbox.to, `+${phone}`));
      const code = /code is (\d{6})/.exec(text!.text)![1]!;
      const verified = await app.inject({
        method: 'POST',
        url: '/auth/v1/verify',
        headers,
        payload: { phone, token: code, type: 'sms' },
      });
      expect(verified.statusCode).toBe(200);

      const all = lines.join('\n');
      expect(all).toContain('dev outbox: sms stored');
      expect(all).not.toContain(phone);
      expect(all).not.toContain(code);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
