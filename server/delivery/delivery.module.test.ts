import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { recordingSenders, seedDueUsers, type RecordingSenders } from './test-support.ts';

// The module as the app builds it: app.delivery, its senders, and the delivery metrics.

let database: Database;
let app: FastifyInstance;
let senders: RecordingSenders;
const now = new Date('2026-03-10T07:30:30.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  senders = recordingSenders();
  app = await createTestApp(database, { clock: () => now, deliverySenders: senders });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('app.delivery', () => {
  it('is the engine, with the senders given, counted on /metrics', async () => {
    expect(app.delivery.senders).toBe(senders);
    const [user] = (await seedDueUsers(database.db, {
      count: 1,
      now,
      localDate: '2026-03-10',
      nextDeliveryAt: new Date('2026-03-10T07:30:00.000Z'),
    })) as [string];
    // One queued row waiting when /metrics is read, then the tick sends both.
    await app.delivery.sendNow(user);
    const waiting = await app.inject('/metrics');
    expect(waiting.body).toMatch(/^trellis_delivery_queue\{channel="email",status="queued"\} 1$/m);

    expect(await app.delivery.tick()).toEqual({ scheduled: 1, sent: 2, failed: 0 });
    expect(senders.sent.map((m) => m.to)).toEqual([
      expect.stringMatching(/@example\.com$/),
      expect.stringMatching(/@example\.com$/),
    ]);
    const metrics = await app.inject('/metrics');
    expect(metrics.body).toMatch(/^trellis_deliveries_total\{channel="email",status="sent"\} 2$/m);
    expect(metrics.body).not.toMatch(/^trellis_delivery_queue\{/m);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from deliveries`,
    );
    expect(row?.n).toBe(2);
  });

  it('runs its worker loops from start() until stop()', async () => {
    const [user] = (await seedDueUsers(database.db, {
      count: 1,
      now,
      localDate: '2026-03-10',
      nextDeliveryAt: new Date('2026-03-10T07:30:00.000Z'),
    })) as [string];
    const sentTo = () => senders.sent.length;
    const before = sentTo();
    expect(await app.delivery.lastTick()).toBeNull();
    app.delivery.start();
    app.delivery.start();
    await expect
      .poll(async () => {
        const rows = await queryRows<{ status: string }>(
          database.db,
          sql`select status from deliveries where user_id = ${user}::uuid`,
        );
        return rows.map((r) => r.status);
      })
      .toEqual(['sent']);
    await app.delivery.stop();
    await app.delivery.stop();
    expect(sentTo()).toBe(before + 1);
    // The scheduler reported its pass, for the admins' System panel in any process.
    expect(await app.delivery.lastTick()).toBeInstanceOf(Date);
  });
});
