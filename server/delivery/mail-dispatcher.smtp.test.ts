import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';

/**
 * A real SMTP peer on `port` (0: any). `dieOnFirst` makes it stop while the first message is
 * arriving, as a mail server that goes away mid-send: the connection is cut, nothing is accepted.
 */
function smtpPeer(port: number, options: { dieOnFirst?: boolean } = {}) {
  const received: string[] = [];
  let died = false;
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (options.dieOnFirst && !died) {
          died = true;
          // No answer to DATA: the peer shuts down and cuts the open connection.
          server.close();
          return;
        }
        received.push(raw);
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: string[]; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        resolve({
          port: typeof address === 'object' && address ? address.port : 0,
          received,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}

describe('the confirmation email survives a mail-server outage', () => {
  let database: Database;
  let app: FastifyInstance;
  let offsetMs = 0;
  let first: Awaited<ReturnType<typeof smtpPeer>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await smtpPeer(0, { dieOnFirst: true });
    app = await createTestApp(database, {
      env: { AUTH_RATE_LIMITS: 'false', SMTP_URL: `smtp://127.0.0.1:${first.port}` },
      clock: () => new Date(Date.now() + offsetMs),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('sign-up answers at once; the first send fails; the retry delivers it', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: app.auth.keys.publishableKey },
      payload: { email: 'outage@example.com', password: 'a long enough password 1' },
    });
    expect(signup.statusCode).toBe(200);

    // The first attempt: the mail server dies while the message is arriving.
    await app.auth.drain();
    expect(first.received).toHaveLength(0);

    // It comes back on the same port; the retry is due within a minute (jitter in [30 s, 60 s]).
    const back = await smtpPeer(first.port);
    try {
      await app.auth.drain();
      expect(back.received).toHaveLength(0);
      offsetMs += 61_000;
      await app.auth.drain();
      expect(back.received).toHaveLength(1);
      const raw = back.received[0]!;
      expect(raw).toMatch(/^To: outage@example\.com$/m);
      expect(raw).toMatch(/^Subject: Confirm your email for Trellis$/m);
      expect(raw).toContain('/auth/v1/verify');
    } finally {
      await back.close();
    }
  });
});
