import type { AuthResponse } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email, parseAuthEmail, startAuthServer, type AuthTestServer } from './test-support.ts';

// The admin API through supabase-js's auth.admin (service-role key), and who it refuses.

describe('admin API', () => {
  let server: AuthTestServer;
  let first: AuthResponse;

  beforeAll(async () => {
    server = await startAuthServer();
    // The first account signs up here, on the fresh instance, before any test makes accounts:
    // the first test checks it became admin, and every account the others make is not first.
    first = await server.client().auth.signUp({ email: email('first'), password: 'first-account' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes the first account of a fresh instance an admin, and only that one', async () => {
    expect(first.data.user?.app_metadata.role).toBe('admin');
    expect(decodeJwt(first.data.session!.access_token).app_metadata).toMatchObject({
      role: 'admin',
    });
    const second = await server
      .client()
      .auth.signUp({ email: email('second'), password: 'second-account' });
    expect(second.data.user?.app_metadata.role).toBeUndefined();
    expect((await server.audit('role_changed')).some((r) => r.userId === first.data.user?.id)).toBe(
      true,
    );
  });

  it('creates a user with a role and a confirmed address, who can then sign in', async () => {
    const admin = server.adminClient().auth.admin;
    const address = email('coach');
    const { data, error } = await admin.createUser({
      email: address,
      password: 'coach-password',
      email_confirm: true,
      app_metadata: { role: 'coach' },
      user_metadata: { full_name: 'Coach Carter' },
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({
      provider: 'email',
      providers: ['email'],
      role: 'coach',
    });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.identities).toHaveLength(1);

    const signIn = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'coach-password' });
    expect(signIn.error).toBeNull();
    expect(decodeJwt(signIn.data.session!.access_token).app_metadata).toMatchObject({
      role: 'coach',
    });

    const taken = await admin.createUser({ email: address, password: 'coach-password' });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const badRole = await admin.createUser({
      email: email('bad'),
      app_metadata: { role: 'superuser' },
    });
    expect(badRole.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const badEmail = await admin.createUser({ email: 'not-an-email' });
    expect(badEmail.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('lists users with pagination headers the client understands', async () => {
    const admin = server.adminClient().auth.admin;
    for (let i = 0; i < 3; i++) await admin.createUser({ email: email('listed') });
    const all = await admin.listUsers({ perPage: 1000 });
    const total = all.data.users.length;
    expect(total).toBeGreaterThanOrEqual(3);

    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect(page1.data).toMatchObject({
      nextPage: 2,
      lastPage: Math.ceil(total / 2),
      total,
      aud: 'authenticated',
    });

    const raw = await server.request('/admin/users?page=&per_page=', {
      headers: { authorization: `Bearer ${server.serviceRoleKey}`, apikey: server.serviceRoleKey },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toMatch(
      /^<\/auth\/v1\/admin\/users\?page=1&per_page=50>; rel="last"$/,
    );

    const bad = await admin.listUsers({ page: -1, perPage: 2 });
    expect(bad.error).toMatchObject({ status: 400, message: 'Bad Pagination Parameters' });
  });

  it('lists newest first by default, as GoTrue does; sort=created_at asc turns it round', async () => {
    const admin = server.adminClient().auth.admin;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1);
      const { data } = await admin.createUser({ email: email('ordered') });
      made.push(data.user!.id);
    }
    const { data, error } = await admin.listUsers({ page: 1, perPage: 3 });
    expect(error).toBeNull();
    expect(data.users.map((u) => u.id)).toEqual([...made].reverse());
    const times = data.users.map((u) => Date.parse(u.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const asc = await server.request('/admin/users?page=1&per_page=1000&sort=created_at%20asc', {
      headers: { authorization: `Bearer ${server.serviceRoleKey}`, apikey: server.serviceRoleKey },
    });
    const ascIds = ((await asc.json()) as { users: { id: string }[] }).users.map((u) => u.id);
    expect(ascIds.slice(-3)).toEqual(made);
  });

  it('gets, updates (metadata, role, ban) and deletes a user', async () => {
    const admin = server.adminClient().auth.admin;
    const address = email('managed');
    const { data: created } = await admin.createUser({
      email: address,
      password: 'managed-password',
      email_confirm: true,
      user_metadata: { keep: 1, drop: 2 },
    });
    const id = created.user!.id;
    expect((await admin.getUserById(id)).data.user?.email).toBe(address);
    expect((await admin.getUserById('00000000-0000-4000-8000-000000000000')).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });

    const promoted = await admin.updateUserById(id, {
      app_metadata: { role: 'admin' },
      user_metadata: { drop: null },
    });
    expect(promoted.error).toBeNull();
    expect(promoted.data.user?.app_metadata.role).toBe('admin');
    expect(promoted.data.user?.user_metadata).toEqual({ keep: 1 });
    const roleAudit = (await server.audit('role_changed')).find((r) => r.userId === id);
    expect(roleAudit).toMatchObject({
      actorType: 'service_role',
      details: { from: 'user', to: 'admin' },
    });
    const demoted = await admin.updateUserById(id, { app_metadata: { role: null } });
    expect(demoted.data.user?.app_metadata.role).toBeUndefined();

    const user = server.client();
    await user.auth.signInWithPassword({ email: address, password: 'managed-password' });
    const refreshToken = (await user.auth.getSession()).data.session!.refresh_token;
    const banned = await admin.updateUserById(id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toEqual(expect.any(String));
    const blocked = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'managed-password' });
    expect(blocked.error).toMatchObject({ status: 400, code: 'user_banned' });
    expect(
      (await server.client().auth.refreshSession({ refresh_token: refreshToken })).error?.status,
    ).toBe(400);

    await admin.updateUserById(id, { ban_duration: 'none' });
    expect(
      (
        await server
          .client()
          .auth.signInWithPassword({ email: address, password: 'managed-password' })
      ).error,
    ).toBeNull();

    const other = server.client();
    await other.auth.signInWithPassword({ email: address, password: 'managed-password' });
    await admin.updateUserById(id, { password: 'reset-by-admin' });
    // An admin password change signs the user out everywhere.
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
    // signOut with the deleted user's token is not an error for the client.
    expect((await other.auth.signOut()).error).toBeNull();
  });

  it('soft-deletes: the account stays but can no longer sign in, and its address is free again', async () => {
    const admin = server.adminClient().auth.admin;
    const address = email('soft');
    const { data } = await admin.createUser({
      email: address,
      password: 'soft-password',
      email_confirm: true,
    });
    expect((await admin.deleteUser(data.user!.id, true)).error).toBeNull();
    expect((await admin.getUserById(data.user!.id)).data.user?.deleted_at).toEqual(
      expect.any(String),
    );
    const signIn = await server
      .client()
      .auth.signInWithPassword({ email: address, password: 'soft-password' });
    expect(signIn.error?.code).toBe('invalid_credentials');
    expect((await admin.createUser({ email: address })).error).toBeNull();
  });

  it('generates links without sending email: signup, recovery, and 404 for unknown recovery', async () => {
    const admin = server.adminClient().auth.admin;
    const address = email('generated');
    const { data, error } = await admin.generateLink({
      type: 'signup',
      email: address,
      password: 'generated-password',
      options: { data: { plan: 'pro' }, redirectTo: 'http://localhost:3000/welcome' },
    });
    expect(error).toBeNull();
    expect(data.properties?.action_link).toMatch(/\?token/);
    expect(data.properties?.action_link).toMatch(/type=signup/);
    expect(data.properties?.action_link).toMatch(/redirect_to=/);
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.verification_type).toBe('signup');
    expect(data.user?.user_metadata).toEqual({ plan: 'pro' });
    expect(await server.mails(address)).toHaveLength(0);

    const verified = await server
      .client()
      .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await admin.generateLink({
      type: 'signup',
      email: address,
      password: 'generated-password',
    });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const recovery = await admin.generateLink({ type: 'recovery', email: address });
    expect(recovery.error).toBeNull();
    const unknown = await admin.generateLink({ type: 'recovery', email: email('ghost') });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('changes an address directly, refusing one that is taken', async () => {
    const admin = server.adminClient().auth.admin;
    const { data } = await admin.createUser({
      email: email('old'),
      password: 'moving-password',
      email_confirm: true,
    });
    const moved = email('new');
    const updated = await admin.updateUserById(data.user!.id, {
      email: moved,
      email_confirm: true,
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email).toBe(moved);
    expect(updated.data.user?.identities?.[0]?.identity_data?.email).toBe(moved);
    expect(
      (await server.client().auth.signInWithPassword({ email: moved, password: 'moving-password' }))
        .error,
    ).toBeNull();
    const { data: other } = await admin.createUser({ email: email('other') });
    const clash = await admin.updateUserById(other.user!.id, { email: moved });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('invites by email (inviteUserByEmail): invited_at, the invite email, and its link signs in and lets them set a password', async () => {
    const admin = server.adminClient().auth.admin;
    const invited = email('invitee');
    const { data, error } = await admin.inviteUserByEmail(invited, {
      data: { full_name: 'Ada' },
      redirectTo: 'http://127.0.0.1/welcome',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(invited);
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toBeFalsy();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada' });

    const mail = await server.lastMail(invited, 'auth.invite');
    const { tokenHash, type } = parseAuthEmail(mail);
    expect(type).toBe('invite');
    const accepted = await server
      .client()
      .auth.verifyOtp({ token_hash: tokenHash!, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user?.id).toBe(data.user?.id);
    expect(accepted.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const person = server.client();
    await person.auth.setSession(accepted.data.session!);
    const chosen = await person.auth.updateUser({ password: 'my-own-password' });
    expect(chosen.error).toBeNull();
    const signedIn = await server
      .client()
      .auth.signInWithPassword({ email: invited, password: 'my-own-password' });
    expect(signedIn.error).toBeNull();

    // Inviting a confirmed person again is refused; only the service role may invite.
    const again = await admin.inviteUserByEmail(invited);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const viaPublishable = await server.client().auth.admin.inviteUserByEmail(email('nope'));
    expect(viaPublishable.error?.status).toBe(403);
  });

  it('generates invite and magic links: an invite signs the new person in; a magic link for a stranger signs them up', async () => {
    const admin = server.adminClient().auth.admin;
    const invited = email('invited');
    const invite = await admin.generateLink({ type: 'invite', email: invited });
    expect(invite.error).toBeNull();
    expect(invite.data.properties?.verification_type).toBe('invite');
    expect(invite.data.user?.invited_at).toEqual(expect.any(String));
    const accepted = await server
      .client()
      .auth.verifyOtp({ token_hash: invite.data.properties!.hashed_token, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user?.email).toBe(invited);

    const stranger = email('stranger');
    const magic = await admin.generateLink({ type: 'magiclink', email: stranger });
    expect(magic.error).toBeNull();
    expect(magic.data.properties?.verification_type).toBe('signup');
    expect(magic.data.user?.email).toBe(stranger);
    expect(await server.mails(stranger)).toHaveLength(0);
  });

  it('lists and deletes a user’s factors', async () => {
    const address = email('factors');
    const supabase = server.client();
    const { data } = await supabase.auth.signUp({ email: address, password: 'factor-password' });
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const admin = server.adminClient().auth.admin;
    const listed = await admin.mfa.listFactors({ userId: data.user!.id });
    expect(listed.data?.factors.map((f) => f.id)).toEqual([factor!.id]);
    const removed = await admin.mfa.deleteFactor({ userId: data.user!.id, id: factor!.id });
    expect(removed.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: data.user!.id })).data?.factors).toHaveLength(0);
  });

  it('refuses everyone but the service role: no token, the publishable key, a user token, even an admin’s', async () => {
    const { data } = await server.adminClient().auth.admin.createUser({
      email: email('app-admin'),
      password: 'app-admin-password',
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    const appAdmin = server.client();
    await appAdmin.auth.signInWithPassword({
      email: data.user!.email!,
      password: 'app-admin-password',
    });
    const adminToken = (await appAdmin.auth.getSession()).data.session!.access_token;

    const viaPublishable = await server.client().auth.admin.listUsers();
    expect(viaPublishable.error).toMatchObject({ status: 403, code: 'not_admin' });

    const cases: [Record<string, string>, number, string][] = [
      [{}, 401, 'no_authorization'],
      [{ authorization: `Bearer ${server.publishableKey}` }, 403, 'not_admin'],
      [{ authorization: `Bearer ${adminToken}` }, 403, 'not_admin'],
      [{ authorization: `Bearer ${server.serviceRoleKey}x` }, 403, 'not_admin'],
    ];
    for (const [headers, status, code] of cases) {
      for (const [method, path] of [
        ['GET', '/admin/users'],
        ['POST', '/admin/users'],
        ['PUT', `/admin/users/${data.user!.id}`],
        ['DELETE', `/admin/users/${data.user!.id}`],
        ['POST', '/admin/generate_link'],
      ] as const) {
        const response = await server.request(path, {
          method,
          headers,
          ...(method === 'GET' ? {} : { json: { email: email('x'), type: 'signup' } }),
        });
        expect({ path, method, status: response.status }).toEqual({ path, method, status });
        expect(await response.json()).toMatchObject({ code });
      }
    }
    expect(
      (await server.adminClient().auth.admin.getUserById(data.user!.id)).data.user,
    ).not.toBeNull();
  });
});

describe('AUTH_FIRST_USER_ADMIN=false', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthServer({ AUTH_FIRST_USER_ADMIN: 'false' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('leaves the first account a plain user', async () => {
    const { data } = await server
      .client()
      .auth.signUp({ email: email('first'), password: 'first-account' });
    expect(data.user?.app_metadata.role).toBeUndefined();
  });
});
