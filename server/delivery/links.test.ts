import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting } from '#server/db/settings.repo.ts';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { LinkError, type LinkClaims, type LinkSigner } from '#server/modules/links/link-claims.ts';
import {
  COMPLETE_LINK_TTL_SECONDS,
  createLinkSigner,
  linkUrls,
  UNSUBSCRIBE_LINK_TTL_SECONDS,
} from './links.ts';

let database: Database;
let now: Date;
let signer: LinkSigner;

const clock = () => now;
const complete: LinkClaims = {
  kind: 'complete',
  userId: randomUUID(),
  taskId: randomUUID(),
  deliveryId: randomUUID(),
};
const unsubscribe: LinkClaims = { kind: 'unsubscribe', userId: randomUUID(), channel: 'sms' };

beforeAll(async () => {
  database = await createTestDatabase();
  now = new Date('2026-06-01T08:00:00Z');
  // Two processes starting at once agree on one secret.
  const [first, second] = await Promise.all([
    createLinkSigner({ db: database.db, clock }),
    createLinkSigner({ db: database.db, clock }),
  ]);
  signer = first;
  await expect(second.verify(await first.sign(complete))).resolves.toEqual(complete);
});

afterAll(async () => {
  await database.close();
});

async function rejection(token: string): Promise<LinkError> {
  const error: unknown = await signer.verify(token).then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof LinkError)) throw new Error(`expected a LinkError, got ${String(error)}`);
  return error;
}

describe('link signer', () => {
  it('round-trips both kinds of claims in a short token', async () => {
    for (const claims of [complete, unsubscribe]) {
      const token = await signer.sign(claims);
      expect(token.length).toBeLessThan(220);
      await expect(signer.verify(token)).resolves.toEqual(claims);
    }
    for (const channel of ['email', 'sms', 'push'] as const) {
      const claims: LinkClaims = { kind: 'unsubscribe', userId: complete.userId, channel };
      await expect(signer.verify(await signer.sign(claims))).resolves.toEqual(claims);
    }
  });

  it('keeps the secret across restarts', async () => {
    const restarted = await createLinkSigner({ db: database.db, clock });
    await expect(restarted.verify(await signer.sign(unsubscribe))).resolves.toEqual(unsubscribe);
  });

  it('rejects a token whose payload was changed', async () => {
    const [header, payload, signature] = (await signer.sign(complete)).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, k: 'u', c: 'e' })).toString('base64url');
    const error = await rejection(`${header}.${forged}.${signature}`);
    expect(error.reason).toBe('invalid');
    expect(error.message).toMatch(/not valid/);
  });

  it('rejects a token with a changed signature', async () => {
    const token = await signer.sign(complete);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect((await rejection(`${token.slice(0, -2)}${last}${token.at(-1)}`)).reason).toBe('invalid');
  });

  it('expires a "done" link after a week and an unsubscribe link after a year', async () => {
    const signedAt = now;
    const done = await signer.sign(complete);
    const stop = await signer.sign(unsubscribe);
    try {
      now = new Date(signedAt.getTime() + (COMPLETE_LINK_TTL_SECONDS - 1) * 1000);
      await expect(signer.verify(done)).resolves.toEqual(complete);
      now = new Date(signedAt.getTime() + (COMPLETE_LINK_TTL_SECONDS + 1) * 1000);
      const error = await rejection(done);
      expect(error.reason).toBe('expired');
      expect(error.message).toMatch(/expired/);
      await expect(signer.verify(stop)).resolves.toEqual(unsubscribe);
      now = new Date(signedAt.getTime() + (UNSUBSCRIBE_LINK_TTL_SECONDS + 1) * 1000);
      expect((await rejection(stop)).reason).toBe('expired');
    } finally {
      now = signedAt;
    }
  });

  it('rejects a token signed with another secret', async () => {
    const other = await new SignJWT({ k: 'u', u: 'AAAAAAAAAAAAAAAAAAAAAA', c: 'e' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 3600)
      .sign(new Uint8Array(randomBytes(32)));
    expect((await rejection(other)).reason).toBe('invalid');
  });

  it('rejects an unsigned token and claims of the wrong shape', async () => {
    const none = [
      Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url'),
      Buffer.from(JSON.stringify({ k: 'u', u: 'AAAAAAAAAAAAAAAAAAAAAA', c: 'e' })).toString(
        'base64url',
      ),
      '',
    ].join('.');
    expect((await rejection(none)).reason).toBe('invalid');
  });

  it('rejects genuine tokens whose claims are of an unknown kind or incomplete', async () => {
    const stored = await getSetting<{ secret: string }>(database.db, 'delivery.link_secret');
    const secret = new Uint8Array(Buffer.from(stored!.secret, 'base64url'));
    const exp = Math.floor(now.getTime() / 1000) + 3600;
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    for (const claims of [
      { k: 'x', u: id },
      { k: 'c', u: id, t: id },
      { k: 'u', u: id, c: 'fax' },
      { k: 'u', u: 'not-an-id', c: 'e' },
    ]) {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(secret);
      expect((await rejection(token)).reason).toBe('invalid');
    }
    // The same secret with valid claims passes: the rejections above are about the claims.
    const valid = await new SignJWT({ k: 'u', u: id, c: 'e' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(secret);
    await expect(signer.verify(valid)).resolves.toMatchObject({ kind: 'unsubscribe' });
  });

  it('rejects garbage', async () => {
    for (const token of ['', 'garbage', 'a.b.c', '....', 'x'.repeat(500)]) {
      expect((await rejection(token)).reason).toBe('invalid');
    }
  });

  it('refuses to sign what is not a UUID', async () => {
    await expect(signer.sign({ ...complete, taskId: 'task-1' })).rejects.toThrow();
  });
});

describe('linkUrls', () => {
  it('builds the page and endpoint URLs under the public URL', () => {
    const urls = linkUrls('https://trellis.example.com/');
    expect(urls.complete('a.b-c_d')).toBe('https://trellis.example.com/done?token=a.b-c_d');
    expect(urls.unsubscribe('t')).toBe('https://trellis.example.com/unsubscribe?token=t');
    expect(urls.unsubscribePost('t')).toBe(
      'https://trellis.example.com/api/links/unsubscribe?token=t',
    );
  });
});
