import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#contracts/events.ts';
import type { Database } from '#server/db/client.ts';
import {
  deliveries,
  deliveryAttempts,
  deliveryChannelSettings,
  deliverySchedules,
  notifications,
  pushSubscriptions,
} from '#server/db/schema.ts';
import { loadEnv } from '#server/env.ts';
import { resolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { PUSH_SUBSCRIPTION_EXPIRED } from './channels/index.ts';
import { insertDayNotifications } from './day-notifications.ts';
import {
  claimDeliveries,
  INTERRUPTED_ATTEMPT,
} from '#server/modules/deliveries/deliveries.service.ts';
import { createDeliveryModule, type DeliveryModule } from './delivery.module.ts';
import { backoffMs } from './dispatcher.ts';
import {
  recordingSenders,
  seedDueUsers,
  silentLog,
  type RecordingSenders,
} from './test-support.ts';
import { MISSED_REASON, NO_TASKS_REASON, schedulePass } from './scheduler.ts';
import type { OutgoingMessage } from '#server/modules/channels/channel-sender.ts';

// The scheduler and the dispatcher on the test database, with an injected clock and senders that
// record what they are given. 2026-03-10 is a Tuesday.

const DAY = 24 * 60 * 60 * 1000;

let database: Database;
let app: FastifyInstance;
let delivery: DeliveryModule;
let senders: RecordingSenders;
let now = new Date('2026-03-10T07:30:30.000Z');
const clock = () => now;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { clock });
  senders = recordingSenders();
  delivery = await createDeliveryModule({
    db: database.db,
    database,
    env: loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://trellis.test',
      DELIVERY_MAX_ATTEMPTS: '3',
      DELIVERY_BATCH_SIZE: '7',
    }),
    clock,
    log: silentLog,
    dayPicks: resolveDayPicks,
    senders,
    // Full backoff, no jitter: the waits are exact.
    random: () => 1,
  });
});

afterEach(async () => {
  // Each test starts from an empty outbox and nobody due.
  await database.db.execute(sql`delete from deliveries`);
  await database.db.update(deliverySchedules).set({ nextDeliveryAt: null });
  senders.sent.length = 0;
  senders.behave(null);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const at = (iso: string) => new Date(iso);

function seed(options: Partial<Parameters<typeof seedDueUsers>[1]> & { count: number }) {
  return seedDueUsers(database.db, {
    localDate: now.toISOString().slice(0, 10),
    nextDeliveryAt: at(`${now.toISOString().slice(0, 10)}T07:30:00.000Z`),
    now,
    ...options,
  });
}

async function rowsOf(userIds: string[]) {
  return database.db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.userId, userIds))
    .orderBy(asc(deliveries.userId), asc(deliveries.channel), asc(deliveries.createdAt));
}

async function attemptsOf(deliveryId: string) {
  return database.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(deliveryAttempts.attempt), asc(deliveryAttempts.at));
}

async function nextOf(userId: string) {
  const [row] = await database.db
    .select({ next: deliverySchedules.nextDeliveryAt })
    .from(deliverySchedules)
    .where(eq(deliverySchedules.userId, userId));
  return row?.next ?? null;
}

async function setChannel(
  userId: string,
  channel: 'email' | 'sms' | 'push',
  values: { enabled: boolean; phone?: string | null; unsubscribedAt?: Date | null },
) {
  await database.db
    .insert(deliveryChannelSettings)
    .values({ userId, channel, updatedAt: now, ...values })
    .onConflictDoUpdate({
      target: [deliveryChannelSettings.userId, deliveryChannelSettings.channel],
      set: { ...values, updatedAt: now },
    });
}

async function addPushSubscription(userId: string) {
  const id = randomUUID();
  await database.db.insert(pushSubscriptions).values({
    id,
    userId,
    endpoint: `https://push.example/${id}`,
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
    device: 'Firefox on Linux',
    createdAt: now,
  });
  return id;
}

async function setTimes(userId: string, times: { email: string[]; sms: string[]; push: string[] }) {
  await database.db
    .update(deliverySchedules)
    .set({ times })
    .where(eq(deliverySchedules.userId, userId));
}

function messagesTo(userIds: string[], rows: Array<{ id: string; userId: string }>) {
  const ids = new Set(rows.filter((r) => userIds.includes(r.userId)).map((r) => r.id));
  return senders.sent.filter((m) => ids.has(m.deliveryId));
}

describe('scheduler and dispatcher', () => {
  it('gives each due user one delivery per slot and channel, sent once; ticking again does nothing more', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [a, b, c] = (await seed({ count: 3 })) as [string, string, string];
    // a: email and push at 07:30; b: email and SMS at 07:30; c: email only.
    await setChannel(a, 'push', { enabled: true });
    const subscription = await addPushSubscription(a);
    await setTimes(a, { email: ['07:30'], sms: [], push: ['07:30'] });
    await setChannel(b, 'sms', { enabled: true, phone: '+14155550123' });
    await setTimes(b, { email: ['07:30'], sms: ['07:30'], push: [] });

    const first = await delivery.tick();
    expect(first).toEqual({ scheduled: 5, sent: 5, failed: 0 });

    const rows = await rowsOf([a, b, c]);
    const expected = [
      [a, 'email'],
      [a, 'push'],
      [b, 'email'],
      [b, 'sms'],
      [c, 'email'],
    ].sort((x, y) => (`${x[0]}${x[1]}` < `${y[0]}${y[1]}` ? -1 : 1));
    expect(
      rows.map((r) => [r.userId, r.channel, r.status, r.attempts, r.slot, r.localDate]),
    ).toEqual(expected.map(([user, channel]) => [user, channel, 'sent', 1, '07:30', '2026-03-10']));
    for (const row of rows) {
      expect(row.sentAt).toEqual(now);
      expect(row.providerMessageId).toBe(`${row.channel}-${row.id}`);
      expect((await attemptsOf(row.id)).map((t) => [t.attempt, t.status])).toEqual([[1, 'sent']]);
    }
    const sms = rows.find((r) => r.channel === 'sms');
    expect(sms?.recipient).toBe('••• 0123');
    expect(rows.find((r) => r.userId === a && r.channel === 'push')?.recipient).toBe(
      'Firefox on Linux',
    );

    const messages = messagesTo([a, b, c], rows);
    expect(messages).toHaveLength(5);
    const push = messages.find((m) => m.channel === 'push');
    expect(push?.channel === 'push' && push.target.id).toBe(subscription);
    const text = messages.find((m) => m.channel === 'sms');
    expect(text?.to).toBe('+14155550123');

    for (const user of [a, b, c])
      expect(await nextOf(user)).toEqual(at('2026-03-11T07:30:00.000Z'));

    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
    now = at('2026-03-10T07:45:00.000Z');
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
    expect(await rowsOf([a, b, c])).toHaveLength(5);
    expect(senders.sent).toHaveLength(5);
  });

  it('sends the frozen top three with signed one-tap links, keyed by the delivery id', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1, tasksPerUser: 5 })) as [string];
    await delivery.tick();
    const [row] = await rowsOf([user]);
    expect(row?.payload?.tasks.map((t) => t.title)).toEqual([
      'Task 1 of the day',
      'Task 2 of the day',
      'Task 3 of the day',
    ]);
    expect(row?.payload?.tasks[0]?.reason).toBe('Due today');
    // What the message shows beside each title travels with the payload (no tone chosen here).
    expect(row?.payload?.coachTone).toBeNull();
    expect(row?.payload?.tasks[0]).toHaveProperty('estimatedMinutes');
    expect(row?.payload?.tasks[0]).toHaveProperty('goalProgress');
    const [message] = senders.sent as Array<Extract<OutgoingMessage, { channel: 'email' }>>;
    expect(message?.idempotencyKey).toBe(row?.id);
    expect(message?.to).toMatch(/@example\.com$/);
    for (const task of row?.payload?.tasks ?? [])
      expect(message?.content.text).toContain(task.title);
    const tokens = [...(message?.content.text ?? '').matchAll(/\/done\?token=([^\s"&]+)/g)].map(
      (match) => decodeURIComponent(match[1] ?? ''),
    );
    expect(tokens).toHaveLength(3);
    const claims = await Promise.all(tokens.map((token) => delivery.linkSigner.verify(token)));
    expect(claims).toEqual(
      (row?.payload?.tasks ?? []).map((task) => ({
        kind: 'complete',
        userId: user,
        taskId: task.taskId,
        deliveryId: row?.id,
      })),
    );
  });

  it('lands each delivered slot once as an in-app notification, live on the event stream', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1 })) as [string];
    await setChannel(user, 'push', { enabled: true });
    await addPushSubscription(user);
    await setTimes(user, { email: ['07:30'], sms: [], push: ['07:30'] });
    const events: ServerEvent[] = [];
    const unsubscribe = await app.events.subscribe(user, (event) => events.push(event));

    await delivery.tick();
    await delivery.tick();

    const list = await app.notifications.list(user);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications.map((n) => [n.type, n.title, n.message])).toEqual([
      [
        'other',
        "Today's top three",
        '1. Task 1 of the day · 2. Task 2 of the day · 3. Task 3 of the day',
      ],
    ]);
    await expect.poll(() => events.map((e) => e.type)).toEqual(['notification.created']);
    expect(events[0]?.data).toEqual(list.notifications[0]);
    unsubscribe();
  });

  it('leaves paused users, unconfirmed addresses and channels not set up alone', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [paused, noSms, unsubscribed, off] = (await seed({ count: 4 })) as [
      string,
      string,
      string,
      string,
    ];
    const [unconfirmed] = (await seed({ count: 1, confirmed: false })) as [string];
    await database.db
      .update(deliverySchedules)
      .set({ paused: true })
      .where(eq(deliverySchedules.userId, paused));
    // SMS on, but no number verified yet; email off.
    await setChannel(noSms, 'email', { enabled: false });
    await setChannel(noSms, 'sms', { enabled: true });
    await setTimes(noSms, { email: ['07:30'], sms: ['07:30'], push: [] });
    await setChannel(unsubscribed, 'email', { enabled: true, unsubscribedAt: now });
    await setChannel(off, 'email', { enabled: false });

    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
    expect(await rowsOf([paused, noSms, unsubscribed, off, unconfirmed])).toEqual([]);
    expect(senders.sent).toEqual([]);
    // Paused: untouched. Channels still on (but not ready): tomorrow. Nothing on: nothing due.
    expect(await nextOf(paused)).toEqual(at('2026-03-10T07:30:00.000Z'));
    expect(await nextOf(noSms)).toEqual(at('2026-03-11T07:30:00.000Z'));
    expect(await nextOf(unconfirmed)).toEqual(at('2026-03-11T07:30:00.000Z'));
    expect(await nextOf(unsubscribed)).toBeNull();
    expect(await nextOf(off)).toBeNull();

    expect(await delivery.activeChannels(noSms)).toEqual({
      email: { active: false, reason: 'Email is turned off.' },
      sms: { active: false, reason: 'Verify a phone number first: we text you a code.' },
      push: { active: false, reason: 'Push is turned off.' },
    });
    expect((await delivery.activeChannels(unconfirmed)).email).toEqual({
      active: false,
      reason: 'Confirm your email address first: follow the link we emailed you.',
    });
    expect((await delivery.activeChannels(unsubscribed)).email.reason).toMatch(/unsubscribed/);
  });

  it('retries a temporary failure with backoff, recording every attempt', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1 })) as [string];
    let calls = 0;
    senders.behave(() => {
      calls += 1;
      return calls <= 2
        ? {
            ok: false,
            permanent: false,
            error: 'The mail server asked us to try again later (451)',
          }
        : { ok: true, providerMessageId: 'accepted' };
    });

    expect(await delivery.tick()).toEqual({ scheduled: 1, sent: 0, failed: 0 });
    let [row] = await rowsOf([user]);
    expect(row?.status).toBe('queued');
    expect(row?.attempts).toBe(1);
    expect(row?.nextAttemptAt).toEqual(new Date(now.getTime() + 60_000));
    expect(row?.lastError).toBe('The mail server asked us to try again later (451)');

    // Not due yet: nothing happens.
    now = new Date(now.getTime() + 59_000);
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });

    now = new Date(now.getTime() + 1_000);
    await delivery.tick();
    [row] = await rowsOf([user]);
    expect(row?.status).toBe('queued');
    expect(row?.nextAttemptAt).toEqual(new Date(now.getTime() + 120_000));

    now = new Date(now.getTime() + 120_000);
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 1, failed: 0 });
    [row] = await rowsOf([user]);
    expect(row?.status).toBe('sent');
    expect(row?.lastError).toBeNull();
    expect(row?.providerMessageId).toBe('accepted');
    expect(
      (await attemptsOf(row?.id ?? '')).map((t) => [t.attempt, t.status, t.error, t.permanent]),
    ).toEqual([
      [1, 'failed', 'The mail server asked us to try again later (451)', false],
      [2, 'failed', 'The mail server asked us to try again later (451)', false],
      [3, 'sent', null, false],
    ]);
    expect(senders.sent.map((m) => m.deliveryId)).toEqual([row?.id, row?.id, row?.id]);
  });

  it('fails a delivery after the last attempt', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1 })) as [string];
    senders.behave(() => ({
      ok: false,
      permanent: false,
      error: 'Could not reach the mail server',
    }));
    await delivery.tick();
    now = new Date(now.getTime() + 60_000);
    await delivery.tick();
    now = new Date(now.getTime() + 120_000);
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 1 });
    const [row] = await rowsOf([user]);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(3);
    expect(row?.nextAttemptAt).toBeNull();
    expect(row?.lastError).toBe('Could not reach the mail server (gave up after 3 attempts)');
    expect((await attemptsOf(row?.id ?? '')).map((t) => t.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    now = new Date(now.getTime() + DAY / 2);
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
  });

  it('falls back to email when the push subscription is gone, unless email has the slot already', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [pushOnly, both] = (await seed({ count: 2 })) as [string, string];
    const subscriptions: string[] = [];
    for (const user of [pushOnly, both]) {
      await setChannel(user, 'push', { enabled: true });
      subscriptions.push(await addPushSubscription(user));
    }
    await setTimes(pushOnly, { email: [], sms: [], push: ['07:30'] });
    await setTimes(both, { email: ['07:30'], sms: [], push: ['07:30'] });
    senders.behave((message) =>
      message.channel === 'push'
        ? { ok: false, permanent: true, error: PUSH_SUBSCRIPTION_EXPIRED }
        : { ok: true, providerMessageId: 'mail' },
    );

    expect(await delivery.tick()).toEqual({ scheduled: 3, sent: 2, failed: 2 });

    const rows = await rowsOf([pushOnly]);
    expect(rows.map((r) => [r.channel, r.status, r.lastError])).toEqual([
      ['email', 'sent', null],
      ['push', 'failed', PUSH_SUBSCRIPTION_EXPIRED],
    ]);
    const [email, push] = rows;
    expect(email?.fallbackOf).toBe(push?.id);
    expect(email?.slot).toBe('07:30');
    expect(email?.payload).toEqual(push?.payload);
    expect((await attemptsOf(push?.id ?? '')).map((t) => [t.status, t.permanent])).toEqual([
      ['failed', true],
    ]);
    const gone = await database.db
      .select({ id: pushSubscriptions.id, goneAt: pushSubscriptions.goneAt })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, subscriptions));
    expect(gone.every((s) => s.goneAt?.getTime() === now.getTime())).toBe(true);
    expect((await delivery.activeChannels(pushOnly)).push.active).toBe(false);

    // The user who had email at that slot already keeps their one email.
    expect((await rowsOf([both])).map((r) => [r.channel, r.status, r.fallbackOf])).toEqual([
      ['email', 'sent', null],
      ['push', 'failed', null],
    ]);
    // One in-app notification per slot, fallback or not.
    expect((await app.notifications.list(pushOnly)).notifications).toHaveLength(1);
  });

  it('records a day without open tasks as skipped and sends nothing', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1, tasksPerUser: 0 })) as [string];
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
    const [row] = await rowsOf([user]);
    expect([row?.status, row?.lastError, row?.payload?.tasks]).toEqual([
      'skipped',
      NO_TASKS_REASON,
      [],
    ]);
    expect(senders.sent).toEqual([]);
    expect((await app.notifications.list(user)).notifications).toEqual([]);
  });

  it('skips a channel turned off between queueing and sending', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1 })) as [string];
    await schedulePass({
      db: database.db,
      clock,
      batchSize: 10,
      log: silentLog,
      dayPicks: resolveDayPicks,
    });
    await setChannel(user, 'email', { enabled: true, unsubscribedAt: now });
    await delivery.tick();
    const [row] = await rowsOf([user]);
    expect(row?.status).toBe('skipped');
    expect(row?.lastError).toMatch(/^You unsubscribed from these emails/);
    expect(await attemptsOf(row?.id ?? '')).toEqual([]);
    expect(senders.sent).toEqual([]);
  });

  it('catches up the current day after downtime and records older slots as missed', async () => {
    // Down since before yesterday's 07:30; back at 09:00 today.
    now = at('2026-03-10T09:00:00.000Z');
    const [user] = (await seed({ count: 1, nextDeliveryAt: at('2026-03-09T07:30:00.000Z') })) as [
      string,
    ];
    expect(await delivery.tick()).toEqual({ scheduled: 1, sent: 1, failed: 0 });
    const rows = await database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.userId, user))
      .orderBy(asc(deliveries.localDate));
    expect(rows.map((r) => [r.localDate, r.status, r.lastError])).toEqual([
      ['2026-03-09', 'skipped', MISSED_REASON],
      ['2026-03-10', 'sent', null],
    ]);
    expect(senders.sent).toHaveLength(1);
    expect(await nextOf(user)).toEqual(at('2026-03-11T07:30:00.000Z'));
  });

  it('takes over a delivery whose worker died after claiming it, once its lease runs out', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1 })) as [string];
    await schedulePass({
      db: database.db,
      clock,
      batchSize: 10,
      log: silentLog,
      dayPicks: resolveDayPicks,
    });
    // A worker claims it and dies before the provider answers.
    const [claim] = await claimDeliveries(database.db, now, new Date(now.getTime() + 120_000), 10);
    expect(claim?.attempt).toBe(1);

    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
    now = new Date(now.getTime() + 120_000);
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 1, failed: 0 });
    const [row] = await rowsOf([user]);
    expect([row?.status, row?.attempts]).toEqual(['sent', 2]);
    expect((await attemptsOf(row?.id ?? '')).map((t) => [t.attempt, t.status, t.error])).toEqual([
      [1, 'failed', INTERRUPTED_ATTEMPT],
      [2, 'sent', null],
    ]);
    expect(senders.sent).toHaveLength(1);
  });

  it('delivers at 07:30 local time from UTC−10 to UTC+14', async () => {
    now = at('2026-03-10T12:00:00.000Z');
    const [honolulu] = (await seed({
      count: 1,
      timeZone: 'Pacific/Honolulu',
      localDate: '2026-03-10',
      nextDeliveryAt: null,
    })) as [string];
    const [kiritimati] = (await seed({
      count: 1,
      timeZone: 'Pacific/Kiritimati',
      localDate: '2026-03-11',
      nextDeliveryAt: null,
    })) as [string];
    await delivery.refreshSchedule(honolulu);
    await delivery.refreshSchedule(kiritimati);
    // 07:30 in Honolulu on the 10th and in Kiritimati on the 11th are the same instant.
    expect(await nextOf(honolulu)).toEqual(at('2026-03-10T17:30:00.000Z'));
    expect(await nextOf(kiritimati)).toEqual(at('2026-03-10T17:30:00.000Z'));

    now = at('2026-03-10T17:29:59.999Z');
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 0, failed: 0 });
    now = at('2026-03-10T17:30:00.000Z');
    expect(await delivery.tick()).toEqual({ scheduled: 2, sent: 2, failed: 0 });
    const rows = await rowsOf([honolulu, kiritimati]);
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(honolulu)?.localDate).toBe('2026-03-10');
    expect(byUser.get(honolulu)?.payload?.timeZone).toBe('Pacific/Honolulu');
    expect(byUser.get(kiritimati)?.localDate).toBe('2026-03-11');
    expect(byUser.get(kiritimati)?.payload?.timeZone).toBe('Pacific/Kiritimati');
    expect(rows.every((r) => r.scheduledFor.getTime() === now.getTime())).toBe(true);
    expect(await nextOf(honolulu)).toEqual(at('2026-03-11T17:30:00.000Z'));
    expect(await nextOf(kiritimati)).toEqual(at('2026-03-11T17:30:00.000Z'));
  });
});

describe('the API door', () => {
  it('sends today’s top three now on every active channel', async () => {
    now = at('2026-03-10T15:12:00.000Z');
    const [user, silent] = (await seed({ count: 2, nextDeliveryAt: null })) as [string, string];
    await setChannel(user, 'push', { enabled: true });
    await addPushSubscription(user);
    await setChannel(silent, 'email', { enabled: false });

    expect(await delivery.sendNow(silent)).toEqual([]);
    const ids = await delivery.sendNow(user);
    expect(ids).toHaveLength(2);
    expect(await delivery.tick()).toEqual({ scheduled: 0, sent: 2, failed: 0 });
    const rows = await rowsOf([user]);
    expect(rows.map((r) => [r.channel, r.slot, r.status, r.localDate])).toEqual([
      ['email', 'now:2026-03-10T15:12:00.000Z', 'sent', '2026-03-10'],
      ['push', 'now:2026-03-10T15:12:00.000Z', 'sent', '2026-03-10'],
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect((await app.notifications.list(user)).notifications).toHaveLength(1);

    now = new Date(now.getTime() + 60_000);
    expect(await delivery.sendNow(user)).toHaveLength(2);
  });

  it('keeps next_delivery_at in step with pausing and with a slot already due', async () => {
    now = at('2026-03-10T06:00:00.000Z');
    const [user] = (await seed({ count: 1, nextDeliveryAt: null })) as [string];
    await delivery.refreshSchedule(user);
    expect(await nextOf(user)).toEqual(at('2026-03-10T07:30:00.000Z'));

    await database.db
      .update(deliverySchedules)
      .set({ paused: true })
      .where(eq(deliverySchedules.userId, user));
    await delivery.refreshSchedule(user);
    expect(await nextOf(user)).toBeNull();

    await database.db
      .update(deliverySchedules)
      .set({ paused: false })
      .where(eq(deliverySchedules.userId, user));
    await database.db.transaction((tx) => delivery.refreshSchedule(user, tx));
    expect(await nextOf(user)).toEqual(at('2026-03-10T07:30:00.000Z'));

    // Due but not yet written when the user moves their time: the due slot keeps its place.
    now = at('2026-03-10T07:30:05.000Z');
    await setTimes(user, { email: ['08:00'], sms: [], push: [] });
    await delivery.refreshSchedule(user);
    expect(await nextOf(user)).toEqual(at('2026-03-10T07:30:00.000Z'));
    await delivery.tick();
    expect(await rowsOf([user])).toEqual([]);
    expect(await nextOf(user)).toEqual(at('2026-03-10T08:00:00.000Z'));

    // Nobody has a schedule row until they save one: nothing to refresh.
    const stranger = randomUUID();
    await delivery.refreshSchedule(stranger);
    expect(
      await database.db
        .select()
        .from(deliverySchedules)
        .where(and(eq(deliverySchedules.userId, stranger))),
    ).toEqual([]);
  });

  it('counts notifications once even when the same slot is written twice', async () => {
    now = at('2026-03-10T07:30:30.000Z');
    const [user] = (await seed({ count: 1 })) as [string];
    const note = { userId: user, localDate: '2026-03-10', slot: '07:30', tasks: [] };
    const tasks = [{ taskId: randomUUID(), title: 'Write', reason: 'Due today', goalTitle: null }];
    await database.db.transaction((tx) => insertDayNotifications(tx, [{ ...note, tasks }], now));
    await database.db.transaction((tx) => insertDayNotifications(tx, [{ ...note, tasks }], now));
    const rows = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user));
    expect(rows).toHaveLength(1);
    expect((await app.notifications.list(user)).unreadCount).toBe(1);
  });
});

describe('backoff', () => {
  it('doubles from a minute to at most an hour, with jitter in the upper half', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n, () => 1))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(1, () => 0)).toBe(30_000);
    expect(backoffMs(9, () => 0.5)).toBe(2_700_000);
  });
});
