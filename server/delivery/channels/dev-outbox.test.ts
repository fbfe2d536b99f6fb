import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devOutbox } from '#server/db/schema/dev-outbox.ts';
import { createDevOutboxService } from '#server/modules/dev-outbox/dev-outbox.service.ts';
import { createDevOutboxSender, firstUrl } from './dev-outbox.ts';
import {
  emailMessage,
  pushMessage,
  pushSubscriber,
  recordingLog,
  smsMessage,
  suiteDatabase,
} from './test-support.ts';

describe('the dev outbox', () => {
  const database = suiteDatabase();

  async function row(id: string | null) {
    const [stored] = await database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.id, id ?? ''));
    return stored;
  }

  it('keeps an email with both parts and its first link, and logs where it went', async () => {
    const log = recordingLog();
    const sender = createDevOutboxSender('email', {
      outbox: createDevOutboxService({ db: database.db }),
      log,
    });
    const message = emailMessage();
    const outcome = await sender.send(message);

    expect(sender.transport).toBe('dev-outbox');
    expect(outcome.ok).toBe(true);
    const stored = await row(outcome.ok ? outcome.providerMessageId : null);
    expect(stored).toMatchObject({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Your top three for Tuesday',
      text: message.content.text,
      html: message.content.html,
      link: 'http://localhost:3000/l/complete?t=abc',
      template: 'delivery.top-three',
    });
    expect(log.entries).toEqual([
      {
        level: 'info',
        object: {
          channel: 'email',
          to: 'ada@example.com',
          link: 'http://localhost:3000/l/complete?t=abc',
          template: 'delivery.top-three',
        },
        message: 'dev outbox: email stored',
      },
    ]);
  });

  it('keeps an SMS with its body and link, and no subject or HTML', async () => {
    const log = recordingLog();
    const sender = createDevOutboxSender('sms', {
      outbox: createDevOutboxService({ db: database.db }),
      log,
    });
    const message = smsMessage();
    const outcome = await sender.send(message);

    const stored = await row(outcome.ok ? outcome.providerMessageId : null);
    expect(stored).toMatchObject({
      channel: 'sms',
      to: '+14155550123',
      subject: null,
      html: null,
      text: message.text,
      link: 'http://localhost:3000/l/c?t=abc',
    });
    expect(log.entries.map((entry) => entry.message)).toEqual(['dev outbox: sms stored']);
    // The number is personal data: the log shows its last two digits only.
    expect(JSON.stringify(log.entries)).not.toContain('4155550123');
    expect(log.entries[0]?.object).toMatchObject({ to: '…23' });
  });

  it('keeps a push with its title, body and the app link, addressed to the user', async () => {
    const log = recordingLog();
    const sender = createDevOutboxSender('push', {
      outbox: createDevOutboxService({ db: database.db }),
      log,
    });
    const message = pushMessage(pushSubscriber('https://push.example/abc').target);
    const outcome = await sender.send(message);

    const stored = await row(outcome.ok ? outcome.providerMessageId : null);
    expect(stored).toMatchObject({
      channel: 'push',
      to: 'ada@example.com',
      subject: 'Your top three for Tuesday',
      text: '1. Finish the outline',
      html: null,
      link: 'http://localhost:3000/dashboard',
    });
    expect(log.entries.map((entry) => entry.message)).toEqual(['dev outbox: push stored']);
  });

  it('refuses a message of another channel, storing nothing', async () => {
    const sender = createDevOutboxSender('sms', {
      outbox: createDevOutboxService({ db: database.db }),
      log: recordingLog(),
    });
    const before = await database.db.$count(devOutbox);
    const outcome = await sender.send(emailMessage());
    expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(await database.db.$count(devOutbox)).toBe(before);
  });
});

describe('the first link of a text', () => {
  it('is the first http(s) URL, without the punctuation after it', () => {
    expect(firstUrl('Done: https://a.example/x?t=1. Then http://b.example')).toBe(
      'https://a.example/x?t=1',
    );
    expect(firstUrl('(see http://a.example/p)')).toBe('http://a.example/p');
    expect(firstUrl('no link here')).toBeNull();
  });
});
