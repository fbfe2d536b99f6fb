import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  email,
  memoryStorage,
  parseAuthEmail,
  startAuthServer,
  type AuthTestServer,
} from './test-support.ts';

// Email-driven flows through @supabase/supabase-js: PKCE exchange, recovery, magic link and
// email code, resend, email change with double confirmation, reauthentication for a password change.

const follow = async (server: AuthTestServer, link: string) => {
  const url = new URL(link);
  const response = await fetch(`${server.url}${url.pathname}${url.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
};

/** The server's verify link for a recovery email's token hash (the PKCE path of older emails). */
const recoveryVerifyLink = (server: AuthTestServer, tokenHash: string, redirectTo: string) => {
  const url = new URL(`${server.url}/auth/v1/verify`);
  url.searchParams.set('token', `pkce_${tokenHash}`);
  url.searchParams.set('type', 'recovery');
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
};

describe('email flows through supabase-js', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer({
      AUTH_REDIRECT_ALLOW_LIST: 'https://app.example.com/**',
      AUTH_SITE_URL: 'https://trellis.example.org',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('PKCE sign-up: the confirmation link confirms the address and redirects with ?code=, keeping query params', async () => {
    const address = email('pkce');
    const supabase = server.client({ pkce: true });
    const { data, error } = await supabase.auth.signUp({
      email: address,
      password: 'pkce-password',
      options: { emailRedirectTo: 'https://app.example.com/auth/confirm?sb_flow_id=abc' },
    });
    expect(error).toBeNull();
    const mail = await server.lastMail(address, 'auth.confirmation');
    const { tokenHash } = parseAuthEmail(mail);
    expect(tokenHash).toMatch(/^pkce_[0-9a-f]{56}$/);

    const location = await follow(server, mail.link!);
    expect(location.origin + location.pathname).toBe('https://app.example.com/auth/confirm');
    expect(location.searchParams.get('sb_flow_id')).toBe('abc');
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.hash).toBe('');
    // Confirmed by following the link, whether or not a browser then exchanges the code
    // (sign-up already handed this client a session, which clears its verifier).
    const { data: confirmed } = await server.adminClient().auth.admin.getUserById(data.user!.id);
    expect(confirmed.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('PKCE magic link: the client that asked exchanges the code for a session, once', async () => {
    const address = email('pkce-magic');
    await server.client().auth.signUp({ email: address, password: 'pkce-password' });
    const supabase = server.client({ pkce: true });
    expect(
      (await supabase.auth.signInWithOtp({ email: address, options: { shouldCreateUser: false } }))
        .error,
    ).toBeNull();
    const mail = await server.lastMail(address, 'auth.magiclink');
    const code = (await follow(server, mail.link!)).searchParams.get('code')!;

    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(address);
    expect(
      (decodeJwt(exchanged.data.session!.access_token).amr as { method: string }[])[0]?.method,
    ).toBe('magiclink');

    // Single use: the code is gone, whoever asks.
    const replay = await server.request('/token?grant_type=pkce', {
      method: 'POST',
      json: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('PKCE: a wrong verifier is refused with bad_code_verifier, and expired codes with flow_state_expired', async () => {
    const issueCode = async () => {
      const address = email('pkce-bad');
      const supabase = server.client({ pkce: true });
      await supabase.auth.resetPasswordForEmail(address); // unknown: nothing happens
      await server.client().auth.signUp({ email: address, password: 'pkce-bad-password' });
      await supabase.auth.resetPasswordForEmail(address);
      const { tokenHash } = parseAuthEmail(await server.lastMail(address, 'auth.recovery'));
      const link = recoveryVerifyLink(server, tokenHash!, 'https://app.example.com/reset');
      return (await follow(server, link)).searchParams.get('code')!;
    };
    const wrong = await server.request('/token?grant_type=pkce', {
      method: 'POST',
      json: { auth_code: await issueCode(), code_verifier: 'y'.repeat(64) },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });

    const late = await issueCode();
    server.clock.advance(301);
    const expired = await server.request('/token?grant_type=pkce', {
      method: 'POST',
      json: { auth_code: late, code_verifier: 'y'.repeat(64) },
    });
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({ code: 'flow_state_expired' });
  });

  it('recovery: the emailed link works on another device, which holds no PKCE verifier', async () => {
    const address = email('recover');
    await server.client().auth.signUp({ email: address, password: 'forgotten-password' });
    // The browser that asks keeps a PKCE verifier...
    const asking = server.client({ pkce: true });
    const { data, error } = await asking.auth.resetPasswordForEmail(address, {
      redirectTo: 'https://app.example.com/reset',
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await server.lastMail(address, 'auth.recovery');
    expect(mail.subject).toMatch(/reset/i);
    // ...but the email's link leads straight to the reset page, which redeems the token hash.
    const link = new URL(mail.link!);
    expect(link.origin + link.pathname).toBe('https://app.example.com/reset');
    expect(link.searchParams.get('type')).toBe('recovery');
    const tokenHash = link.searchParams.get('token_hash')!;
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/);
    expect(mail.text).toContain(mail.link!);

    // A second device: its own storage, no verifier.
    const supabase = server.client({ pkce: true });
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const verified = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(address);
    expect(events).toContain('PASSWORD_RECOVERY');

    const changed = await supabase.auth.updateUser({ password: 'remembered-password' });
    expect(changed.error).toBeNull();
    const oldOne = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'forgotten-password' });
    expect(oldOne.error?.code).toBe('invalid_credentials');
    const newOne = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'remembered-password' });
    expect(newOne.error).toBeNull();
    expect(
      (await server.audit('password_changed')).some((r) => r.userId === newOne.data.user?.id),
    ).toBe(true);
  });

  it('recovery (code): verifyOtp with the emailed code gives a session; the code works once', async () => {
    const address = email('recover-code');
    await server.client().auth.signUp({ email: address, password: 'forgotten-password' });
    const supabase = server.client();
    await supabase.auth.resetPasswordForEmail(address);
    const { code } = parseAuthEmail(await server.lastMail(address, 'auth.recovery'));
    const verified = await supabase.auth.verifyOtp({
      email: address,
      token: code!,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(address);
    const again = await server
      .client()
      .auth.verifyOtp({ email: address, token: code!, type: 'recovery' });
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('recovery (code): the emailed code of a PKCE request is accepted on another device, once; the link then no longer works', async () => {
    const address = email('recover-code-pkce');
    await server.client().auth.signUp({ email: address, password: 'forgotten-password' });
    await server.client({ pkce: true }).auth.resetPasswordForEmail(address, {
      redirectTo: 'https://app.example.com/reset',
    });
    const { code, tokenHash } = parseAuthEmail(await server.lastMail(address, 'auth.recovery'));
    const other = server.client({ pkce: true });
    const verified = await other.auth.verifyOtp({ email: address, token: code!, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(address);
    expect((await other.auth.updateUser({ password: 'typed-the-code' })).error).toBeNull();

    const link = await server
      .client({ pkce: true })
      .auth.verifyOtp({ type: 'recovery', token_hash: tokenHash! });
    expect(link.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('recovery (PKCE): a verify link still redirects with ?code= for the browser that asked', async () => {
    const address = email('recover-pkce');
    await server.client().auth.signUp({ email: address, password: 'forgotten-password' });
    const supabase = server.client({ pkce: true });
    await supabase.auth.resetPasswordForEmail(address, {
      redirectTo: 'https://app.example.com/reset',
    });
    const { tokenHash } = parseAuthEmail(await server.lastMail(address, 'auth.recovery'));
    const location = await follow(
      server,
      recoveryVerifyLink(server, tokenHash!, 'https://app.example.com/reset'),
    );
    const exchanged = await supabase.auth.exchangeCodeForSession(
      location.searchParams.get('code')!,
    );
    expect(exchanged.error).toBeNull();
    expect((exchanged.data as { redirectType?: string }).redirectType).toBe('recovery');
  });

  it('recovery without an allowed redirect links to the reset page of the site', async () => {
    const address = email('recover-default');
    await server.client().auth.signUp({ email: address, password: 'forgotten-password' });
    await server.client().auth.resetPasswordForEmail(address, {
      redirectTo: 'https://phishing.example.net/reset',
    });
    const link = new URL((await server.lastMail(address, 'auth.recovery')).link!);
    expect(link.origin + link.pathname).toBe('https://trellis.example.org/reset-password');
    expect(link.searchParams.get('token_hash')).toMatch(/^[0-9a-f]{56}$/);
  });

  it('recovery for an unknown address answers {} and sends nothing', async () => {
    const address = email('unknown');
    const { data, error } = await server.client().auth.resetPasswordForEmail(address);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await server.mails(address)).toHaveLength(0);
  });

  it('email links expire (AUTH_EMAIL_LINK_TTL_SECONDS, 15 minutes by default)', async () => {
    const address = email('expire');
    await server.client().auth.signUp({ email: address, password: 'expiring-link' });
    await server.client().auth.resetPasswordForEmail(address);
    const { code } = parseAuthEmail(await server.lastMail(address, 'auth.recovery'));
    server.clock.advance(901);
    const late = await server
      .client()
      .auth.verifyOtp({ email: address, token: code!, type: 'recovery' });
    expect(late.error?.code).toBe('otp_expired');
  });

  it('magic link: signInWithOtp creates the account when asked and the emailed code signs in', async () => {
    const address = email('otp');
    const supabase = server.client();
    const sent = await supabase.auth.signInWithOtp({
      email: address,
      options: { data: { source: 'otp' } },
    });
    expect(sent.error).toBeNull();
    const mail = await server.lastMail(address, 'auth.magiclink');
    const { code, type } = parseAuthEmail(mail);
    expect(type).toBe('magiclink');
    const { data, error } = await supabase.auth.verifyOtp({
      email: address,
      token: code!,
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ source: 'otp' });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((decodeJwt(data.session!.access_token).amr as { method: string }[])[0]?.method).toBe(
      'otp',
    );
  });

  it('magic link: the token hash from the link works with verifyOtp({ token_hash })', async () => {
    const address = email('otp-hash');
    await server.client().auth.signUp({ email: address, password: 'magic-password' });
    await server.client().auth.signInWithOtp({ email: address });
    const { tokenHash } = parseAuthEmail(await server.lastMail(address, 'auth.magiclink'));
    const { data, error } = await server
      .client()
      .auth.verifyOtp({ token_hash: tokenHash!, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(address);
  });

  it('magic link without account creation: {} and nothing sent, exactly like an existing address', async () => {
    const address = email('no-create');
    const { data, error } = await server.client().auth.signInWithOtp({
      email: address,
      options: { shouldCreateUser: false },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await server.mails(address)).toHaveLength(0);
    const { data: list } = await server.adminClient().auth.admin.listUsers({ perPage: 1000 });
    expect(list.users.some((u) => u.email === address)).toBe(false);
  });

  it('resend: a fresh confirmation replaces the previous code, which stops working', async () => {
    const address = email('resend');
    await server.client().auth.signUp({ email: address, password: 'resend-password' });
    const first = parseAuthEmail(await server.lastMail(address, 'auth.confirmation'));
    server.clock.advance(61); // one email of a kind per minute
    const { error } = await server.client().auth.resend({ type: 'signup', email: address });
    expect(error).toBeNull();
    const confirmations = (await server.mails(address)).filter(
      (m) => m.template === 'auth.confirmation',
    );
    expect(confirmations).toHaveLength(2);
    const second = parseAuthEmail(confirmations[0]!);
    expect(second.code).not.toBe(first.code);
    const stale = await server
      .client()
      .auth.verifyOtp({ email: address, token: first.code!, type: 'signup' });
    expect(stale.error?.code).toBe('otp_expired');
    const fresh = await server
      .client()
      .auth.verifyOtp({ email: address, token: second.code!, type: 'signup' });
    expect(fresh.error).toBeNull();
  });

  it('resend within a minute sends nothing more, and still answers {}', async () => {
    const address = email('resend-fast');
    await server.client().auth.signUp({ email: address, password: 'resend-password' });
    const { error } = await server.client().auth.resend({ type: 'signup', email: address });
    expect(error).toBeNull();
    expect(
      (await server.mails(address)).filter((m) => m.template === 'auth.confirmation'),
    ).toHaveLength(1);
  });

  it('email change: both addresses confirm, then the account moves to the new one', async () => {
    const current = email('change-from');
    const next = email('change-to');
    const supabase = server.client();
    await supabase.auth.signUp({ email: current, password: 'change-password' });
    const { data, error } = await supabase.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(current);
    expect(data.user?.new_email).toBe(next);
    expect(data.user?.email_change_sent_at).toEqual(expect.any(String));

    const toCurrent = parseAuthEmail(await server.lastMail(current, 'auth.email_change_current'));
    const toNew = parseAuthEmail(await server.lastMail(next, 'auth.email_change_new'));
    expect(toCurrent.type).toBe('email_change');

    const firstHalf = await server
      .client()
      .auth.verifyOtp({ email: current, token: toCurrent.code!, type: 'email_change' });
    expect(firstHalf.error).toBeNull();
    expect(firstHalf.data).toEqual({ user: null, session: null });

    const secondHalf = await server
      .client()
      .auth.verifyOtp({ email: next, token: toNew.code!, type: 'email_change' });
    expect(secondHalf.error).toBeNull();
    expect(secondHalf.data.user?.email).toBe(next);
    expect(secondHalf.data.user?.new_email).toBeUndefined();

    expect(
      (await server.client().auth.signInWithPassword({ email: next, password: 'change-password' }))
        .error,
    ).toBeNull();
    expect(
      (
        await server
          .client()
          .auth.signInWithPassword({ email: current, password: 'change-password' })
      ).error?.code,
    ).toBe('invalid_credentials');
    expect((await server.audit('email_changed')).some((r) => r.details.to === next)).toBe(true);
  });

  it('email change to an address someone else has looks the same but mails nothing to it and never completes', async () => {
    const taken = email('taken');
    await server.client().auth.signUp({ email: taken, password: 'taken-password' });
    const mailsBefore = (await server.mails(taken)).length;
    const supabase = server.client();
    const mine = email('mine');
    await supabase.auth.signUp({ email: mine, password: 'mine-password' });
    const { data, error } = await supabase.auth.updateUser({ email: taken });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(taken);
    expect(await server.mails(taken)).toHaveLength(mailsBefore);
    const toCurrent = parseAuthEmail(await server.lastMail(mine, 'auth.email_change_current'));
    const confirmed = await server
      .client()
      .auth.verifyOtp({ email: mine, token: toCurrent.code!, type: 'email_change' });
    expect(confirmed.data.session).toBeNull();
    const { data: me } = await supabase.auth.getUser();
    expect(me.user?.email).toBe(mine);
  });

  it('password change on a day-old session needs the emailed reauthentication code', async () => {
    const address = email('reauth');
    const supabase = server.client({ storage: memoryStorage() });
    await supabase.auth.signUp({ email: address, password: 'original-password' });
    const { code: confirmCode } = parseAuthEmail(
      await server.lastMail(address, 'auth.confirmation'),
    );
    await server.client().auth.verifyOtp({ email: address, token: confirmCode!, type: 'signup' });

    server.clock.advance(25 * 3600);
    expect((await supabase.auth.refreshSession()).error).toBeNull();

    const without = await supabase.auth.updateUser({ password: 'brand-new-password' });
    expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });

    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const mail = await server.lastMail(address, 'auth.reauthentication');
    expect(mail.link).toBeNull();
    const { code: nonce } = parseAuthEmail(mail);

    const wrongNonce = await supabase.auth.updateUser({
      password: 'brand-new-password',
      nonce: '000000' === nonce ? '111111' : '000000',
    });
    expect(wrongNonce.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    const same = await supabase.auth.updateUser({ password: 'original-password', nonce: nonce! });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });

    // Another device, signed in before the change, is signed out by it.
    const other = server.client();
    await other.auth.signInWithPassword({ email: address, password: 'original-password' });
    const otherToken = (await other.auth.getSession()).data.session!.access_token;

    const ok = await supabase.auth.updateUser({ password: 'brand-new-password', nonce: nonce! });
    expect(ok.error).toBeNull();
    expect((await server.client().auth.getUser(otherToken)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    expect((await supabase.auth.getUser()).error).toBeNull();
    const reused = await supabase.auth.updateUser({ password: 'third-password-1', nonce: nonce! });
    expect(reused.error?.code).toBe('reauthentication_not_valid');
  });

  it('redirect_to outside the allow-list falls back to the site URL', async () => {
    const address = email('redirect');
    await server.client().auth.signInWithOtp({
      email: address,
      options: { emailRedirectTo: 'https://evil.example.net/steal' },
    });
    const { redirectTo } = parseAuthEmail(await server.lastMail(address));
    expect(redirectTo).toBe('https://trellis.example.org');
  });
});

describe('AUTH_CONFIRM_EMAIL=required', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer({ AUTH_CONFIRM_EMAIL: 'required' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sign-up returns the bare user, sign-in waits for the confirmation', async () => {
    const address = email('required');
    const { data, error } = await server
      .client()
      .auth.signUp({ email: address, password: 'confirm-first' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(address);
    expect(data.user?.identities).toHaveLength(1);

    const early = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'confirm-first' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const { code } = parseAuthEmail(await server.lastMail(address, 'auth.confirmation'));
    const confirmed = await server
      .client()
      .auth.verifyOtp({ email: address, token: code!, type: 'signup' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.session).not.toBeNull();
    const later = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'confirm-first' });
    expect(later.error).toBeNull();
  });

  it("a repeated sign-up gets GoTrue's placeholder user: same fields, a new id, identities: []", async () => {
    const address = email('required-repeat');
    const fresh = await server.client().auth.signUp({ email: address, password: 'confirm-first' });
    for (const password of ['confirm-first', 'a-wrong-password']) {
      const repeat = await server.client().auth.signUp({ email: address, password });
      expect(repeat.error).toBeNull();
      expect(repeat.data.session).toBeNull();
      expect(Object.keys(repeat.data.user!).sort()).toEqual(Object.keys(fresh.data.user!).sort());
      expect(repeat.data.user?.identities).toEqual([]);
      expect(repeat.data.user?.id).not.toBe(fresh.data.user?.id);
    }
  });
});

describe('AUTH_CONFIRM_EMAIL=off', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer({ AUTH_CONFIRM_EMAIL: 'off' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sign-up confirms at once and mails nothing', async () => {
    const address = email('autoconfirm');
    const { data } = await server
      .client()
      .auth.signUp({ email: address, password: 'no-confirmation' });
    expect(data.session).not.toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(await server.mails(address)).toHaveLength(0);

    const again = await server
      .client()
      .auth.signUp({ email: address, password: 'no-confirmation' });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });
});
