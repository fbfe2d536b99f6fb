import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import {
  createMailOutbox,
  createMailService,
  type MailMessage,
  type MailTransport,
} from '#server/modules/mail/mail.service.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createMailDispatcher, type MailDispatcherSettings } from './mail-dispatcher.ts';

const settings: MailDispatcherSettings = {
  batchSize: 10,
  concurrency: 2,
  maxAttempts: 3,
  leaseMs: 120_000,
  tickMs: 60_000,
  stopTimeoutMs: 1000,
};

const silent = { info: () => undefined, error: () => undefined };

/** A transport that records what it is given and fails while `down` is set. */
function recordingTransport() {
  const delivered: MailMessage[] = [];
  const state = { down: false as false | 'temporary' | 'permanent' };
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(message) {
      if (state.down === 'temporary')
        throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
      if (state.down === 'permanent')
        throw Object.assign(new Error('no such user'), {
          responseCode: 550,
          response: '550 no such user',
          command: 'RCPT TO',
        });
      delivered.push(message);
    },
  };
  return { transport, delivered, state };
}

/** Real time plus an offset the tests move forward (retries and leases without waiting). */
function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
  };
}

let counter = 0;
const message = (template = 'auth.confirmation'): MailMessage => {
  counter += 1;
  return {
    to: `person${counter}@example.com`,
    subject: 'Confirm your email',
    html: `<a href="http://x/verify?token=secret${counter}">Confirm</a>`,
    text: `Confirm: http://x/verify?token=secret${counter}`,
    link: `http://x/verify?token=secret${counter}`,
    template,
  };
};

describe('the mail outbox and its sender', () => {
  let database: Database;
  const clock = createTestClock();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  function setup(overrides: Partial<MailDispatcherSettings> = {}) {
    const recording = recordingTransport();
    const outbox = createMailOutbox({ db: database.db, clock: clock.now });
    const sender = createMailDispatcher({
      outbox,
      transport: recording.transport,
      clock: clock.now,
      settings: { ...settings, ...overrides },
      log: silent,
      random: () => 1,
    });
    const mail = createMailService({ db: database.db, clock: clock.now, onEnqueued: sender.wake });
    return { ...recording, outbox, sender, mail };
  }

  it('enqueues a row that the sender delivers once, then clears its body', async () => {
    const { mail, sender, outbox, delivered } = setup();
    const sent = message();
    const id = await mail.enqueue(sent);
    expect(await outbox.find(id)).toMatchObject({ status: 'queued', attempts: 0, html: sent.html });

    await sender.drain();
    expect(delivered).toEqual([sent]);
    const row = await outbox.find(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, html: null, text: null, link: null });
    expect(row?.sentAt).not.toBeNull();

    await sender.drain();
    expect(delivered).toHaveLength(1);
  });

  it('an email enqueued inside a transaction exists only if it commits', async () => {
    const { mail, outbox } = setup();
    let id = '';
    await database.db
      .transaction(async (tx) => {
        id = await mail.enqueue(message(), tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await outbox.find(id)).toBeUndefined();
  });

  it('retries a temporary failure after the backoff, then sends it', async () => {
    const { mail, sender, outbox, delivered, state } = setup();
    state.down = 'temporary';
    const id = await mail.enqueue(message());
    await sender.drain();
    const failed = await outbox.find(id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.lastError).toContain('Could not reach the mail server');
    // The first retry waits a minute (at most: random() is 1 here).
    expect(failed!.nextAttemptAt!.getTime() - clock.now().getTime()).toBeGreaterThan(55_000);

    state.down = false;
    await sender.drain();
    expect(delivered).toHaveLength(0);
    clock.advance(61);
    await sender.drain();
    expect(delivered).toHaveLength(1);
    expect(await outbox.find(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives up after maxAttempts, and at once on a permanent refusal', async () => {
    const { mail, sender, outbox, state } = setup();
    state.down = 'temporary';
    const id = await mail.enqueue(message());
    for (let attempt = 0; attempt < settings.maxAttempts; attempt += 1) {
      await sender.drain();
      clock.advance(3600);
    }
    const row = await outbox.find(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, html: null, link: null });
    expect(row?.lastError).toMatch(/gave up after 3 attempts/);

    state.down = 'permanent';
    const refused = await mail.enqueue(message());
    await sender.drain();
    expect(await outbox.find(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'The mail server refused the address (550 no such user)',
    });
  });

  it("takes over a crashed worker's email when its lease runs out, and ignores the late outcome", async () => {
    const { mail, sender, outbox, delivered } = setup();
    const id = await mail.enqueue(message());
    // Another worker claims it and dies before sending.
    const [claim] = await outbox.claim(10, settings.leaseMs);
    expect(claim).toMatchObject({ id, attempt: 1 });

    await sender.drain();
    expect(delivered).toHaveLength(0);
    clock.advance(settings.leaseMs / 1000 + 1);
    await sender.drain();
    expect(delivered).toHaveLength(1);
    expect(await outbox.find(id)).toMatchObject({ status: 'sent', attempts: 2 });
    // The first worker comes back: its claim no longer holds the row.
    expect(await outbox.sent(claim!)).toBe(false);
    expect(await outbox.failed(claim!, 'late')).toBe(false);
    expect(await outbox.find(id)).toMatchObject({ status: 'sent', lastError: null });
  });

  it('the running loop sends right after an enqueue in this process, and stops cleanly', async () => {
    const { mail, sender, delivered } = setup();
    sender.start();
    try {
      await sender.drain();
      const before = delivered.length;
      await mail.enqueue(message());
      // Woken by the enqueue: the tick is a minute, longer than waitFor looks.
      await vi.waitFor(() => expect(delivered.length).toBe(before + 1), { timeout: 5000 });
    } finally {
      await sender.stop();
    }
  });
});
