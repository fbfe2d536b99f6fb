import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserListSchema, adminUserSchema } from '#contracts/admin-users.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { email, startAuthServer, type AuthTestServer } from '#server/auth/test-support.ts';
import {
  auditLog,
  identities,
  notifications,
  refreshTokens,
  sessions,
  tasks,
  users,
} from '#server/db/schema.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

// /api/admin/users*: the admin area's Users panel, through the product API with the admin role.
// Signing in afterwards goes through the real supabase-js client.

const PASSWORD = 'correct-horse-battery';

describe('admin users API', () => {
  let server: AuthTestServer;
  let admin: TestUser;
  let coach: TestUser;
  let user: TestUser;

  const call = (
    who: TestUser | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ) =>
    server.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body));
  const signIn = (address: string, password = PASSWORD) =>
    server.client().auth.signInWithPassword({ email: address, password });

  beforeAll(async () => {
    server = await startAuthServer();
    admin = await signUpTestUser(server.app, { role: 'admin', email: email('admin') });
    coach = await signUpTestUser(server.app, { role: 'coach', email: email('coach') });
    user = await signUpTestUser(server.app, { email: email('plain') });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('who may call', () => {
    const routes: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { email: 'new@example.com' }],
      ['PUT', `/api/admin/users/${randomUUID()}/role`, { role: 'coach' }],
      ['PUT', `/api/admin/users/${randomUUID()}/ban`, { banned: true }],
      ['POST', `/api/admin/users/${randomUUID()}/link`, { kind: 'recovery' }],
      ['DELETE', `/api/admin/users/${randomUUID()}`],
    ];

    it.each(routes)(
      '%s %s: 401 signed out, 403 for a user or a coach',
      async (method, url, body) => {
        expect((await call(null, method, url, body)).statusCode).toBe(401);
        for (const who of [user, coach]) {
          const response = await call(who, method, url, body);
          expect(response.statusCode, response.body).toBe(403);
          expect(errorOf(response).error.code).toBe('forbidden');
        }
      },
    );

    it('changes nothing when a user tries', async () => {
      await call(user, 'PUT', `/api/admin/users/${coach.id}/role`, { role: 'admin' });
      await call(user, 'DELETE', `/api/admin/users/${coach.id}`);
      const [row] = await server.database.db.select().from(users).where(eq(users.id, coach.id));
      expect(row?.appMetadata).toMatchObject({ role: 'coach' });
    });
  });

  describe('the list', () => {
    it('pages newest first with each account’s standing', async () => {
      const response = await call(admin, 'GET', '/api/admin/users?perPage=2');
      expect(response.statusCode, response.body).toBe(200);
      const body = adminUserListSchema.parse(response.json());
      expect(body.total).toBeGreaterThanOrEqual(3);
      expect(body.users.map((u) => u.id)).toEqual([user.id, coach.id]);
      expect(body.users[1]).toMatchObject({
        email: coach.email,
        role: 'coach',
        confirmed: true,
        mfa: false,
        bannedUntil: null,
        hasPassword: true,
      });
      expect(body.users[1]?.lastSignInAt).not.toBeNull();
      const next = adminUserListSchema.parse(
        (await call(admin, 'GET', '/api/admin/users?perPage=2&page=2')).json(),
      );
      expect(next.users.map((u) => u.id)).toContain(admin.id);
    });

    it('searches by part of the address (% and _ literal) and filters by role', async () => {
      const found = adminUserListSchema.parse(
        (
          await call(admin, 'GET', `/api/admin/users?q=${coach.email.slice(0, 9).toUpperCase()}`)
        ).json(),
      );
      expect(found.users.map((u) => u.id)).toEqual([coach.id]);
      const none = adminUserListSchema.parse(
        (await call(admin, 'GET', '/api/admin/users?q=%25')).json(),
      );
      expect(none.users).toEqual([]);
      const coaches = adminUserListSchema.parse(
        (await call(admin, 'GET', '/api/admin/users?role=coach')).json(),
      );
      expect(coaches.users.every((u) => u.role === 'coach')).toBe(true);
      const plain = adminUserListSchema.parse(
        (await call(admin, 'GET', '/api/admin/users?role=user')).json(),
      );
      expect(plain.users.map((u) => u.id)).toContain(user.id);
      expect(plain.users.map((u) => u.id)).not.toContain(admin.id);
    });

    it.each([
      ['?page=0', 'page'],
      ['?perPage=500', 'perPage'],
      ['?role=owner', 'role'],
      ['?page=abc', 'page'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      const response = await call(admin, 'GET', `/api/admin/users${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error.message).toContain(field);
    });
  });

  describe('roles', () => {
    it('promotes a user to coach, audited with the acting admin, applied at once', async () => {
      const person = await signUpTestUser(server.app, { email: email('promote') });
      const response = await call(admin, 'PUT', `/api/admin/users/${person.id}/role`, {
        role: 'coach',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(adminUserSchema.parse(response.json()).role).toBe('coach');
      const [entry] = (await server.audit('role_changed')).filter((r) => r.userId === person.id);
      expect(entry).toMatchObject({
        actorType: 'user',
        actorId: admin.id,
        details: { from: 'user', to: 'coach' },
      });
      // The same access token now passes as a coach: the guard read the role again.
      const dev = await call(person, 'GET', '/api/admin/users');
      expect(dev.statusCode).toBe(403);
      const standing = await server.app.inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: person.headers,
      });
      expect(standing.statusCode).toBe(200);
    });

    it('refuses a role that does not exist and an id that is not one', async () => {
      const bad = await call(admin, 'PUT', `/api/admin/users/${user.id}/role`, { role: 'owner' });
      expect(bad.statusCode).toBe(400);
      expect(
        (await call(admin, 'PUT', '/api/admin/users/nope/role', { role: 'coach' })).statusCode,
      ).toBe(400);
      const missing = await call(admin, 'PUT', `/api/admin/users/${randomUUID()}/role`, {
        role: 'coach',
      });
      expect(missing.statusCode).toBe(404);
    });

    it('keeps the last admin: no demotion, ban or deletion; a second admin makes it possible', async () => {
      const demote = await call(admin, 'PUT', `/api/admin/users/${admin.id}/role`, {
        role: 'user',
      });
      expect(demote.statusCode).toBe(409);
      expect(errorOf(demote).error.message).toBe(
        'This is the only admin left. Make someone else an admin before changing this role.',
      );
      const second = await signUpTestUser(server.app, { role: 'admin', email: email('second') });
      const banSecond = await call(admin, 'PUT', `/api/admin/users/${second.id}/ban`, {
        banned: true,
      });
      expect(banSecond.statusCode, banSecond.body).toBe(200);
      // With the second banned, the first is again the only admin who can act.
      const demoteAgain = await call(admin, 'PUT', `/api/admin/users/${admin.id}/role`, {
        role: 'coach',
      });
      expect(demoteAgain.statusCode).toBe(409);
      await call(admin, 'PUT', `/api/admin/users/${second.id}/ban`, { banned: false });
      const fresh = await signIn(second.email);
      expect(fresh.error).toBeNull();
      const secondAgain = {
        ...second,
        headers: { authorization: `Bearer ${fresh.data.session!.access_token}` },
      };
      // Their own account is deleted from Settings, with the password, never from here.
      const deleteSelf = await call(secondAgain, 'DELETE', `/api/admin/users/${second.id}`);
      expect(deleteSelf.statusCode).toBe(409);
      expect(errorOf(deleteSelf).error.message).toContain('Settings');
      const demoteSecond = await call(admin, 'PUT', `/api/admin/users/${second.id}/role`, {
        role: 'user',
      });
      expect(demoteSecond.statusCode).toBe(200);
    });
  });

  describe('bans', () => {
    it('suspends an account: its sessions end and signing in fails; unbanning restores it', async () => {
      const person = await signUpTestUser(server.app, { email: email('ban') });
      const ban = await call(admin, 'PUT', `/api/admin/users/${person.id}/ban`, { banned: true });
      expect(ban.statusCode, ban.body).toBe(200);
      expect(adminUserSchema.parse(ban.json()).bannedUntil).not.toBeNull();
      expect((await call(person, 'GET', '/api/account/sessions')).statusCode).toBe(401);
      expect(
        await server.database.db.select().from(sessions).where(eq(sessions.userId, person.id)),
      ).toEqual([]);
      const refused = await signIn(person.email);
      expect(refused.error?.code).toBe('user_banned');
      expect((await server.audit('user_banned')).find((r) => r.userId === person.id)).toMatchObject(
        { actorId: admin.id, actorType: 'user' },
      );

      const unban = await call(admin, 'PUT', `/api/admin/users/${person.id}/ban`, {
        banned: false,
      });
      expect(adminUserSchema.parse(unban.json()).bannedUntil).toBeNull();
      expect((await signIn(person.email)).error).toBeNull();
    });

    it('refuses an admin suspending themselves, and a body that is not a ban', async () => {
      const self = await call(admin, 'PUT', `/api/admin/users/${admin.id}/ban`, { banned: true });
      expect(self.statusCode).toBe(409);
      const bad = await call(admin, 'PUT', `/api/admin/users/${user.id}/ban`, { banned: 'yes' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('deletion', () => {
    it('removes the account and every row of the person’s, in one go, audited', async () => {
      const person = await signUpTestUser(server.app, { email: email('gone') });
      const task = await call(person, 'POST', '/api/tasks', { title: 'Call the bank' });
      expect(task.statusCode, task.body).toBe(201);
      await server.database.db.insert(notifications).values({
        id: randomUUID(),
        userId: person.id,
        type: 'achievement',
        title: 'Hello',
        message: 'Welcome',
      });
      const db = server.database.db;
      expect(await db.select().from(tasks).where(eq(tasks.userId, person.id))).toHaveLength(1);
      const sessionIds = (
        await db.select().from(sessions).where(eq(sessions.userId, person.id))
      ).map((row) => row.id);
      expect(sessionIds).toHaveLength(1);

      const response = await call(admin, 'DELETE', `/api/admin/users/${person.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ deleted: true });
      for (const table of [users]) {
        expect(await db.select().from(table).where(eq(table.id, person.id))).toEqual([]);
      }
      for (const table of [tasks, notifications, sessions, identities]) {
        expect(await db.select().from(table).where(eq(table.userId, person.id))).toEqual([]);
      }
      expect(
        await db.select().from(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds)),
      ).toEqual([]);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.userId, person.id))
        .then((rows) => rows.filter((r) => r.action === 'user_deleted'));
      expect(entry).toMatchObject({ actorId: admin.id, details: { email: person.email } });
      expect((await call(person, 'GET', '/api/account/sessions')).statusCode).toBe(401);
      expect((await signIn(person.email)).error?.code).toBe('invalid_credentials');
      expect((await call(admin, 'DELETE', `/api/admin/users/${person.id}`)).statusCode).toBe(404);
    });
  });

  describe('creating and links', () => {
    it('creates a coach with a password who can sign in at once', async () => {
      const address = email('made');
      const response = await call(admin, 'POST', '/api/admin/users', {
        email: address.toUpperCase(),
        role: 'coach',
        password: 'a-fine-password',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(adminUserSchema.parse(response.json())).toMatchObject({
        email: address,
        role: 'coach',
        confirmed: true,
      });
      expect((await signIn(address, 'a-fine-password')).error).toBeNull();
      const again = await call(admin, 'POST', '/api/admin/users', { email: address });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).error.message).toBe(`An account with ${address} already exists.`);
    });

    it('invites by email when no password is given, and refuses bad input', async () => {
      const address = email('invited');
      const response = await call(admin, 'POST', '/api/admin/users', { email: address });
      expect(response.statusCode, response.body).toBe(201);
      expect(adminUserSchema.parse(response.json())).toMatchObject({
        role: 'user',
        confirmed: false,
        hasPassword: false,
      });
      expect((await server.lastMail(address)).template).toBe('auth.invite');
      const bad = await call(admin, 'POST', '/api/admin/users', { email: 'not-an-address' });
      expect(bad.statusCode).toBe(400);
      const weak = await call(admin, 'POST', '/api/admin/users', {
        email: email('weak'),
        password: 'short',
      });
      expect(weak.statusCode).toBe(400);
      expect(errorOf(weak).error.message).toMatch(/at least \d+ characters/);
    });

    it('sends a reset and a sign-in link through the mail path, audited', async () => {
      const person = await signUpTestUser(server.app, { email: email('links') });
      const reset = await call(admin, 'POST', `/api/admin/users/${person.id}/link`, {
        kind: 'recovery',
      });
      expect(reset.statusCode, reset.body).toBe(202);
      expect(reset.json()).toEqual({ sent: true, to: person.email });
      expect((await server.lastMail(person.email)).template).toBe('auth.recovery');
      const magic = await call(admin, 'POST', `/api/admin/users/${person.id}/link`, {
        kind: 'magiclink',
      });
      expect(magic.statusCode, magic.body).toBe(202);
      expect((await server.lastMail(person.email)).template).toBe('auth.magiclink');
      const soon = await call(admin, 'POST', `/api/admin/users/${person.id}/link`, {
        kind: 'recovery',
      });
      expect(soon.statusCode).toBe(429);
      expect(
        (await server.audit('recovery_sent')).find((r) => r.userId === person.id),
      ).toMatchObject({ actorId: admin.id });
      const bad = await call(admin, 'POST', `/api/admin/users/${person.id}/link`, {
        kind: 'signup',
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
