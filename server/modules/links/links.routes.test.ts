import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';
import { channelsSchema } from '#contracts/channels.ts';
import { deliveryListSchema } from '#contracts/deliveries.ts';
import { completeLinkResultSchema, unsubscribeResultSchema } from '#contracts/links.ts';
import { taskListSchema, taskSchema, type Task } from '#contracts/tasks.ts';

import type { TestUser } from '#server/test/users.ts';

describe('signed links API (no sign-in)', () => {
  let t: DeliveryTestApp;
  let alice: TestUser;

  const createTask = async (user: TestUser, title: string): Promise<Task> => {
    const response = await t.call(user, 'POST', '/api/tasks', { title });
    expect(response.statusCode, response.body).toBe(201);
    return taskSchema.parse(response.json());
  };
  const taskStatus = async (user: TestUser, id: string) => {
    const response = await t.call(user, 'GET', '/api/tasks?view=all');
    return taskListSchema.parse(response.json()).tasks.find((task) => task.id === id)?.status;
  };
  const completeLink = (user: TestUser, taskId: string) =>
    t.signLink({ kind: 'complete', userId: user.id, taskId, deliveryId: randomUUID() });
  const complete = (token: string) => t.call(null, 'POST', '/api/links/complete', { token });
  const channels = async (user: TestUser) =>
    channelsSchema.parse((await t.call(user, 'GET', '/api/channels')).json());
  /** One character of the signature changed: the shape of a genuine link, not its key. */
  const forge = (token: string) =>
    `${token.slice(0, -4)}${token.slice(-4, -3) === 'A' ? 'B' : 'A'}${token.slice(-3)}`;

  beforeAll(async () => {
    t = await startDeliveryApp();
    alice = await t.user();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/links/complete', () => {
    it('completes the task the link names, and says so; a second tap finds it already done', async () => {
      const task = await createTask(alice, 'Call the bank');
      const token = await completeLink(alice, task.id);
      const response = await complete(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(completeLinkResultSchema.parse(response.json())).toEqual({
        taskTitle: 'Call the bank',
        outcome: 'done',
      });
      expect(await taskStatus(alice, task.id)).toBe('done');

      t.clock.advanceMinutes(1);
      expect(completeLinkResultSchema.parse((await complete(token)).json())).toEqual({
        taskTitle: 'Call the bank',
        outcome: 'already_done',
      });
    });

    it('marks the delivery the link came from opened, once, and only for the user it was made for', async () => {
      const bob = await t.user();
      const task = await createTask(alice, 'Stretch for ten minutes');
      const delivery = await t.insertDelivery(alice, {
        channel: 'email',
        scheduledFor: '2025-03-01T07:30:00.000Z',
        tasks: ['Stretch for ten minutes'],
        attempts: [{ status: 'sent' }],
      });
      const record = async (user: TestUser) =>
        deliveryListSchema
          .parse((await t.call(user, 'GET', '/api/deliveries')).json())
          .deliveries.find((d) => d.id === delivery);

      // A link made for Bob that names Alice's delivery opens nothing of hers.
      const bobTask = await createTask(bob, 'Bob’s task');
      await complete(
        await t.signLink({
          kind: 'complete',
          userId: bob.id,
          taskId: bobTask.id,
          deliveryId: delivery,
        }),
      );
      expect((await record(alice))?.status).toBe('sent');

      const token = await t.signLink({
        kind: 'complete',
        userId: alice.id,
        taskId: task.id,
        deliveryId: delivery,
      });
      expect((await complete(token)).statusCode).toBe(200);
      await complete(token);
      const opened = await record(alice);
      expect(opened?.status).toBe('opened');
      expect(opened?.attempts.map((a) => a.status)).toEqual(['sent', 'opened']);
    });

    it('a task done in the app before the tap is already done', async () => {
      const task = await createTask(alice, 'Book the dentist');
      await t.call(alice, 'PATCH', `/api/tasks/${task.id}`, { action: 'complete' });
      t.clock.advanceMinutes(1);
      const result = completeLinkResultSchema.parse(
        (await complete(await completeLink(alice, task.id))).json(),
      );
      expect(result.outcome).toBe('already_done');
    });

    it('a task skipped in the app is left skipped until the person confirms', async () => {
      const task = await createTask(alice, 'Stretch for ten minutes');
      const skip = await t.call(alice, 'PATCH', `/api/tasks/${task.id}`, { action: 'skip' });
      expect(skip.statusCode, skip.body).toBe(200);
      const token = await completeLink(alice, task.id);

      expect(completeLinkResultSchema.parse((await complete(token)).json())).toEqual({
        taskTitle: 'Stretch for ten minutes',
        outcome: 'skipped',
      });
      expect(await taskStatus(alice, task.id)).toBe('skipped');

      const confirmed = await t.call(null, 'POST', '/api/links/complete', {
        token,
        evenIfSkipped: true,
      });
      expect(completeLinkResultSchema.parse(confirmed.json()).outcome).toBe('done');
      expect(await taskStatus(alice, task.id)).toBe('done');
    });

    it('a forged link is refused and changes nothing', async () => {
      const task = await createTask(alice, 'Water the plants');
      const error = expectError(
        await complete(forge(await completeLink(alice, task.id))),
        400,
        'invalid_input',
      );
      expect(error.message).toBe('This link is not valid.');
      expect(await taskStatus(alice, task.id)).toBe('open');
    });

    it('an unsubscribe link cannot complete a task', async () => {
      const token = await t.signLink({ kind: 'unsubscribe', userId: alice.id, channel: 'email' });
      const error = expectError(await complete(token), 400, 'invalid_input');
      expect(error.message).toBe('This link is not valid.');
    });

    it('a deleted task: 404 saying it no longer exists', async () => {
      const task = await createTask(alice, 'Renew the passport');
      const token = await completeLink(alice, task.id);
      expect((await t.call(alice, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
      const error = expectError(await complete(token), 404, 'not_found');
      expect(error.message).toBe('This task no longer exists.');
    });

    it("acts only for the user the link was made for: another user's task is not found", async () => {
      const bob = await t.user();
      const task = await createTask(alice, 'Pay the rent');
      const error = expectError(await complete(await completeLink(bob, task.id)), 404, 'not_found');
      expect(error.message).toBe('This task no longer exists.');
      expect(await taskStatus(alice, task.id)).toBe('open');
    });

    it('400 naming the token when it is missing or too short', async () => {
      const missing = expectError(
        await t.call(null, 'POST', '/api/links/complete', {}),
        400,
        'invalid_input',
      );
      expect(missing.message).toMatch(/^body\.token:/);
      const short = expectError(await complete('abc'), 400, 'invalid_input');
      expect(short.message).toMatch(/^body\.token:/);
    });

    it('an expired link points to the app, and changes nothing', async () => {
      const user = await t.user();
      const task = await createTask(user, 'Send the invoice');
      const token = await completeLink(user, task.id);
      const start = t.clock.now().toISOString();
      t.clock.advanceMinutes(8 * 24 * 60);
      try {
        const error = expectError(await complete(token), 400, 'invalid_input');
        expect(error.message).toBe('This link has expired. Open Trellis to mark the task done.');
      } finally {
        t.clock.set(start);
      }
      expect(await taskStatus(user, task.id)).toBe('open');
    });
  });

  describe('POST /api/links/unsubscribe', () => {
    it('turns the channel off and remembers when, from a JSON { token }', async () => {
      const user = await t.user();
      await t.saveSchedule(user, { email: ['20:00'] });
      expect(await t.nextDeliveryAt(user)).not.toBeNull();
      const token = await t.signLink({ kind: 'unsubscribe', userId: user.id, channel: 'email' });
      const response = await t.call(null, 'POST', '/api/links/unsubscribe', { token });
      expect(response.statusCode, response.body).toBe(200);
      expect(unsubscribeResultSchema.parse(response.json())).toEqual({ channel: 'email' });
      expect((await channels(user)).email).toMatchObject({
        enabled: false,
        unsubscribedAt: t.clock.now().toISOString(),
      });
      expect(await t.nextDeliveryAt(user)).toBeNull();
      // Following it again keeps the first date.
      t.clock.advanceMinutes(5);
      await t.call(null, 'POST', '/api/links/unsubscribe', { token });
      const again = await channels(user);
      expect(again.email.unsubscribedAt).not.toBe(t.clock.now().toISOString());
    });

    it("works as RFC 8058 one-click: a mail client's form POST with the token in the URL, no session", async () => {
      const user = await t.user();
      await t.call(user, 'PUT', '/api/channels/email', { enabled: true });
      const token = await t.signLink({ kind: 'unsubscribe', userId: user.id, channel: 'email' });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/links/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(unsubscribeResultSchema.parse(response.json())).toEqual({ channel: 'email' });
      expect((await channels(user)).email.enabled).toBe(false);
    });

    it('takes the one-click form as multipart/form-data too (RFC 8058 allows either)', async () => {
      const user = await t.user();
      const token = await t.signLink({ kind: 'unsubscribe', userId: user.id, channel: 'email' });
      const boundary = '----trellis-test';
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/links/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await channels(user)).email.enabled).toBe(false);
    });

    it('only this route reads form bodies', async () => {
      const task = await createTask(alice, 'Form body');
      const token = await completeLink(alice, task.id);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/links/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(415);
      expect(await taskStatus(alice, task.id)).toBe('open');
    });

    it('a forged unsubscribe link changes nothing', async () => {
      const user = await t.user();
      const token = await t.signLink({ kind: 'unsubscribe', userId: user.id, channel: 'email' });
      const error = expectError(
        await t.call(null, 'POST', `/api/links/unsubscribe?token=${forge(token)}`),
        400,
        'invalid_input',
      );
      expect(error.message).toBe('This link is not valid.');
      expect((await channels(user)).email).toMatchObject({ enabled: true, unsubscribedAt: null });
    });

    it('a "done" link cannot unsubscribe', async () => {
      const task = await createTask(alice, 'Not an unsubscribe');
      const token = await completeLink(alice, task.id);
      expectError(
        await t.call(null, 'POST', '/api/links/unsubscribe', { token }),
        400,
        'invalid_input',
      );
      expect((await channels(alice)).email.unsubscribedAt).toBeNull();
    });

    it('400 naming the token when there is none', async () => {
      const error = expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/links/unsubscribe',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
        400,
        'invalid_input',
      );
      expect(error.message).toBe('body.token: is required (or ?token= in the URL)');
    });
  });

  it('limits links per IP address (429), not per account', async () => {
    const ip = '203.0.113.77';
    const tap = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/links/complete',
        remoteAddress,
        payload: { token: 'x'.repeat(40) },
      });
    for (let i = 0; i < 60; i += 1) expect((await tap(ip)).statusCode).toBe(400);
    const error = expectError(await tap(ip), 429, 'rate_limited');
    expect(error.message).toBe(
      'Too many links opened from this network. Wait a few minutes and try again.',
    );
    expect((await tap('203.0.113.78')).statusCode).toBe(400);
  });
});
