import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxListSchema, outboxMessageSchema } from '#contracts/admin-outbox.ts';
import { devOutbox } from '#server/db/schema.ts';
import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';
import type { TestUser } from '#server/test/users.ts';

describe('admin dev outbox API', () => {
  let t: DeliveryTestApp;
  let admin: TestUser;
  let coach: TestUser;
  let user: TestUser;
  const ids: string[] = [];

  const add = async (values: {
    channel: 'email' | 'sms' | 'push';
    to: string;
    minute: number;
    html?: string | null;
  }) => {
    const id = randomUUID();
    await t.db.insert(devOutbox).values({
      id,
      channel: values.channel,
      to: values.to,
      subject: values.channel === 'sms' ? null : 'Your top three for today',
      text: `Message ${values.minute}: https://trellis.example/done?token=secret-${values.minute}`,
      html: values.html ?? null,
      link: `https://trellis.example/done?token=secret-${values.minute}`,
      template: `delivery.${values.channel}`,
      createdAt: new Date(t.clock.now().getTime() + values.minute * 60_000),
    });
    ids.push(id);
    return id;
  };
  const list = async (query = '') => {
    const response = await t.call(admin, 'GET', `/api/admin/outbox${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return outboxListSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await startDeliveryApp();
    admin = await t.user({ role: 'admin' });
    coach = await t.user({ role: 'coach' });
    user = await t.user();
    // Only these messages: the sign-up emails of the accounts above go.
    await t.db.delete(devOutbox);
    await add({ channel: 'email', to: 'ada@example.com', minute: 1, html: '<p>Hello Ada</p>' });
    await add({ channel: 'sms', to: '+14155550123', minute: 2 });
    await add({ channel: 'push', to: 'ada@example.com', minute: 3 });
    await add({ channel: 'email', to: 'Grace_Hopper@example.com', minute: 4 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists messages newest first without their HTML', async () => {
    const body = await list('?limit=4');
    expect(body.messages.map((m) => m.id)).toEqual([...ids].reverse());
    expect(body.messages[3]).toEqual({
      id: ids[0],
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Your top three for today',
      text: 'Message 1: https://trellis.example/done?token=secret-1',
      link: 'https://trellis.example/done?token=secret-1',
      template: 'delivery.email',
      createdAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    for (const message of body.messages) expect(message).not.toHaveProperty('html');
  });

  it('filters by channel and by part of the recipient (case-insensitive, % and _ literal)', async () => {
    expect((await list('?channel=sms')).messages.map((m) => m.id)).toEqual([ids[1]]);
    expect((await list('?to=ADA@')).messages.map((m) => m.id)).toEqual([ids[2], ids[0]]);
    expect((await list('?channel=email&to=ada')).messages.map((m) => m.id)).toEqual([ids[0]]);
    expect((await list('?to=grace_')).messages.map((m) => m.id)).toEqual([ids[3]]);
    expect((await list('?to=a%25a')).messages).toEqual([]);
  });

  it('pages with nextCursor', async () => {
    const first = await list('?to=example.com&limit=2');
    expect(first.messages.map((m) => m.id)).toEqual([ids[3], ids[2]]);
    const second = await list(`?to=example.com&limit=2&cursor=${first.nextCursor}`);
    expect(second.messages.map((m) => m.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('GET /{id} answers one message with its HTML; an unknown id is 404', async () => {
    const response = await t.call(admin, 'GET', `/api/admin/outbox/${ids[0]}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(outboxMessageSchema.parse(response.json())).toMatchObject({
      id: ids[0],
      html: '<p>Hello Ada</p>',
    });
    const sms = outboxMessageSchema.parse(
      (await t.call(admin, 'GET', `/api/admin/outbox/${ids[1]}`)).json(),
    );
    expect(sms.html).toBeNull();
    const missing = expectError(
      await t.call(admin, 'GET', `/api/admin/outbox/${randomUUID()}`),
      404,
      'not_found',
    );
    expect(missing.message).toBe('No outbox message has this id.');
  });

  it('400 for a bad channel or cursor', async () => {
    const channel = expectError(
      await t.call(admin, 'GET', '/api/admin/outbox?channel=fax'),
      400,
      'invalid_input',
    );
    expect(channel.message).toMatch(/^querystring\.channel:/);
    expectError(await t.call(admin, 'GET', '/api/admin/outbox?cursor=zz'), 400, 'invalid_input');
  });

  it("403 for a user and for a coach: the outbox holds other people's messages and links", async () => {
    for (const caller of [user, coach]) {
      for (const url of ['/api/admin/outbox', `/api/admin/outbox/${ids[0]}`]) {
        const response = await t.call(caller, 'GET', url);
        const error = expectError(response, 403, 'forbidden');
        expect(error.message).toBe('You do not have access to this.');
        expect(response.body).not.toContain('secret-');
      }
    }
  });

  it('401 without a session', async () => {
    expectError(await t.call(null, 'GET', '/api/admin/outbox'), 401, 'unauthenticated');
    expectError(await t.call(null, 'GET', `/api/admin/outbox/${ids[0]}`), 401, 'unauthenticated');
  });
});
