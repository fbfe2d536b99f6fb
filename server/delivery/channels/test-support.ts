import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#server/db/client.ts';
import type { OutgoingMessage, PushTarget } from '#server/modules/channels/channel-sender.ts';
import { createTestDatabase } from '#server/test/database.ts';
import type { ChannelLog } from './dev-outbox.ts';

/** A test database of the enclosing suite: opened before its tests, closed after them. */
export function suiteDatabase(): { readonly db: Db } {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      if (!database) throw new Error('the suite database opens in beforeAll');
      return database.db;
    },
  };
}

/** A logger that keeps what it is told, for assertions. */
export function recordingLog(): ChannelLog & {
  entries: Array<{ level: string; object: Record<string, unknown>; message: string }>;
} {
  const entries: Array<{ level: string; object: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (object: Record<string, unknown>, message: string) => {
    entries.push({ level, object, message });
  };
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

export function emailMessage(
  overrides: Partial<Extract<OutgoingMessage, { channel: 'email' }>> = {},
): Extract<OutgoingMessage, { channel: 'email' }> {
  const deliveryId = randomUUID();
  return {
    channel: 'email',
    deliveryId,
    idempotencyKey: `delivery-${deliveryId}`,
    to: 'ada@example.com',
    template: 'delivery.top-three',
    content: {
      subject: 'Your top three for Tuesday',
      text: 'Finish the outline\nDone: http://localhost:3000/l/complete?t=abc\n',
      html: '<p>Finish the outline</p><p><a href="http://localhost:3000/l/complete?t=abc">Done</a></p>',
      headers: {
        'List-Unsubscribe': '<http://localhost:3000/l/unsubscribe?t=xyz>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
    ...overrides,
  };
}

export function smsMessage(
  overrides: Partial<Extract<OutgoingMessage, { channel: 'sms' }>> = {},
): Extract<OutgoingMessage, { channel: 'sms' }> {
  const deliveryId = randomUUID();
  return {
    channel: 'sms',
    deliveryId,
    idempotencyKey: `delivery-${deliveryId}`,
    to: '+14155550123',
    text: 'Trellis top 3: 1. Finish the outline. Done: http://localhost:3000/l/c?t=abc',
    template: 'delivery.top-three',
    ...overrides,
  };
}

/**
 * A browser's side of a push subscription: real P-256 keys and an auth secret, as
 * PushSubscription.toJSON() gives them, and the decryption of what arrives (RFC 8291, aes128gcm).
 */
export function pushSubscriber(endpoint: string): {
  target: PushTarget;
  decrypt(body: Buffer): string;
} {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const hmac = (key: Buffer, ...data: Buffer[]) =>
    createHmac('sha256', key).update(Buffer.concat(data)).digest();
  return {
    target: {
      id: randomUUID(),
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
      const ikm = hmac(hmac(auth, shared), info, Buffer.from([1]));
      const prk = hmac(salt, ikm);
      const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1]));
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1]));
      const decipher = createDecipheriv('aes-128-gcm', key.subarray(0, 16), nonce.subarray(0, 12));
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero padding.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export function pushMessage(
  target: PushTarget,
  overrides: Partial<Extract<OutgoingMessage, { channel: 'push' }>> = {},
): Extract<OutgoingMessage, { channel: 'push' }> {
  const deliveryId = randomUUID();
  return {
    channel: 'push',
    deliveryId,
    idempotencyKey: `delivery-${deliveryId}`,
    to: 'ada@example.com',
    target,
    template: 'delivery.top-three',
    content: {
      title: 'Your top three for Tuesday',
      body: '1. Finish the outline',
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'open', title: 'Open' },
      ],
      data: {
        url: 'http://localhost:3000/dashboard',
        completeUrl: 'http://localhost:3000/l/complete?t=abc',
        deliveryId,
      },
      tag: `top-three:2025-03-04:morning`,
    },
    ...overrides,
  };
}
