import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import {
  createSessionStandingCache,
  SESSION_STANDING_CHANNEL,
  SESSION_STANDING_TTL_MS,
} from './session-standing-cache.ts';
import { createTestClock } from './test-support.ts';

// ADR 020: the guard remembers a session's standing for a moment. Within one process an ended
// session fails at once; in another process as soon as the database's notification arrives, and
// never later than the TTL even when no notification arrives at all.

type Standing = { userId: string; sessionId: string };

describe('createSessionStandingCache', () => {
  const standing = (userId: string, sessionId: string): Standing => ({ userId, sessionId });

  it('answers from memory within the TTL and reads again after it', async () => {
    const clock = createTestClock();
    const cache = createSessionStandingCache<Standing>({ clock: clock.now });
    let reads = 0;
    const load = async () => {
      reads += 1;
      return standing('u1', 's1');
    };
    await cache.read('s1', load);
    await cache.read('s1', load);
    expect(reads).toBe(1);
    clock.advance(SESSION_STANDING_TTL_MS / 1000);
    await cache.read('s1', load);
    expect(reads).toBe(2);
  });

  it('forgets every session of one user, and only theirs', async () => {
    const cache = createSessionStandingCache<Standing>({ clock: () => new Date() });
    const reads: string[] = [];
    const load = (userId: string, sessionId: string) => async () => {
      reads.push(sessionId);
      return standing(userId, sessionId);
    };
    await cache.read('a1', load('a', 'a1'));
    await cache.read('a2', load('a', 'a2'));
    await cache.read('b1', load('b', 'b1'));
    cache.forgetUser('a');
    await cache.read('a1', load('a', 'a1'));
    await cache.read('a2', load('a', 'a2'));
    await cache.read('b1', load('b', 'b1'));
    expect(reads).toEqual(['a1', 'a2', 'b1', 'a1', 'a2']);
  });

  it('keeps neither an ended session nor a read that an invalidation overtook', async () => {
    const cache = createSessionStandingCache<Standing>({ clock: () => new Date() });
    let reads = 0;
    await cache.read('gone', async () => {
      reads += 1;
      return null;
    });
    await cache.read('gone', async () => {
      reads += 1;
      return null;
    });
    expect(reads).toBe(2);

    let release: (value: Standing) => void = () => undefined;
    const pending = cache.read('s1', () => new Promise<Standing>((resolve) => (release = resolve)));
    // The change commits (and is announced) while the old row is on its way back.
    cache.forgetUser('u1');
    release(standing('u1', 's1'));
    await pending;
    let again = 0;
    await cache.read('s1', async () => {
      again += 1;
      return standing('u1', 's1');
    });
    expect(again).toBe(1);
  });

  it('drops the oldest entry when full', async () => {
    const cache = createSessionStandingCache<Standing>({ clock: () => new Date(), maxEntries: 2 });
    const reads: string[] = [];
    const load = (id: string) => async () => {
      reads.push(id);
      return standing('u', id);
    };
    await cache.read('s1', load('s1'));
    await cache.read('s2', load('s2'));
    await cache.read('s3', load('s3'));
    await cache.read('s2', load('s2'));
    await cache.read('s1', load('s1'));
    expect(reads).toEqual(['s1', 's2', 's3', 's1']);
  });
});

interface Account {
  id: string;
  token: string;
}

async function signUp(app: FastifyInstance, label: string): Promise<Account> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { apikey: app.auth.keys.publishableKey },
    payload: {
      email: `${label}-${randomBytes(4).toString('hex')}@example.com`,
      password: 'a-good-password-1',
    },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ access_token: string; user: { id: string } }>();
  return { id: body.user.id, token: body.access_token };
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey: app.auth.keys.publishableKey },
    payload: { email, password: 'a-good-password-1' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

const whoami = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/test/whoami', headers: { authorization: `Bearer ${token}` } });

/** Resolves when `database` delivers the standing notification for `userId` to this process. */
async function heard(database: Database, userId: string): Promise<() => Promise<void>> {
  let resolve: () => void = () => undefined;
  const arrived = new Promise<void>((r) => (resolve = r));
  const stop = await database.listen(SESSION_STANDING_CHANNEL, (payload) => {
    if (payload === userId) resolve();
  });
  return async () => {
    await arrived;
    await stop();
  };
}

/** Bans `userId` with a write whose triggers do not fire: a change no notification carries. */
async function banSilently(database: Database, userId: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update users set banned_until = now() + interval '1 day' where id = ${userId}::uuid`,
    );
  });
}

function withWhoami(app: FastifyInstance): void {
  app.get('/api/test/whoami', async (request) => app.auth.guard.authenticate(request));
}

describe('the guard within one process (ADR 020)', () => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createTestClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' }, clock: clock.now });
    withWhoami(app);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('fails a signed-out session at once', async () => {
    const account = await signUp(app, 'sign-out');
    expect((await whoami(app, account.token)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { apikey: app.auth.keys.publishableKey, authorization: `Bearer ${account.token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await whoami(app, account.token)).statusCode).toBe(401);
  });

  it('fails a session ended from another device, and a banned user, at once', async () => {
    const account = await signUp(app, 'revoked');
    const user = await app.inject({
      url: '/auth/v1/user',
      headers: { apikey: app.auth.keys.publishableKey, authorization: `Bearer ${account.token}` },
    });
    const other = await signIn(app, user.json<{ email: string }>().email);
    const otherSessionId = (await whoami(app, other)).json<{ sessionId: string }>().sessionId;
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${otherSessionId}`,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(ended.statusCode).toBe(200);
    expect((await whoami(app, other)).statusCode).toBe(401);

    expect((await whoami(app, account.token)).statusCode).toBe(200);
    const banned = await app.inject({
      method: 'PUT',
      url: `/auth/v1/admin/users/${account.id}`,
      headers: {
        apikey: app.auth.keys.serviceRoleKey,
        authorization: `Bearer ${app.auth.keys.serviceRoleKey}`,
      },
      payload: { ban_duration: '24h' },
    });
    expect(banned.statusCode).toBe(200);
    expect((await whoami(app, account.token)).statusCode).toBe(401);
  });

  it('hears a change written straight to the database', async () => {
    const account = await signUp(app, 'direct');
    expect((await whoami(app, account.token)).statusCode).toBe(200);
    const notified = await heard(database, account.id);
    await database.db.execute(sql`delete from sessions where user_id = ${account.id}::uuid`);
    await notified();
    expect((await whoami(app, account.token)).statusCode).toBe(401);
  });

  it('trusts what it read no longer than the TTL when no notification comes', async () => {
    const account = await signUp(app, 'silent');
    expect((await whoami(app, account.token)).statusCode).toBe(200);
    await banSilently(database, account.id);
    // Remembered: the change was never announced.
    expect((await whoami(app, account.token)).statusCode).toBe(200);
    clock.advance(SESSION_STANDING_TTL_MS / 1000);
    expect((await whoami(app, account.token)).statusCode).toBe(401);
  });
});

// Two app instances, each with its own pool and LISTEN connection, on one PostgreSQL database:
// what two server processes share.
const serverUrl = inject('postgresTemplate');
const TEMPLATE_DB = 'trellis_test_template';

describe.skipIf(!serverUrl)(
  'the guard across app instances on PostgreSQL (ADR 020; set TEST_DATABASE_URL to run)',
  () => {
    let name = '';
    let first: Database;
    let second: Database;
    let appA: FastifyInstance;
    let appB: FastifyInstance;
    const clock = createTestClock();

    beforeAll(async () => {
      name = `trellis_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl ?? '' });
      await admin.connect();
      await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
      await admin.end();
      const target = new URL(serverUrl ?? '');
      target.pathname = `/${name}`;
      first = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 3 });
      second = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 3 });
      const env = { AUTH_RATE_LIMITS: 'false' };
      appA = await createTestApp(first, { env, clock: clock.now });
      appB = await createTestApp(second, { env, clock: clock.now });
      withWhoami(appA);
      withWhoami(appB);
      await Promise.all([appA.ready(), appB.ready()]);
    });

    afterAll(async () => {
      await appA?.close();
      await appB?.close();
      await first?.close();
      await second?.close();
      if (!name) return;
      const admin = new pg.Client({ connectionString: serverUrl ?? '' });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('a sign-out on one instance fails at once there, and on the other when the notification arrives', async () => {
      const account = await signUp(appA, 'two-instances');
      expect((await whoami(appA, account.token)).statusCode).toBe(200);
      expect((await whoami(appB, account.token)).statusCode).toBe(200);
      const notified = await heard(second, account.id);
      const out = await appA.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=global',
        headers: {
          apikey: appA.auth.keys.publishableKey,
          authorization: `Bearer ${account.token}`,
        },
      });
      expect(out.statusCode).toBe(204);
      expect((await whoami(appA, account.token)).statusCode).toBe(401);
      await notified();
      expect((await whoami(appB, account.token)).statusCode).toBe(401);
    });

    it('the other instance trusts what it read no longer than the TTL when no notification comes', async () => {
      const account = await signUp(appA, 'two-silent');
      expect((await whoami(appB, account.token)).statusCode).toBe(200);
      await banSilently(first, account.id);
      expect((await whoami(appB, account.token)).statusCode).toBe(200);
      clock.advance(SESSION_STANDING_TTL_MS / 1000);
      expect((await whoami(appB, account.token)).statusCode).toBe(401);
    });
  },
);
