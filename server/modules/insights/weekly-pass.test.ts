import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { createWeekReview } from '#server/modules/analytics/week-review.service.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import type { TestUser } from '#server/test/users.ts';
import * as repo from './insights.repo.ts';
import { createInsightsService } from './insights.service.ts';
import { weeklyInsightsPass } from './weekly-pass.ts';

// The worker's weekly pass, with two workers running at once: each person's week is written
// once, at the start of their own local week, with one `insight` notification.

describe('weekly insights worker', () => {
  let harness: PlanningTestApp;
  let utc: TestUser;
  let newYork: TestUser;
  let tokyo: TestUser;

  const worker = (batchSize: number) => {
    const { db } = harness.database;
    const clock = harness.clock.now;
    const profile = createProfileService({ db, clock });
    const insights = createInsightsService({
      db,
      clock,
      profile,
      review: createWeekReview({ db, doneDays: async () => [] }),
      tasks: { create: unreachable, act: unreachable, find: unreachable },
      experiments: { propose: unreachable, list: noExperiments },
      limiter: createRateLimiter({ db, clock }),
      log: { warn: () => undefined },
    });
    const log = { error: (details: object) => expect.fail(JSON.stringify(details)) };
    const pass = () =>
      weeklyInsightsPass({ db, clock, profile, insights, batchSize, leaseMs: 60_000, log });
    return {
      pass,
      /** Passes until nothing is due; how many insights this worker wrote. */
      async drain() {
        let written = 0;
        for (;;) {
          const result = await pass();
          written += result.written;
          if (result.claimed === 0) return written;
        }
      },
    };
  };
  function unreachable(): never {
    throw new Error('the worker changes no task');
  }
  async function noExperiments() {
    return { localDate: harness.clock.now().toISOString().slice(0, 10), experiments: [] };
  }

  const rows = (userId: string) =>
    queryRows<{ week: string; status: string; due: string; attempts: number }>(
      harness.database.db,
      sql`select week_start::text as week, status, due_at as due, attempts from weekly_insights
          where user_id = ${userId}::uuid order by week_start`,
    );
  const insightNotifications = async (userId: string) =>
    (
      await queryRows<{ count: number }>(
        harness.database.db,
        sql`select count(*)::int as count from notifications
            where user_id = ${userId}::uuid and type = 'insight'`,
      )
    )[0]?.count;

  beforeAll(async () => {
    // Wednesday 5 March 2025.
    harness = await startPlanningApp('2025-03-05T12:00:00.000Z');
    utc = await harness.user('UTC');
    newYork = await harness.user('America/New_York');
    tokyo = await harness.user('Asia/Tokyo');
  });
  afterAll(() => harness.close());

  it('gives each person the next week, due when it starts in their zone, and writes nothing mid-week', async () => {
    const { written } = await worker(100).pass();
    expect(written).toBe(0);
    const due = async (user: TestUser) =>
      (await rows(user.id)).map((r) => [r.week, r.status, new Date(r.due).toISOString()]);
    expect(await due(utc)).toEqual([['2025-03-10', 'pending', '2025-03-10T00:00:00.000Z']]);
    // Daylight saving time began in New York on 9 March: UTC−4.
    expect(await due(newYork)).toEqual([['2025-03-10', 'pending', '2025-03-10T04:00:00.000Z']]);
    expect(await due(tokyo)).toEqual([['2025-03-10', 'pending', '2025-03-09T15:00:00.000Z']]);
  });

  it('two workers at once: Tokyo’s week first, written once, announced once', async () => {
    harness.clock.set('2025-03-09T16:00:00.000Z');
    const [a, b] = await Promise.all([worker(1).drain(), worker(1).drain()]);
    expect(a + b).toBe(1);
    expect((await rows(tokyo.id)).map((r) => [r.week, r.status])).toEqual([
      ['2025-03-10', 'ready'],
      ['2025-03-17', 'pending'],
    ]);
    expect(await insightNotifications(tokyo.id)).toBe(1);
    expect((await rows(utc.id))[0]?.status).toBe('pending');
  });

  it('two workers at once on Monday: everyone’s week once, one notification each', async () => {
    harness.clock.set('2025-03-10T05:00:00.000Z');
    const [a, b] = await Promise.all([worker(1).drain(), worker(2).drain()]);
    expect(a + b).toBe(2);
    for (const user of [utc, newYork, tokyo]) {
      const weeks = await rows(user.id);
      expect(weeks.map((r) => [r.week, r.status])).toEqual([
        ['2025-03-10', 'ready'],
        ['2025-03-17', 'pending'],
      ]);
      expect(await insightNotifications(user.id)).toBe(1);
    }
    // Nothing is due again until the next week starts.
    expect(await worker(10).drain()).toBe(0);
  });

  it('a worker whose lease ran out cannot write after the one that took over', async () => {
    harness.clock.set('2025-03-17T01:00:00.000Z');
    const { db } = harness.database;
    const now = harness.clock.now();
    const stale = await repo.claimDue(db, now, new Date(now.getTime() + 1000), 1);
    expect(stale).toHaveLength(1);
    harness.clock.set('2025-03-17T01:05:00.000Z');
    expect(await worker(10).drain()).toBeGreaterThanOrEqual(1);
    const claim = stale[0]!;
    const written = await createInsightsService({
      db,
      clock: harness.clock.now,
      profile: createProfileService({ db, clock: harness.clock.now }),
      review: createWeekReview({ db, doneDays: async () => [] }),
      tasks: { create: unreachable, act: unreachable, find: unreachable },
      experiments: { propose: unreachable, list: noExperiments },
      limiter: createRateLimiter({ db, clock: harness.clock.now }),
      log: { warn: () => undefined },
    }).compose(claim.userId, '2025-03-17');
    expect(await repo.completeClaim(db, claim, written, harness.clock.now())).toBe(false);
    expect(await insightNotifications(claim.userId)).toBe(2);
    expect((await rows(claim.userId)).find((r) => r.week === '2025-03-17')?.attempts).toBe(2);
  });

  it('the delivery worker runs the pass; a week written late becomes the current one', async () => {
    harness.clock.set('2025-03-24T05:00:00.000Z');
    await harness.app.delivery.tick();
    const [left] = await queryRows<{ due: number; ready: number }>(
      harness.database.db,
      sql`select count(*) filter (where status <> 'ready' and due_at <= ${'2025-03-24T05:00:00Z'}::timestamptz)::int as due,
                 count(*) filter (where status = 'ready' and week_start = '2025-03-24')::int as ready
          from weekly_insights`,
    );
    expect(left).toEqual({ due: 0, ready: 3 });
  });
});
