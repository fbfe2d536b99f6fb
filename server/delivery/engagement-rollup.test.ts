import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '#server/db/client.ts';
import { sessionEvents } from '#server/db/schema.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { startEngagementRollup, withEngagementRollup } from './engagement-rollup.ts';
import { seedDueUsers, silentLog } from './test-support.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('the worker’s engagement roll-up', () => {
  let database: Database;
  let userId: string;

  /** A session of two events on `date` (older than 90 days before NOW): 30 seconds in front. */
  const seedOldSession = (date: string) => {
    const sessionId = randomUUID();
    return database.db.insert(sessionEvents).values(
      ['start', 'end'].map((type, i) => ({
        userId,
        id: randomUUID(),
        sessionId,
        type: type as 'start',
        occurredAt: new Date(Date.parse(`${date}T10:00:00.000Z`) + i * 30_000),
        localDate: date,
        localHour: 10,
        receivedAt: NOW,
      })),
    );
  };
  const state = async () =>
    (
      await queryRows<{ events: number; sessions: number }>(
        database.db,
        sql`select (select count(*)::int from session_events) as events,
                   (select coalesce(sum(sessions), 0)::int from engagement_days) as sessions`,
      )
    )[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    [userId = ''] = await seedDueUsers(database.db, {
      count: 1,
      nextDeliveryAt: null,
      tasksPerUser: 0,
      localDate: '2025-06-01',
      now: NOW,
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('folds old sessions once at start and at every pass, with two workers running it', async () => {
    await seedOldSession('2025-01-10');
    const clock = () => NOW;
    const stops = [1, 2].map(() =>
      startEngagementRollup({ db: database.db, clock, log: silentLog, everyMs: 20 }),
    );
    await vi.waitFor(async () => expect(await state()).toEqual({ events: 0, sessions: 1 }));
    await seedOldSession('2025-01-11');
    await vi.waitFor(async () => expect(await state()).toEqual({ events: 0, sessions: 2 }));
    await Promise.all(stops.map((stop) => stop()));
    // Stopped: nothing more is folded.
    await seedOldSession('2025-01-12');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await state()).toEqual({ events: 2, sessions: 2 });
  });

  it('starts and stops with the delivery worker it rides on', async () => {
    const worker = { start: vi.fn(), stop: vi.fn(async () => undefined), tick: vi.fn() };
    const wrapped = withEngagementRollup(worker, {
      db: database.db,
      clock: () => NOW,
      log: silentLog,
    });
    wrapped.start();
    expect(worker.start).toHaveBeenCalledOnce();
    await vi.waitFor(async () => expect(await state()).toEqual({ events: 0, sessions: 3 }));
    await wrapped.stop();
    expect(worker.stop).toHaveBeenCalledOnce();
    expect(wrapped.tick).toBe(worker.tick);
  });
});
