import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryListSchema } from '#contracts/deliveries.ts';
import type { Database } from '#server/db/client.ts';
import { deliveries, deliveryAttempts } from '#server/db/schema.ts';
import { expectError } from '#server/test/delivery-app.ts';
import { createMovableClock } from '#server/modules/goals/test-support.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';

const TOKEN = 'sms-auth-token-for-receipts';
const CALLBACK = 'https://trellis.example/api/webhooks/sms/status';
const smsEnv = {
  AUTH_RATE_LIMITS: 'false',
  PUSH_TRANSPORT: 'dev-outbox',
  SMS_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  SMS_AUTH_TOKEN: TOKEN,
  SMS_FROM: '+15005550006',
  PUBLIC_URL: 'https://trellis.example',
};

/** Twilio's signature, computed here on its own: url + each field sorted by name, name + value. */
function sign(params: Record<string, string>, token = TOKEN, url = CALLBACK): string {
  const text = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', token).update(text).digest('base64');
}

/** A receipt as the provider posts it, with the fields it sends besides the three read here. */
function receipt(messageSid: string, status: string, extra: Record<string, string> = {}) {
  return {
    AccountSid: smsEnv.SMS_ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    From: smsEnv.SMS_FROM,
    To: '+14155550123',
    MessageSid: messageSid,
    SmsSid: messageSid,
    MessageStatus: status,
    SmsStatus: status,
    ...extra,
  };
}

describe('SMS delivery receipts (POST /api/webhooks/sms/status)', () => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createMovableClock('2025-03-03T08:00:00.000Z');
  let user: TestUser;

  const post = (params: Record<string, string>, signature: string | null = sign(params)) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/sms/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // A proxy in front: the request's Host is not the URL the provider signed.
        host: 'internal-backend:3000',
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      payload: new URLSearchParams(params).toString(),
    });

  let slots = 0;
  /** A message the dispatcher handed to the provider: sent, one attempt, the provider's id. */
  async function insertSentSms(
    owner: TestUser,
    messageSid: string,
    channel: 'sms' | 'email' = 'sms',
  ): Promise<string> {
    const id = randomUUID();
    const at = new Date('2025-03-03T07:30:00.000Z');
    slots += 1;
    await database.db.insert(deliveries).values({
      id,
      userId: owner.id,
      localDate: '2025-03-03',
      slot: `07:${slots.toString().padStart(2, '0')}`,
      channel,
      status: 'sent',
      recipient: '+14155550123',
      scheduledFor: at,
      attempts: 1,
      payload: { timeZone: 'UTC', tasks: [] },
      providerMessageId: messageSid,
      sentAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await database.db.insert(deliveryAttempts).values({
      id: randomUUID(),
      deliveryId: id,
      attempt: 1,
      status: 'sent',
      permanent: false,
      at,
    });
    return id;
  }

  async function listed(owner: TestUser, id: string) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/deliveries',
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return deliveryListSchema.parse(response.json()).deliveries.find((d) => d.id === id);
  }

  async function snapshot() {
    const rows = await database.db.select().from(deliveries);
    const attempts = await database.db.select().from(deliveryAttempts);
    return { rows, attempts };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { env: smsEnv, clock: clock.now });
    await app.ready();
    user = await signUpTestUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('marks a sent text delivered with an attempt row, visible in the record; a repeat adds nothing', async () => {
    const sid = 'SM00000000000000000000000000000001';
    const id = await insertSentSms(user, sid);
    clock.set('2025-03-03T07:31:00.000Z');

    const sending = await post(receipt(sid, 'sending'));
    expect(sending.statusCode, sending.body).toBe(204);
    expect((await listed(user, id))?.status).toBe('sent');

    const response = await post(receipt(sid, 'delivered'));
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');

    const delivery = await listed(user, id);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.error).toBeNull();
    expect(delivery?.attempts).toEqual([
      {
        attempt: 1,
        status: 'sent',
        error: null,
        permanent: false,
        at: '2025-03-03T07:30:00.000Z',
      },
      {
        attempt: 1,
        status: 'delivered',
        error: null,
        permanent: false,
        at: '2025-03-03T07:31:00.000Z',
      },
    ]);

    const before = await snapshot();
    clock.set('2025-03-03T07:40:00.000Z');
    const again = await post(receipt(sid, 'delivered'));
    expect(again.statusCode, again.body).toBe(204);
    expect(await snapshot()).toEqual(before);
  });

  it('marks an undelivered text failed for good, with the network’s error code', async () => {
    const sid = 'SM00000000000000000000000000000002';
    const id = await insertSentSms(user, sid);
    clock.set('2025-03-03T07:32:00.000Z');

    const response = await post(receipt(sid, 'undelivered', { ErrorCode: '30003' }));
    expect(response.statusCode, response.body).toBe(204);

    const delivery = await listed(user, id);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.error).toBe('The phone network could not deliver the text (error 30003)');
    expect(delivery?.attempts.at(-1)).toEqual({
      attempt: 1,
      status: 'failed',
      error: 'The phone network could not deliver the text (error 30003)',
      permanent: true,
      at: '2025-03-03T07:32:00.000Z',
    });
    expect(delivery?.attempts).toHaveLength(2);

    // Two minutes after the send: the same slot goes out by email instead.
    const fallback = (await snapshot()).rows.filter((row) => row.fallbackOf === id);
    expect(fallback).toMatchObject([
      { channel: 'email', status: 'queued', userId: user.id, localDate: '2025-03-03' },
    ]);

    // A later "delivered" or "failed" for the same text changes nothing more.
    const before = await snapshot();
    expect((await post(receipt(sid, 'failed', { ErrorCode: '30005' }))).statusCode).toBe(204);
    expect((await post(receipt(sid, 'delivered'))).statusCode).toBe(204);
    expect(await snapshot()).toEqual(before);
  });

  it('a text reported undelivered hours after it was sent does not fall back to email', async () => {
    const sid = 'SM00000000000000000000000000000008';
    const id = await insertSentSms(user, sid);
    const before = clock.now().toISOString();
    clock.set('2025-03-03T10:31:00.000Z');
    expect((await post(receipt(sid, 'undelivered'))).statusCode).toBe(204);
    // Back within the test user's session, which lasts an hour.
    clock.set(before);
    expect((await listed(user, id))?.status).toBe('failed');
    expect((await snapshot()).rows.filter((row) => row.fallbackOf === id)).toEqual([]);
  });

  it('says "failed" without a code when the provider gives none', async () => {
    const sid = 'SM00000000000000000000000000000003';
    const id = await insertSentSms(user, sid);
    expect((await post(receipt(sid, 'failed'))).statusCode).toBe(204);
    expect((await listed(user, id))?.error).toBe('The phone network could not deliver the text');
  });

  it('refuses a forged, missing or stale signature with 403 and changes nothing', async () => {
    const sid = 'SM00000000000000000000000000000004';
    const id = await insertSentSms(user, sid);
    const params = receipt(sid, 'delivered');
    const before = await snapshot();

    const forged = await post(params, sign(params, 'not-the-token'));
    expect(expectError(forged, 403, 'forbidden').message).toMatch(/X-Twilio-Signature does not/);

    const missing = await post(params, null);
    expect(expectError(missing, 403, 'forbidden').message).toMatch(/header is missing/);

    // Signed over the request's own host instead of the configured URL.
    const wrongUrl = await post(
      params,
      sign(params, TOKEN, 'http://internal-backend:3000/api/webhooks/sms/status'),
    );
    expectError(wrongUrl, 403, 'forbidden');

    // A field changed after signing.
    const tampered = await post({ ...params, MessageStatus: 'failed' }, sign(params));
    expectError(tampered, 403, 'forbidden');

    expect(await snapshot()).toEqual(before);
    expect((await listed(user, id))?.status).toBe('sent');
  });

  it('answers 400 to a well-signed receipt without MessageSid or MessageStatus', async () => {
    const noSid = { MessageStatus: 'delivered', AccountSid: smsEnv.SMS_ACCOUNT_SID };
    expect(expectError(await post(noSid), 400, 'invalid_input').message).toMatch(/MessageSid/);
    const noStatus = { MessageSid: 'SM00000000000000000000000000000009' };
    expect(expectError(await post(noStatus), 400, 'invalid_input').message).toMatch(
      /MessageStatus/,
    );
  });

  it('takes a receipt for an unknown message or another channel with 204 and changes nothing', async () => {
    const email = await insertSentSms(user, 'SM00000000000000000000000000000007', 'email');
    const before = await snapshot();
    const unknown = await post(receipt('SM99999999999999999999999999999999', 'delivered'));
    expect(unknown.statusCode, unknown.body).toBe(204);
    const notSms = await post(receipt('SM00000000000000000000000000000007', 'undelivered'));
    expect(notSms.statusCode, notSms.body).toBe(204);
    expect(await snapshot()).toEqual(before);
    expect((await listed(user, email))?.status).toBe('sent');
  });

  it('only touches the text the message id belongs to, whoever owns it', async () => {
    const other = await signUpTestUser(app);
    const mine = await insertSentSms(user, 'SM00000000000000000000000000000005');
    const theirs = await insertSentSms(other, 'SM00000000000000000000000000000006');
    expect(
      (await post(receipt('SM00000000000000000000000000000006', 'delivered'))).statusCode,
    ).toBe(204);
    expect((await listed(other, theirs))?.status).toBe('delivered');
    expect((await listed(user, mine))?.status).toBe('sent');
    expect(await listed(user, theirs)).toBeUndefined();
  });

  it('is documented without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      paths: Record<string, { post?: { security?: unknown[] } }>;
    }>();
    expect(doc.paths['/api/webhooks/sms/status']?.post?.security).toEqual([]);
  });
});

describe('SMS delivery receipts without an SMS provider', () => {
  it('answer 404, saying SMS is not configured', async () => {
    const database = await createTestDatabase();
    const app = await createTestApp(database, {
      env: { AUTH_RATE_LIMITS: 'false', PUSH_TRANSPORT: 'dev-outbox' },
    });
    try {
      const params = receipt('SM00000000000000000000000000000001', 'delivered');
      const response = await app.inject({
        method: 'POST',
        url: '/api/webhooks/sms/status',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': sign(params),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(expectError(response, 404, 'not_found').message).toMatch(/no SMS provider/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
