import type * as Argon2 from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import {
  checkPasswordStrength,
  hashPassword,
  passwordTooLong,
  verifyPassword,
} from './passwords.ts';

// Count argon2 verifications, to show a sign-in for an unknown address does the same work.
const argon2 = vi.hoisted(() => ({ verifyCalls: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2.verifyCalls += 1;
      return actual.verify(...args);
    },
  };
});

describe('passwords', () => {
  it('hashes with argon2id, m=19 MiB, t=2, p=1', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
  });

  it('treats a missing or malformed stored hash as a wrong password, after the same work', async () => {
    const before = argon2.verifyCalls;
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(argon2.verifyCalls - before).toBe(2);
  });

  it('applies the length policy: 8 to 72 characters (not bytes)', () => {
    expect(checkPasswordStrength('1234567')).toEqual({
      message: 'Password should be at least 8 characters.',
      reasons: ['length'],
    });
    expect(checkPasswordStrength('12345678')).toBeNull();
    expect(passwordTooLong('é'.repeat(72))).toBe(false);
    expect(passwordTooLong('a'.repeat(73))).toBe(true);
  });
});

describe('sign-in timing', () => {
  let database: Database;
  let app: FastifyInstance;
  const signIn = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: app.auth.keys.publishableKey },
      payload: { email, password: 'some-password' },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: { AUTH_RATE_LIMITS: 'false' } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('runs one argon2 verification for an unknown address, as for a known one', async () => {
    await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: app.auth.keys.publishableKey },
      payload: { email: 'known@example.com', password: 'the-real-password' },
    });
    let before = argon2.verifyCalls;
    expect((await signIn('known@example.com')).statusCode).toBe(400);
    expect(argon2.verifyCalls - before).toBe(1);

    before = argon2.verifyCalls;
    expect((await signIn('nobody@example.com')).statusCode).toBe(400);
    expect(argon2.verifyCalls - before).toBe(1);
  });
});
