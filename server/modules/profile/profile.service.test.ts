import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todaySchema } from '#contracts/today.ts';
import type { Travel } from '#contracts/schedule.ts';
import { deliverySchedules } from '#server/db/schema.ts';
import { startPlanningApp, type PlanningTestApp } from '#server/modules/goals/test-support.ts';
import { signUpTestUser, type TestUser } from '#server/test/users.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';

let harness: PlanningTestApp;
let profile: ProfileService;

beforeAll(async () => {
  harness = await startPlanningApp('2026-06-02T00:30:00Z');
  profile = createProfileService({ db: harness.database.db, clock: harness.clock.now });
});

afterAll(async () => {
  await harness.close();
});

async function saveDayContract(
  user: TestUser,
  contract: { dayStartHour: number; travel?: Travel | null },
): Promise<void> {
  const now = harness.clock.now();
  await harness.database.db.insert(deliverySchedules).values({
    userId: user.id,
    dayStartHour: contract.dayStartHour,
    times: { email: ['07:30'], sms: [], push: [] },
    days: [1, 2, 3, 4, 5, 6, 7],
    quietHours: null,
    travel: contract.travel ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

describe('profile.day', () => {
  it('is the calendar date in the profile zone without a day contract', async () => {
    const user = await harness.user('Europe/Berlin');
    // 02:30 on Tuesday in Berlin.
    harness.clock.set('2026-06-02T00:30:00Z');
    await expect(profile.day(user.id)).resolves.toEqual({
      timeZone: 'Europe/Berlin',
      localDate: '2026-06-02',
      dailyCapacityMinutes: expect.any(Number) as number,
    });
  });

  it('keeps the clock before the day start on the day before (04:00 day start)', async () => {
    const user = await harness.user('Europe/Berlin');
    const other = await harness.user('Europe/Berlin');
    await saveDayContract(user, { dayStartHour: 4 });

    harness.clock.set('2026-06-02T00:30:00Z'); // 02:30 in Berlin
    expect((await profile.day(user.id)).localDate).toBe('2026-06-01');
    // Another user's day contract changes nothing for this one.
    expect((await profile.day(other.id)).localDate).toBe('2026-06-02');
    // Inside a transaction too.
    await harness.database.db.transaction(async (tx) => {
      expect((await profile.day(user.id, tx)).localDate).toBe('2026-06-01');
    });

    harness.clock.set('2026-06-02T02:00:00Z'); // 04:00 in Berlin
    expect((await profile.day(user.id)).localDate).toBe('2026-06-02');
  });

  it('follows a trip: its days begin by the travel clock, in the travel zone', async () => {
    const user = await harness.user('Europe/Berlin');
    await saveDayContract(user, {
      dayStartHour: 4,
      travel: { timeZone: 'Asia/Tokyo', from: '2026-06-02', until: null },
    });
    harness.clock.set('2026-06-01T18:59:00Z'); // 20:59 in Berlin, 03:59 on the 2nd in Tokyo
    expect(await profile.day(user.id)).toMatchObject({
      localDate: '2026-06-01',
      timeZone: 'Europe/Berlin',
    });
    harness.clock.set('2026-06-01T19:00:00Z'); // 04:00 on the 2nd in Tokyo
    expect(await profile.day(user.id)).toMatchObject({
      localDate: '2026-06-02',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('uses the day contract without a saved profile (home zone UTC)', async () => {
    const user = await signUpTestUser(harness.app);
    await saveDayContract(user, { dayStartHour: 6 });
    harness.clock.set('2026-06-02T05:59:00Z');
    expect((await profile.day(user.id)).localDate).toBe('2026-06-01');
  });

  it("tells the client the day-start hour, so its today is the server's", async () => {
    const user = await harness.user('America/New_York');
    const signedIn = await harness.signIn(user);
    const before = await harness.call(signedIn, 'GET', '/api/profile');
    expect(before.json()).toMatchObject({ timeZone: 'America/New_York', dayStartHour: 0 });
    await saveDayContract(user, { dayStartHour: 4 });
    const after = await harness.call(signedIn, 'GET', '/api/profile');
    expect(after.json()).toMatchObject({ timeZone: 'America/New_York', dayStartHour: 4 });
    const moved = await harness.call(signedIn, 'PUT', '/api/profile', { timeZone: 'Asia/Tokyo' });
    expect(moved.json()).toMatchObject({ timeZone: 'Asia/Tokyo', dayStartHour: 4 });
  });

  it('gives the top three of yesterday at 01:30 with a 04:00 day start', async () => {
    const user = await harness.user('America/New_York');
    await saveDayContract(user, { dayStartHour: 4 });
    harness.clock.set('2026-06-02T05:30:00Z'); // 01:30 on the 2nd in New York
    const signedIn = await harness.signIn(user);
    const response = await harness.call(signedIn, 'GET', '/api/tasks/today');
    expect(response.statusCode).toBe(200);
    expect(todaySchema.parse(response.json())).toMatchObject({
      localDate: '2026-06-01',
      timeZone: 'America/New_York',
    });
  });
});
