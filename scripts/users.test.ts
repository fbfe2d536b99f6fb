import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/passwords.ts';
import type { Database } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { runKeys } from './keys.ts';
import { runUsers } from './users.ts';

describe('npm run users / npm run keys', () => {
  let database: Database;
  const out: string[] = [];
  const err: string[] = [];
  const ctx = () => ({
    database,
    env: loadEnv({ NODE_ENV: 'test' }),
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
  });
  const run = async (...argv: string[]) => {
    out.length = 0;
    err.length = 0;
    return runUsers(argv, ctx());
  };
  const account = async (email: string) => {
    const { loadUserByEmail } = await import('#server/auth/users.repo.ts');
    return loadUserByEmail(database.db, email);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates a confirmed account with a role and a working password', async () => {
    expect(
      await run(
        'create',
        '--email',
        'Coach@Example.com',
        '--password',
        'coach-password',
        '--role',
        'coach',
      ),
    ).toBe(0);
    expect(out.join('\n')).toMatch(/^Created coach account coach@example.com \([0-9a-f-]{36}\)\.$/);
    const user = await account('coach@example.com');
    expect(user?.appMetadata).toMatchObject({ role: 'coach', provider: 'email' });
    expect(user?.emailConfirmedAt).not.toBeNull();
    expect(await verifyPassword(user?.passwordHash, 'coach-password')).toBe(true);
  });

  it('promotes and demotes with set-role, and records it in the audit log', async () => {
    await run('create', '--email', 'plain@example.com', '--password', 'plain-password');
    expect((await account('plain@example.com'))?.appMetadata.role).toBeUndefined();
    expect(await run('set-role', '--email', 'plain@example.com', '--role', 'admin')).toBe(0);
    expect(out).toEqual(['plain@example.com is now admin (was user).']);
    expect((await account('plain@example.com'))?.appMetadata.role).toBe('admin');
    expect(await run('set-role', '--email', 'PLAIN@example.com', '--role', 'user')).toBe(0);
    expect((await account('plain@example.com'))?.appMetadata).not.toHaveProperty('role');

    const { listAudit } = await import('#server/auth/audit.repo.ts');
    const user = await account('plain@example.com');
    const changes = (await listAudit(database.db, { userId: user!.id, limit: 10 })).filter(
      (r) => r.action === 'role_changed',
    );
    expect(changes.map((r) => [r.actorType, r.details.to])).toEqual([
      ['cli', 'user'],
      ['cli', 'admin'],
    ]);
  });

  it('refuses with a friendly message and a non-zero exit: unknown email, bad role, taken email, weak password', async () => {
    expect(await run('set-role', '--email', 'ghost@example.com', '--role', 'coach')).toBe(1);
    expect(err).toEqual(['There is no account with the email ghost@example.com.']);
    expect(await run('set-role', '--email', 'coach@example.com', '--role', 'superuser')).toBe(1);
    expect(err[0]).toMatch(/one of user, coach, admin/);
    expect(
      await run('create', '--email', 'coach@example.com', '--password', 'another-password'),
    ).toBe(1);
    expect(err[0]).toMatch(/already exists/);
    expect(await run('create', '--email', 'short@example.com', '--password', 'short')).toBe(1);
    expect(err[0]).toBe('Password should be at least 8 characters.');
    expect(await run('create', '--email', 'not-an-email', '--password', 'long-enough')).toBe(1);
    expect(await account('short@example.com')).toBeNull();
  });

  it('explains its usage on a missing option, an unknown option or command', async () => {
    expect(await run('create', '--email', 'x@example.com')).toBe(2);
    expect(err[0]).toMatch(/needs --email and --password/);
    expect(await run('create', '--mail', 'x@example.com')).toBe(2);
    expect(await run('promote')).toBe(2);
    expect(err[0]).toMatch(/Unknown command "promote"/);
  });

  it('lists accounts with their roles', async () => {
    expect(await run('list')).toBe(0);
    expect(out.some((line) => line.startsWith('coach@example.com\tcoach\tconfirmed\t'))).toBe(true);
  });

  it('prints the publishable and service-role keys, the same ones on every run', async () => {
    out.length = 0;
    expect(await runKeys(ctx())).toBe(0);
    const first = out.join('\n');
    expect(first).toMatch(/Publishable key: +sb_publishable_\S+/);
    expect(first).toMatch(/Service-role key: +sb_secret_\S+/);
    out.length = 0;
    await runKeys(ctx());
    expect(out.join('\n')).toBe(first);
  });
});
