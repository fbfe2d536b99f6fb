import type { SupabaseClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionProofSchema } from '#contracts/account.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import {
  email,
  parseAuthEmail,
  startAuthServer,
  type AuthTestServer,
} from '#server/auth/test-support.ts';
import { auditLog, sessions, tasks, users } from '#server/db/schema.ts';
import { signUpTestUser } from '#server/test/users.ts';

// A person deletes their own account (Settings): proof first, then everything of theirs goes and
// every session ends. Signing in and refreshing go through the real supabase-js client.

const PASSWORD = 'correct-horse-battery';

describe('/api/account/deletion', () => {
  let server: AuthTestServer;

  const api = (token: string | null, method: 'GET' | 'POST', payload?: unknown) =>
    server.app.inject({
      method,
      url: '/api/account/deletion',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const signedIn = async (address: string, password = PASSWORD) => {
    const client = server.client();
    const { data, error } = await client.auth.signInWithPassword({ email: address, password });
    expect(error).toBeNull();
    return { client, token: data.session!.access_token, refresh: data.session!.refresh_token };
  };
  const messageOf = (response: { body: string }) =>
    errorBodySchema.parse(JSON.parse(response.body)).error.message;

  beforeAll(async () => {
    server = await startAuthServer({ AUTH_ANONYMOUS_SIGN_INS: 'true' });
    // The first account of the instance: an admin, so the others are plain users.
    await signUpTestUser(server.app, { role: 'admin', email: email('first-admin') });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks a signed-out caller to sign in', async () => {
    expect((await api(null, 'GET')).statusCode).toBe(401);
    expect((await api(null, 'POST', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('with the password: removes everything and signs out everywhere', async () => {
    const person = await signUpTestUser(server.app, { email: email('leaving') });
    const phone = await signedIn(person.email);
    const laptop = await signedIn(person.email);
    const task = await server.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: person.headers,
      payload: { title: 'Water the plants' },
    });
    expect(task.statusCode).toBe(201);

    const proof = accountDeletionProofSchema.parse((await api(laptop.token, 'GET')).json());
    expect(proof).toEqual({ proof: 'password', email: person.email });

    const missing = await api(laptop.token, 'POST', {});
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe('Enter your password to delete your account.');
    const wrong = await api(laptop.token, 'POST', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(messageOf(wrong)).toBe('That password is not right. Your account was not deleted.');
    const db = server.database.db;
    expect(await db.select().from(users).where(eq(users.id, person.id))).toHaveLength(1);

    const done = await api(laptop.token, 'POST', { password: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ deleted: true });

    expect(await db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(await db.select().from(tasks).where(eq(tasks.userId, person.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    // Every device: the access tokens fail at once, the refresh tokens are gone.
    for (const device of [phone, laptop]) {
      expect((await api(device.token, 'GET')).statusCode).toBe(401);
      const refreshed = await server.client().auth.refreshSession({
        refresh_token: device.refresh,
      });
      expect(refreshed.error).not.toBeNull();
    }
    const again = await server
      .client()
      .auth.signInWithPassword({ email: person.email, password: PASSWORD });
    expect(again.error?.code).toBe('invalid_credentials');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, person.id))
      .then((rows) => rows.filter((r) => r.action === 'account_deleted'));
    expect(entry).toMatchObject({ actorType: 'user', actorId: person.id });
  });

  it('without a password: with the code emailed by reauthenticate()', async () => {
    const address = email('linked');
    const admin = server.adminClient().auth.admin;
    expect((await admin.createUser({ email: address, email_confirm: true })).error).toBeNull();
    const link = await admin.generateLink({ type: 'magiclink', email: address });
    const client: SupabaseClient = server.client();
    const verified = await client.auth.verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(verified.error).toBeNull();
    const token = verified.data.session!.access_token;

    expect(accountDeletionProofSchema.parse((await api(token, 'GET')).json()).proof).toBe('code');
    expect(messageOf(await api(token, 'POST', { password: 'anything' }))).toBe(
      'Enter the code we emailed you to delete your account.',
    );
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const { code } = parseAuthEmail(await server.lastMail(address, 'auth.reauthentication'));
    const wrong = await api(token, 'POST', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    const done = await api(token, 'POST', { code });
    expect(done.statusCode, done.body).toBe(200);
    const db = server.database.db;
    expect(await db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  it('an anonymous account: the session alone', async () => {
    const client = server.client();
    const { data, error } = await client.auth.signInAnonymously();
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(accountDeletionProofSchema.parse((await api(token, 'GET')).json()).proof).toBe('none');
    expect((await api(token, 'POST', {})).statusCode).toBe(200);
    expect((await api(token, 'GET')).statusCode).toBe(401);
  });

  it('the last admin cannot delete themselves; with another admin they can', async () => {
    const fresh = await startAuthServer();
    try {
      const only = await signUpTestUser(fresh.app, { role: 'admin', email: email('only') });
      const call = (token: string) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/account/deletion',
          headers: { authorization: `Bearer ${token}` },
          payload: { password: PASSWORD },
        });
      const refused = await call(only.accessToken);
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe(
        'This is the only admin left. Make someone else an admin before deleting your account.',
      );
      await signUpTestUser(fresh.app, { role: 'admin', email: email('another') });
      expect((await call(only.accessToken)).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a malformed code with a 400', async () => {
    const person = await signUpTestUser(server.app, { email: email('typo') });
    const response = await api(person.accessToken, 'POST', { code: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain('digits');
  });
});
