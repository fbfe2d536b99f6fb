import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsSchema } from '#contracts/channels.ts';
import { deliveryListSchema, sendNowResultSchema } from '#contracts/deliveries.ts';
import type { TestUser } from '#server/test/users.ts';
import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';

describe('deliveries API', () => {
  let t: DeliveryTestApp;

  const list = async (user: TestUser, query = '') => {
    const response = await t.call(user, 'GET', `/api/deliveries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return deliveryListSchema.parse(response.json());
  };
  const sendNow = (user: TestUser) => t.call(user, 'POST', '/api/deliveries/send-now');

  beforeAll(async () => {
    t = await startDeliveryApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET lists deliveries newest first with their attempts, task titles and masked numbers', async () => {
    const user = await t.user();
    const email = await t.insertDelivery(user, {
      channel: 'email',
      scheduledFor: '2025-03-01T07:30:00.000Z',
      tasks: ['Call the bank', 'Stretch', 'Read 20 pages'],
      attempts: [{ status: 'sent' }],
    });
    const sms = await t.insertDelivery(user, {
      channel: 'sms',
      scheduledFor: '2025-03-02T07:30:00.000Z',
      status: 'failed',
      recipient: '+14155550123',
      attempts: [
        { status: 'failed', error: 'The SMS provider did not answer' },
        { status: 'failed', error: 'The phone number cannot receive SMS', permanent: true },
      ],
    });
    const body = await list(user);
    expect(body.deliveries.map((d) => d.id)).toEqual([sms, email]);
    expect(body.nextCursor).toBeNull();
    expect(body.deliveries[1]).toEqual({
      id: email,
      channel: 'email',
      localDate: '2025-03-01',
      slot: '07:30',
      status: 'sent',
      to: user.email,
      scheduledFor: '2025-03-01T07:30:00.000Z',
      sentAt: '2025-03-01T07:30:00.000Z',
      fallbackOf: null,
      tasks: ['Call the bank', 'Stretch', 'Read 20 pages'],
      attempts: [
        {
          attempt: 1,
          status: 'sent',
          error: null,
          permanent: false,
          at: '2025-03-01T07:30:00.000Z',
        },
      ],
      error: null,
    });
    expect(body.deliveries[0]).toMatchObject({
      to: '••• 0123',
      status: 'failed',
      error: 'The phone number cannot receive SMS',
      attempts: [
        { attempt: 1, status: 'failed', permanent: false },
        { attempt: 2, status: 'failed', permanent: true },
      ],
    });
    expect(JSON.stringify(body)).not.toContain('4155550123');
  });

  it('pages with limit and nextCursor, and refuses a cursor it did not give', async () => {
    const user = await t.user();
    const ids: string[] = [];
    for (const day of ['01', '02', '03', '04', '05']) {
      ids.push(
        await t.insertDelivery(user, {
          channel: 'email',
          scheduledFor: `2025-02-${day}T07:30:00.000Z`,
        }),
      );
    }
    const first = await list(user, '?limit=2');
    expect(first.deliveries.map((d) => d.id)).toEqual([ids[4], ids[3]]);
    const second = await list(user, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.deliveries.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const third = await list(user, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.deliveries.map((d) => d.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();

    const bad = expectError(
      await t.call(user, 'GET', '/api/deliveries?cursor=nonsense'),
      400,
      'invalid_input',
    );
    expect(bad.message).toBe('querystring.cursor: must be a nextCursor from a previous page');
    const limit = expectError(
      await t.call(user, 'GET', '/api/deliveries?limit=0'),
      400,
      'invalid_input',
    );
    expect(limit.message).toMatch(/^querystring\.limit:/);
  });

  it('names the browser a push went to', async () => {
    const user = await t.user();
    const saved = await t.call(
      user,
      'POST',
      '/api/channels/push/subscriptions',
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/record',
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
      },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36' },
    );
    const subscriptionId = channelsSchema.parse(saved.json()).push.subscriptions[0]?.id ?? null;
    await t.insertDelivery(user, {
      channel: 'push',
      scheduledFor: '2025-03-01T12:00:00.000Z',
      recipient: subscriptionId,
    });
    expect((await list(user)).deliveries[0]?.to).toBe('Chrome on Linux');
  });

  it("keeps users apart: another user's deliveries never show", async () => {
    const owner = await t.user();
    const other = await t.user();
    await t.insertDelivery(owner, { channel: 'email', scheduledFor: '2025-03-01T07:30:00.000Z' });
    expect((await list(other)).deliveries).toEqual([]);
  });

  describe('POST /api/deliveries/send-now', () => {
    it("queues today's top three on every active channel and answers the deliveries", async () => {
      const user = await t.user();
      await t.confirmEmail(user);
      expect(
        (await t.call(user, 'POST', '/api/tasks', { title: 'Call the bank' })).statusCode,
      ).toBe(201);
      const response = await sendNow(user);
      expect(response.statusCode, response.body).toBe(200);
      const { deliveries } = sendNowResultSchema.parse(response.json());
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        channel: 'email',
        slot: 'now',
        status: 'queued',
        to: null,
        scheduledFor: t.clock.now().toISOString(),
        tasks: ['Call the bank'],
        attempts: [],
      });
      expect((await list(user)).deliveries.map((d) => d.id)).toEqual([deliveries[0]?.id]);
    });

    it('409 when no channel is on and set up (an unconfirmed address), and nothing is queued', async () => {
      const user = await t.user();
      const error = expectError(await sendNow(user), 409, 'conflict');
      expect(error.message).toBe('Turn on a channel in Settings → Notifications first.');
      expect((await list(user)).deliveries).toEqual([]);
    });

    it('at most 5 an hour per user (429)', async () => {
      const user = await t.user();
      await t.confirmEmail(user);
      for (let i = 0; i < 5; i += 1) {
        t.clock.advanceMinutes(1);
        expect((await sendNow(user)).statusCode).toBe(200);
      }
      t.clock.advanceMinutes(1);
      const error = expectError(await sendNow(user), 429, 'rate_limited');
      expect(error.message).toBe(
        'You can send your top three now 5 times an hour. Try again later.',
      );
      expect((await list(user)).deliveries).toHaveLength(5);
      // Another user is not held back by it.
      const other = await t.user();
      await t.confirmEmail(other);
      expect((await sendNow(other)).statusCode).toBe(200);
    });
  });

  it('the OpenAPI document lists the delivery API; the signed links need no token', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    for (const path of [
      '/api/schedule',
      '/api/deliveries',
      '/api/deliveries/send-now',
      '/api/channels',
      '/api/channels/{channel}',
      '/api/channels/sms/verification',
      '/api/channels/sms/verification/confirm',
      '/api/channels/push/subscriptions',
      '/api/channels/push/subscriptions/{id}',
      '/api/channels/push/renew',
      '/api/onboarding',
      '/api/links/complete',
      '/api/links/unsubscribe',
      '/api/admin/outbox',
      '/api/admin/outbox/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/links/unsubscribe']?.post?.security).toEqual([]);
    expect(doc.paths['/api/links/complete']?.post?.security).toEqual([]);
    expect(doc.paths['/api/channels/push/renew']?.post?.security).toEqual([]);
    expect(doc.paths['/api/schedule']?.get?.security).toBeUndefined();
  });

  it('401 without a session', async () => {
    expectError(await t.call(null, 'GET', '/api/deliveries'), 401, 'unauthenticated');
    expectError(await t.call(null, 'POST', '/api/deliveries/send-now'), 401, 'unauthenticated');
  });
});
