import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServerEvent } from '#contracts/events.ts';
import { openDatabase, queryRows, type Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createEventBus, type EventBus } from './event-bus.ts';

/** Collects what a subscriber receives and waits for it. */
function collector() {
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  return {
    events,
    handler: (event: ServerEvent) => {
      events.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
    async next(count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`received ${events.length} of ${count} events`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events;
    },
  };
}

const changed = (unreadCount: number): ServerEvent => ({
  type: 'notifications.changed',
  data: { unreadCount },
});

describe('createEventBus', () => {
  let database: Database;
  let bus: EventBus;
  let other: EventBus;

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = createEventBus(database);
    // A second bus on the same database stands for a second server process.
    other = createEventBus(database);
  });
  afterAll(async () => {
    await bus?.close();
    await other?.close();
    await database?.close();
  });

  it('delivers a user’s events to that user’s subscribers only, in every bus on the database', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const aliceHere = collector();
    const aliceThere = collector();
    const bobHere = collector();
    await bus.subscribe(alice, aliceHere.handler);
    await other.subscribe(alice, aliceThere.handler);
    await bus.subscribe(bob, bobHere.handler);

    await other.publish(alice, changed(3));
    expect(await aliceHere.next()).toEqual([changed(3)]);
    expect(await aliceThere.next()).toEqual([changed(3)]);
    await bus.publish(bob, changed(1));
    expect(await bobHere.next()).toEqual([changed(1)]);
    expect(aliceHere.events).toHaveLength(1);
  });

  it('stops delivering once unsubscribed', async () => {
    const user = randomUUID();
    const first = collector();
    const second = collector();
    const stop = await bus.subscribe(user, first.handler);
    await bus.subscribe(user, second.handler);
    stop();
    await bus.publish(user, changed(2));
    await second.next();
    expect(first.events).toEqual([]);
  });

  it('turns an event too large for NOTIFY into `stale`', async () => {
    const user = randomUUID();
    const received = collector();
    await bus.subscribe(user, received.handler);
    const huge: ServerEvent = {
      type: 'notification.created',
      data: {
        id: randomUUID(),
        type: 'other',
        title: 't',
        message: '\u0001'.repeat(2000),
        read: false,
        priority: 'low',
        created_at: new Date().toISOString(),
      },
    };
    await bus.publish(user, huge);
    expect(await received.next()).toEqual([
      { type: 'stale', data: { type: 'notification.created' } },
    ]);
  });

  it('ignores NOTIFY payloads on its channel that are not its own envelopes', async () => {
    const user = randomUUID();
    const received = collector();
    await bus.subscribe(user, received.handler);
    await database.notify('trellis_events', 'not json');
    await database.notify('trellis_events', JSON.stringify({ u: user }));
    await bus.publish(user, changed(0));
    expect(await received.next()).toEqual([changed(0)]);
  });
});

const serverUrl = inject('postgresTemplate');

describe.runIf(serverUrl)('createEventBus on PostgreSQL', () => {
  it('reaches another process’s bus, and listens again after its connection drops', async () => {
    const source = await createTestDatabase();
    // A second pool and listener connection on the same database, as another process would have.
    const [current] = await queryRows<{ name: string }>(
      source.db,
      sql`select current_database() as name`,
    );
    const name = current?.name ?? '';
    const target = new URL(serverUrl ?? '');
    target.pathname = `/${name}`;
    const second = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
    const publisher = createEventBus(source);
    const subscriber = createEventBus(second);
    try {
      const user = randomUUID();
      const received = collector();
      await subscriber.subscribe(user, received.handler);
      await publisher.publish(user, changed(1));
      await received.next(1);

      const killed = await queryRows<{ done: boolean }>(
        source.db,
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity where query ilike 'listen%' and datname = ${name}`,
      );
      expect(killed).toEqual([{ done: true }]);
      // Published until the listener is back: notifications sent while it was away are lost (the
      // clients' polling covers that gap), and the first one after it returns arrives.
      const deadline = Date.now() + 5000;
      while (received.events.length < 2 && Date.now() < deadline) {
        await publisher.publish(user, changed(2));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(received.events.at(-1)).toEqual(changed(2));
    } finally {
      await publisher.close();
      await subscriber.close();
      await second.close();
      await source.close();
    }
  });
});
