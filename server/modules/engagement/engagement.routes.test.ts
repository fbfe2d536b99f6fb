import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSummarySchema } from '#contracts/analytics.ts';
import {
  engagementSummarySchema,
  sessionEventBatchResultSchema,
  type SessionEvent,
} from '#contracts/engagement.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { queryRows } from '#server/db/client.ts';
import { deliveries, engagementDays, notifications, sessionEvents } from '#server/db/schema.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import type { TestUser } from '#server/test/users.ts';
import { rollUpEngagement } from './engagement.service.ts';

// A hand-built history whose figures are worked out below. The person lives in New York; the
// clock reads Wednesday 12 March 2025, 02:00 UTC: Tuesday 11 March, 22:00 there. Every date must
// follow New York (in UTC it would already be the 12th).
const NOW = '2025-03-12T02:00:00.000Z';
const ZONE = 'America/New_York';
const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe('engagement API', () => {
  let harness: PlanningTestApp;
  let person: TestUser;
  let other: TestUser;
  const sessionA = randomUUID();
  const sessionB = randomUUID();

  const event = (sessionId: string, type: SessionEvent['type'], occurredAt: string) => ({
    id: randomUUID(),
    sessionId,
    type,
    occurredAt,
  });
  // Tuesday the 11th, 09:00 in New York: 10 minutes in front, 10 behind, 5 in front again.
  const batchA = [
    event(sessionA, 'start', '2025-03-11T13:00:00.000Z'),
    event(sessionA, 'background', '2025-03-11T13:10:00.000Z'),
    event(sessionA, 'foreground', '2025-03-11T13:20:00.000Z'),
    event(sessionA, 'end', '2025-03-11T13:25:00.000Z'),
  ];
  // Monday the 10th, 19:30 in New York (already the 11th in UTC): 5 minutes.
  const batchB = [
    event(sessionB, 'start', '2025-03-10T23:30:00.000Z'),
    event(sessionB, 'end', '2025-03-10T23:35:00.000Z'),
  ];

  const post = (user: TestUser | null, payload: unknown) =>
    harness.call(user, 'POST', '/api/engagement/events', payload);
  const summary = async (user: TestUser, query = '') => {
    const response = await harness.call(user, 'GET', `/api/engagement/summary${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return engagementSummarySchema.parse(response.json());
  };
  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        harness.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]?.n;
  const seedEvents = (
    user: TestUser,
    rows: Array<[string, SessionEvent['type'], string, string, number]>,
  ) =>
    harness.database.db.insert(sessionEvents).values(
      rows.map(([sessionId, type, occurredAt, localDate, localHour]) => ({
        userId: user.id,
        id: randomUUID(),
        sessionId,
        type,
        occurredAt: new Date(occurredAt),
        localDate,
        localHour,
        receivedAt: new Date(occurredAt),
      })),
    );
  const seedDelivery = (user: TestUser, localDate: string, channel: string, status: string) =>
    harness.database.db.insert(deliveries).values({
      id: randomUUID(),
      userId: user.id,
      localDate,
      slot: '07:30',
      channel: channel as 'email',
      status: status as 'sent',
      scheduledFor: new Date(`${localDate}T12:30:00.000Z`),
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW),
    });
  const seedNotification = (user: TestUser, createdAt: string, read: boolean) =>
    harness.database.db.insert(notifications).values({
      id: randomUUID(),
      userId: user.id,
      type: 'other',
      title: 'Hello',
      message: 'A note',
      read,
      createdAt: new Date(createdAt),
    });

  beforeAll(async () => {
    harness = await startPlanningApp(NOW);
    person = await harness.user(ZONE);
    other = await harness.user('UTC');

    for (const batch of [batchA, batchB]) {
      const response = await post(person, { events: batch });
      expect(response.statusCode, response.body).toBe(200);
      expect(sessionEventBatchResultSchema.parse(response.json())).toEqual({
        stored: batch.length,
        duplicates: 0,
      });
    }
    // Saturday the 8th, 08:00 there: one minute. Seeded (the API takes only the last 48 hours).
    const sessionC = randomUUID();
    await seedEvents(person, [
      [sessionC, 'start', '2025-03-08T13:00:00.000Z', '2025-03-08', 8],
      [sessionC, 'end', '2025-03-08T13:01:00.000Z', '2025-03-08', 8],
    ]);
    // Two sessions folded into the roll-up on the 1st: in 30 days, not in 7.
    await harness.database.db
      .insert(engagementDays)
      .values({ userId: person.id, localDate: '2025-03-01', sessions: 2, foregroundSeconds: 600 });

    await seedDelivery(person, '2025-03-10', 'email', 'sent');
    await seedDelivery(person, '2025-03-11', 'email', 'opened');
    await seedDelivery(person, '2025-03-09', 'sms', 'delivered');
    await seedDelivery(person, '2025-03-09', 'push', 'failed');
    await seedDelivery(person, '2025-02-01', 'email', 'opened');
    await seedNotification(person, '2025-03-11T15:00:00.000Z', true);
    await seedNotification(person, '2025-03-07T15:00:00.000Z', true);
    // 01:00 UTC on the 12th is still the 11th in New York: in the period.
    await seedNotification(person, '2025-03-12T01:00:00.000Z', false);
    await seedNotification(person, '2024-10-01T15:00:00.000Z', true);

    // Another person, on the same days, with the very same event ids: none of it is the person's.
    const theirs = await post(other, { events: batchA });
    expect(sessionEventBatchResultSchema.parse(theirs.json())).toEqual({
      stored: 4,
      duplicates: 0,
    });
    await seedDelivery(other, '2025-03-10', 'email', 'opened');
    await seedNotification(other, '2025-03-11T15:00:00.000Z', false);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('counts the last 7 local days: sessions, foreground, active days, heatmap, deliveries, notifications', async () => {
    const week = await summary(person, '?days=7');
    expect(week).toMatchObject({
      localDate: '2025-03-11',
      timeZone: ZONE,
      days: 7,
      from: '2025-03-05',
      sessions: {
        total: 3,
        perWeek: [
          { weekStart: '2025-03-03', sessions: 1 },
          { weekStart: '2025-03-10', sessions: 2 },
        ],
      },
      // 15 minutes, 5 minutes and 1 minute: the median is 5 minutes.
      foreground: { sessions: 3, medianSeconds: 300, totalSeconds: 900 + 300 + 60 },
      // The 10th and 11th in a row; the 8th and the 1st alone.
      activeDays: { count: 3, current: 2, best: 2 },
      heatmap: [
        { weekday: 1, hour: 19, sessions: 1 },
        { weekday: 2, hour: 9, sessions: 1 },
        { weekday: 6, hour: 8, sessions: 1 },
      ],
      deliveries: [
        { channel: 'email', sent: 2, delivered: 1, opened: 1, openRate: 0.5 },
        { channel: 'sms', sent: 1, delivered: 1, opened: 0, openRate: 0 },
        { channel: 'push', sent: 0, delivered: 0, opened: 0, openRate: null },
      ],
      notifications: { received: 3, read: 2, rate: 2 / 3 },
    });
    expect(week.sessions.perDay.map((d) => d.sessions)).toEqual([0, 0, 0, 1, 0, 1, 1]);
    // Top-three completion is /analytics's own figure for the same period.
    const analytics = await harness.call(person, 'GET', '/api/analytics/summary?days=7');
    expect(week.topThree).toEqual(analyticsSummarySchema.parse(analytics.json()).topThree);
  });

  it('widens to 30 days, the rolled-up days included, 30 by default', async () => {
    const month = await summary(person);
    expect(month).toMatchObject({
      days: 30,
      from: '2025-02-10',
      sessions: { total: 5 },
      foreground: { sessions: 3, medianSeconds: 300, totalSeconds: 1260 + 600 },
      activeDays: { count: 4, current: 2, best: 2 },
    });
    expect(month.sessions.perDay.find((d) => d.date === '2025-03-01')?.sessions).toBe(2);
  });

  it('stores an event sent again once: a keepalive retry does not count twice', async () => {
    const again = await post(person, { events: [...batchA, ...batchB] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ stored: 0, duplicates: 6 });
    expect((await summary(person, '?days=7')).sessions.total).toBe(3);
  });

  it("places the events of a device whose clock is days off by the server's clock (sentAt)", async () => {
    const device = await harness.user(ZONE);
    const session = randomUUID();
    // The device's clock reads three days behind the server's; its session began 10 minutes
    // before it sent the batch. Without sentAt the same times are refused as too old.
    const behind = (iso: string) => new Date(Date.parse(iso) - 3 * 86_400_000).toISOString();
    const skewed = [
      event(session, 'start', behind('2025-03-12T01:50:00.000Z')),
      event(session, 'end', behind('2025-03-12T01:55:00.000Z')),
    ];
    expect((await post(device, { events: skewed })).statusCode).toBe(400);
    const sent = await post(device, { events: skewed, sentAt: behind(NOW) });
    expect(sent.statusCode, sent.body).toBe(200);
    const week = await summary(device, '?days=7');
    // 01:50 UTC on the 12th is 21:50 on Tuesday the 11th in New York.
    expect(week.heatmap).toEqual([{ weekday: 2, hour: 21, sessions: 1 }]);
  });

  it("counts only the caller's own events, deliveries and notifications", async () => {
    const theirs = await summary(other, '?days=7');
    expect(theirs).toMatchObject({
      localDate: '2025-03-12',
      sessions: { total: 1 },
      foreground: { sessions: 1, medianSeconds: 900 },
      activeDays: { count: 1, current: 1, best: 1 },
      heatmap: [{ weekday: 2, hour: 13, sessions: 1 }],
      notifications: { received: 1, read: 0, rate: 0 },
    });
    expect(theirs.deliveries[0]).toEqual({
      channel: 'email',
      sent: 1,
      delivered: 1,
      opened: 1,
      openRate: 1,
    });

    const newcomer = await harness.user('Europe/Paris');
    const opened = await harness.user('UTC');
    await post(opened, { events: [event(randomUUID(), 'start', at(NOW, -1))] });
    // A session that has only begun counts as a session, not yet for the time in front.
    expect(await summary(opened, '?days=7')).toMatchObject({
      sessions: { total: 1 },
      foreground: { sessions: 0, medianSeconds: null, totalSeconds: 0 },
      activeDays: { count: 1, current: 1 },
    });
    const empty = await summary(newcomer, '?days=90');
    expect(empty).toMatchObject({
      sessions: { total: 0 },
      foreground: { sessions: 0, medianSeconds: null, totalSeconds: 0 },
      activeDays: { count: 0, current: 0, best: 0 },
      heatmap: [],
      notifications: { received: 0, read: 0, rate: null },
    });
  });

  it('answers bad input with a 400 that says what to send, and writes nothing', async () => {
    const before = await count('session_events');
    const good = () => event(randomUUID(), 'start', at(NOW, -5));
    const cases: Array<[unknown, RegExp]> = [
      [{ events: Array.from({ length: 10_000 }, good) }, /at most 50 events/],
      [{ events: Array.from({ length: 51 }, good) }, /at most 50 events/],
      [{ events: [] }, /at least one event/],
      [{ events: [good(), { ...good(), type: 'scroll' }] }, /events\.1\.type.*start, background/],
      [
        { events: [good(), { ...good(), occurredAt: '2020-01-01T00:00:00Z' }] },
        /events\.1\.occurredAt.*48 hours/,
      ],
      [
        { events: [{ ...good(), occurredAt: at(NOW, 24 * 60 * 365) }] },
        /events\.0\.occurredAt.*ahead/,
      ],
      [{ events: [{ ...good(), occurredAt: 'yesterday' }] }, /occurredAt/],
      [{ events: [{ ...good(), id: 'not-a-uuid' }] }, /events\.0\.id/],
      [{ events: [good()], userId: other.id }, /userId|Unrecognized/i],
    ];
    for (const [payload, message] of cases) {
      const response = await post(person, payload);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.message).toMatch(message);
    }
    const query = await harness.call(person, 'GET', '/api/engagement/summary?days=10000');
    expect(query.statusCode).toBe(400);
    expect(errorBodySchema.parse(query.json()).error.message).toMatch(/must be one of 7, 30, 90/);
    expect(await count('session_events')).toBe(before);

    expect((await post(null, { events: [good()] })).statusCode).toBe(401);
    expect((await harness.call(null, 'GET', '/api/engagement/summary')).statusCode).toBe(401);
    expect(await count('session_events')).toBe(before);
  });

  it('folds sessions older than 90 days into daily totals once, with two workers at it', async () => {
    const old = randomUUID();
    const straddling = randomUUID();
    await seedEvents(person, [
      // 100 days ago: folded (2 minutes in front; the tab was closed in front, so no end and the
      // open stretch counts nothing).
      [old, 'start', '2024-12-02T15:00:00.000Z', '2024-12-02', 10],
      [old, 'background', '2024-12-02T15:02:00.000Z', '2024-12-02', 10],
      [old, 'foreground', '2024-12-02T15:30:00.000Z', '2024-12-02', 10],
      // Begun 95 days ago but still sending 80 days ago: kept whole until all of it is old.
      [straddling, 'start', '2024-12-07T15:00:00.000Z', '2024-12-07', 10],
      [straddling, 'end', '2024-12-22T15:00:00.000Z', '2024-12-22', 10],
    ]);
    const now = new Date(NOW);
    const [first, second] = await Promise.all([
      rollUpEngagement(harness.database.db, now),
      rollUpEngagement(harness.database.db, now),
    ]);
    expect(first.sessions + second.sessions).toBe(1);
    expect(first.events + second.events).toBe(3);
    expect(await rollUpEngagement(harness.database.db, now)).toEqual({ sessions: 0, events: 0 });
    const days = await queryRows<{ date: string; sessions: number; seconds: number }>(
      harness.database.db,
      sql`select local_date::text as date, sessions, foreground_seconds as seconds
          from engagement_days where user_id = ${person.id}::uuid order by local_date`,
    );
    expect(days).toEqual([
      { date: '2024-12-02', sessions: 1, seconds: 120 },
      { date: '2025-03-01', sessions: 2, seconds: 600 },
    ]);
    const left = await queryRows<{ session: string }>(
      harness.database.db,
      sql`select distinct session_id::text as session from session_events
          where user_id = ${person.id}::uuid and occurred_at < '2024-12-31'`,
    );
    expect(left).toEqual([{ session: straddling }]);
  });

  it("deletes a person's events and daily totals with their account", async () => {
    const leaving = await harness.user('UTC');
    expect((await post(leaving, { events: batchB.map((e) => ({ ...e })) })).statusCode).toBe(200);
    await harness.database.db
      .insert(engagementDays)
      .values({ userId: leaving.id, localDate: '2024-11-01', sessions: 1, foregroundSeconds: 5 });
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${leaving.id}`,
      payload: {},
      headers: {
        apikey: harness.app.auth.keys.serviceRoleKey,
        authorization: `Bearer ${harness.app.auth.keys.serviceRoleKey}`,
      },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await queryRows<{ events: number; days: number }>(
      harness.database.db,
      sql`select (select count(*)::int from session_events where user_id = ${leaving.id}::uuid) as events,
                 (select count(*)::int from engagement_days where user_id = ${leaving.id}::uuid) as days`,
    );
    expect(rows).toEqual([{ events: 0, days: 0 }]);
  });
});
