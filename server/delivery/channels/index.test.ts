import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devOutbox } from '#server/db/schema/dev-outbox.ts';
import { systemSettings } from '#server/db/schema/system-settings.ts';
import { loadEnv } from '#server/env.ts';
import { createChannelSenders, loadVapidKeys } from './index.ts';
import {
  emailMessage,
  pushMessage,
  pushSubscriber,
  recordingLog,
  smsMessage,
  suiteDatabase,
} from './test-support.ts';

describe('the channel senders', () => {
  const database = suiteDatabase();

  it('make the VAPID keys once, even when two processes start together', async () => {
    const [first, second] = await Promise.all([
      loadVapidKeys(database.db),
      loadVapidKeys(database.db),
    ]);
    expect(first).toEqual(second);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await loadVapidKeys(database.db)).toEqual(first);
    const stored = await database.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'delivery.vapid_keys'));
    expect(stored).toHaveLength(1);
  });

  it('write every channel to the dev outbox when no provider is set', async () => {
    const log = recordingLog();
    const senders = await createChannelSenders({
      env: loadEnv({ PUSH_TRANSPORT: 'dev-outbox' }),
      db: database.db,
      log,
    });
    try {
      expect(senders.transports).toEqual({
        email: 'dev-outbox',
        sms: 'dev-outbox',
        push: 'dev-outbox',
      });
      expect(senders.vapidPublicKey).toBe((await loadVapidKeys(database.db)).publicKey);

      const outcomes = [
        await senders.email.send(emailMessage()),
        await senders.sms.send(smsMessage()),
        await senders.push.send(pushMessage(pushSubscriber('https://push.example/x').target)),
      ];
      const channels: string[] = [];
      for (const outcome of outcomes) {
        if (!outcome.ok) throw new Error(outcome.error);
        const [row] = await database.db
          .select({ channel: devOutbox.channel })
          .from(devOutbox)
          .where(eq(devOutbox.id, outcome.providerMessageId ?? ''));
        channels.push(row?.channel ?? 'missing');
      }
      expect(channels).toEqual(['email', 'sms', 'push']);
      expect(log.entries.map((entry) => entry.message)).toEqual([
        'delivery channels ready',
        'dev outbox: email stored',
        'dev outbox: sms stored',
        'dev outbox: push stored',
      ]);
    } finally {
      await senders.close();
    }
  });

  it('use the providers that are configured, and web push by default', async () => {
    const bare = await createChannelSenders({
      env: loadEnv({}),
      db: database.db,
      log: recordingLog(),
    });
    const configured = await createChannelSenders({
      env: loadEnv({
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SMS_ACCOUNT_SID: 'AC1',
        SMS_AUTH_TOKEN: 'token',
        SMS_FROM: '+15005550006',
      }),
      db: database.db,
      log: recordingLog(),
    });
    try {
      expect(bare.transports).toEqual({ email: 'dev-outbox', sms: 'dev-outbox', push: 'web-push' });
      expect(configured.transports).toEqual({ email: 'smtp', sms: 'http', push: 'web-push' });
      expect(configured.vapidPublicKey).toBe(bare.vapidPublicKey);
    } finally {
      await bare.close();
      await configured.close();
    }
  });
});
