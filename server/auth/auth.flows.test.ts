import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema, userSchema } from '#contracts/auth.ts';
import { refreshTokens } from '#server/db/schema.ts';
import { email, parseAuthEmail, startAuthServer, type AuthTestServer } from './test-support.ts';

// The real @supabase/supabase-js client against the running server: the product's default mode
// (sign-up returns a session at once and mails a confirmation link).

describe('sign-up, sign-in, refresh and sign-out through supabase-js', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs up with a session at once and mails an accessible confirmation link', async () => {
    const address = email('signup');
    const supabase = server.client();
    const { data, error } = await supabase.auth.signUp({
      email: address.toUpperCase(),
      password: 'correct horse',
      options: { data: { full_name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const session = sessionSchema.parse(data.session);
    expect(session.user.email).toBe(address);
    expect(session.user.user_metadata).toEqual({ full_name: 'Ada' });
    expect(session.user.email_confirmed_at).toBeUndefined();
    expect(session.user.confirmation_sent_at).toEqual(expect.any(String));
    expect(session.user.identities).toHaveLength(1);
    expect(session.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });

    const claims = decodeJwt(session.access_token);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: address,
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((entry) => entry.method)).toEqual(['password']);
    expect(Math.abs(amr[0]!.timestamp - claims.iat!)).toBeLessThan(5);
    expect(typeof claims.session_id).toBe('string');

    const mail = await server.lastMail(address, 'auth.confirmation');
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<h1');
    expect(mail.text).toContain(mail.link);
    const { tokenHash, type, code } = parseAuthEmail(mail);
    expect(type).toBe('signup');
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/);
    expect(code).toMatch(/^\d{6}$/);

    // Following the link confirms the address and lands on the site with a session in the fragment.
    const followed = await fetch(
      `${server.url}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent('http://localhost:5173/welcome')}`,
      { redirect: 'manual' },
    );
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/welcome');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const { data: me } = await server.client().auth.getUser(fragment.get('access_token')!);
    expect(me.user?.email_confirmed_at).toEqual(expect.any(String));

    // The link is single use.
    const again = await fetch(`${server.url}/auth/v1/verify?token=${tokenHash}&type=signup`, {
      redirect: 'manual',
    });
    const error2 = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
    expect(error2.get('error_code')).toBe('otp_expired');
    expect(error2.get('error')).toBe('access_denied');
  });

  it('signs in with a password, returning the full user the client expects', async () => {
    const address = email('signin');
    await server.client().auth.signUp({ email: address, password: 'a-good-password' });
    const supabase = server.client();
    const { data, error } = await supabase.auth.signInWithPassword({
      email: address,
      password: 'a-good-password',
    });
    expect(error).toBeNull();
    const user = userSchema.parse(data.user);
    expect(user.email).toBe(address);
    expect(user.phone).toBe('');
    expect(user.last_sign_in_at).toEqual(expect.any(String));
    expect(user.app_metadata.provider).toBe('email');
    expect(data.session?.token_type).toBe('bearer');

    // The raw answers of both grants have the contract's shape.
    const raw = await server.request('/token?grant_type=password', {
      method: 'POST',
      json: { email: address, password: 'a-good-password' },
    });
    const parsed = sessionSchema.parse(await raw.json());
    const refreshed = await server.request('/token?grant_type=refresh_token', {
      method: 'POST',
      json: { refresh_token: parsed.refresh_token },
    });
    expect(sessionSchema.parse(await refreshed.json()).user.id).toBe(user.id);

    const { data: fetched, error: getError } = await supabase.auth.getUser();
    expect(getError).toBeNull();
    expect(fetched.user?.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown address with the same invalid_credentials error', async () => {
    const address = email('wrong');
    await server.client().auth.signUp({ email: address, password: 'a-good-password' });
    const wrong = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'not-the-password' });
    const unknown = await server
      .client()
      .auth.signInWithPassword({ email: email('nobody'), password: 'whatever-pass' });
    for (const { error, data } of [wrong, unknown]) {
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
      expect(data.session).toBeNull();
    }
  });

  it('rejects weak and overlong passwords at sign-up with the contract errors', async () => {
    const short = await server.client().auth.signUp({ email: email('weak'), password: 'short' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(short.error?.message).toBe('Password should be at least 8 characters.');

    const long = await server
      .client()
      .auth.signUp({ email: email('long'), password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');

    const badEmail = await server.client().auth.signUp({ email: 'a', password: 'long-enough-1' });
    expect(badEmail.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('refuses a repeated sign-up with 422 user_already_exists, even with the right password (GoTrue, autoconfirm)', async () => {
    const address = email('repeat');
    const first = await server.client().auth.signUp({ email: address, password: 'first-password' });
    expect(first.data.session).not.toBeNull();

    for (const password of ['someone-else', 'first-password']) {
      const again = await server.client().auth.signUp({ email: address, password });
      expect(again.error).toBeInstanceOf(AuthApiError);
      expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });
      expect(again.error?.message).toMatch(/^User already registered/);
      expect(again.data.session).toBeNull();
    }
    // Sign-up is no second sign-in: no login was recorded for the owner's password.
    const logins = await server.audit('login');
    expect(logins.filter((row) => row.userId === first.data.user?.id)).toHaveLength(0);
  });

  it('refreshes: same session id, a rotated refresh token, and the old one cannot be replayed later', async () => {
    const address = email('refresh');
    const { data } = await server
      .client()
      .auth.signUp({ email: address, password: 'refresh-me-please' });
    const first = data.session!;
    const supabase = server.client();
    const refreshed = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(
      decodeJwt(first.access_token).session_id,
    );
    expect(decodeJwt(second.access_token).amr).toEqual(decodeJwt(first.access_token).amr);

    // Within the 10 s window the old token still works (two tabs refreshing at once), and it is
    // answered with the chain's active token, not a second chain…
    const concurrent = await server
      .client()
      .auth.refreshSession({ refresh_token: first.refresh_token });
    expect(concurrent.error).toBeNull();
    expect(concurrent.data.session!.refresh_token).toBe(second.refresh_token);

    // …after it, replaying it is theft: the whole session ends.
    server.clock.advance(11);
    const replay = await server
      .client()
      .auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const afterTheft = await server
      .client()
      .auth.refreshSession({ refresh_token: second.refresh_token });
    expect(afterTheft.error?.status).toBe(400);
    const { error: userError } = await server.client().auth.getUser(second.access_token);
    expect(userError?.name).toBe('AuthSessionMissingError');
    expect((await server.audit('token_refresh_reuse')).length).toBeGreaterThan(0);
  });

  it('rejects unknown and malformed refresh tokens with 4xx', async () => {
    const unknown = await server.client().auth.refreshSession({ refresh_token: 'x'.repeat(43) });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const short = await server.client().auth.refreshSession({ refresh_token: 'abc' });
    expect(short.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('updates user metadata, merging and deleting keys set to null', async () => {
    const supabase = server.client();
    await supabase.auth.signUp({
      email: email('meta'),
      password: 'metadata-pass',
      options: { data: { a: 1, b: 2 } },
    });
    const { data, error } = await supabase.auth.updateUser({ data: { b: null, c: 3 } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 3 });
  });

  it('signs out: local ends this session only, global ends them all', async () => {
    const address = email('logout');
    await server.client().auth.signUp({ email: address, password: 'logout-password' });
    const a = server.client();
    const b = server.client();
    const c = server.client();
    await a.auth.signInWithPassword({ email: address, password: 'logout-password' });
    await b.auth.signInWithPassword({ email: address, password: 'logout-password' });
    await c.auth.signInWithPassword({ email: address, password: 'logout-password' });
    const bToken = (await b.auth.getSession()).data.session!.access_token;
    const cToken = (await c.auth.getSession()).data.session!.access_token;

    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await server.client().auth.getUser(bToken)).error).toBeNull();

    expect((await b.auth.signOut({ scope: 'global' })).error).toBeNull();
    const gone = await server.client().auth.getUser(cToken);
    expect(gone.error?.name).toBe('AuthSessionMissingError');
  });

  it('answers POST /logout with 204 and an empty body, and rejects unknown scopes', async () => {
    const { data } = await server
      .client()
      .auth.signUp({ email: email('logout204'), password: 'logout-password' });
    const token = data.session!.access_token;
    const bad = await server.request('/logout?scope=everything', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
    const ok = await server.request('/logout?scope=local', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json;charset=UTF-8',
      },
    });
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe('');
  });
});

describe('concurrency (real parallelism when TEST_DATABASE_URL points at PostgreSQL)', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes exactly one admin when the first sign-ups arrive together', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        server.client().auth.signUp({ email: email(`race-${i}`), password: 'race-password' }),
      ),
    );
    const admins = results.filter((r) => r.data.user?.app_metadata.role === 'admin');
    expect(results.every((r) => r.error === null)).toBe(true);
    expect(admins).toHaveLength(1);
  });

  it('lets two tabs refresh the same token at once: both get a working session', async () => {
    const { data } = await server
      .client()
      .auth.signUp({ email: email('tabs'), password: 'two-tabs-pass' });
    const token = data.session!.refresh_token;
    const [a, b] = await Promise.all([
      server.client().auth.refreshSession({ refresh_token: token }),
      server.client().auth.refreshSession({ refresh_token: token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    // One chain: both tabs hold the same new refresh token (GoTrue's "active child" rule).
    expect(a.data.session!.refresh_token).toBe(b.data.session!.refresh_token);
    const child = a.data.session!.refresh_token;
    const again = await server.client().auth.refreshSession({ refresh_token: child });
    expect(again.error).toBeNull();
    const grandchild = again.data.session!.refresh_token;

    // A replay of the first token inside the window gets the chain's current active token (the
    // grandchild now), and so does a replay of the child; no token outside the chain is made.
    const replay = await server.client().auth.refreshSession({ refresh_token: token });
    expect(replay.error).toBeNull();
    expect(replay.data.session!.refresh_token).toBe(grandchild);
    const childReplay = await server.client().auth.refreshSession({ refresh_token: child });
    expect(childReplay.data.session!.refresh_token).toBe(grandchild);
    const sessionId = decodeJwt(a.data.session!.access_token).session_id as string;
    const live = await server.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(1);
    expect(
      await server.database.db.$count(refreshTokens, eq(refreshTokens.sessionId, sessionId)),
    ).toBe(3);

    // After the window, the replay is theft: the session (the one chain) ends.
    server.clock.advance(11);
    const late = await server.client().auth.refreshSession({ refresh_token: token });
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const afterTheft = await server.client().auth.refreshSession({ refresh_token: grandchild });
    expect(afterTheft.error?.status).toBe(400);
  });

  it('lets one sign-up through when the same address signs up twice at once', async () => {
    const address = email('twice');
    const results = await Promise.all([
      server.client().auth.signUp({ email: address, password: 'first-password' }),
      server.client().auth.signUp({ email: address, password: 'other-password' }),
    ]);
    expect(results.filter((r) => r.data.session !== null)).toHaveLength(1);
    const loser = results.find((r) => r.data.session === null);
    expect(loser?.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    const { data } = await server.adminClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.filter((u) => u.email === address)).toHaveLength(1);
  });
});

describe('AUTH_PASSWORD_MIN_LENGTH', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer({ AUTH_PASSWORD_MIN_LENGTH: '12' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is honoured by sign-up, password change (and so recovery), admin creation and the app config', async () => {
    const short = await server
      .client()
      .auth.signUp({ email: email('short'), password: 'eleven-char' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error?.message).toBe('Password should be at least 12 characters.');

    const supabase = server.client();
    const ok = await supabase.auth.signUp({ email: email('long'), password: 'twelve-chars' });
    expect(ok.error).toBeNull();
    const change = await supabase.auth.updateUser({ password: 'eleven-char' });
    expect(change.error).toMatchObject({ status: 422, code: 'weak_password' });

    const admin = await server
      .adminClient()
      .auth.admin.createUser({ email: email('admin-made'), password: 'eleven-char' });
    expect(admin.error).toMatchObject({ status: 422, code: 'weak_password' });

    const config = await server.app.inject('/api/runtime-config');
    expect(config.json()).toMatchObject({ passwordMinLength: 12 });
  });
});
