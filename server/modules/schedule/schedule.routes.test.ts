import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { expectError, startDeliveryApp, type DeliveryTestApp } from '#server/test/delivery-app.ts';
import { scheduleResponseSchema, type ScheduleUpdate } from '#contracts/schedule.ts';
import { profileSchema } from '#contracts/profile.ts';

import type { TestUser } from '#server/test/users.ts';

const contract: ScheduleUpdate = {
  timeZone: 'Europe/Paris',
  dayStartHour: 4,
  times: { email: ['18:00', '07:30'], sms: [], push: ['12:00'] },
  days: [5, 1, 2, 3, 4],
  quietHours: { start: '22:00', end: '07:00' },
  travel: null,
  paused: false,
};

describe('schedule API', () => {
  let t: DeliveryTestApp;
  let alice: TestUser;

  const getSchedule = async (user: TestUser) => {
    const response = await t.call(user, 'GET', '/api/schedule');
    expect(response.statusCode, response.body).toBe(200);
    return scheduleResponseSchema.parse(response.json());
  };
  const put = (user: TestUser, body: unknown) => t.call(user, 'PUT', '/api/schedule', body);

  beforeAll(async () => {
    // Monday 3 March 2025, 08:00 UTC.
    t = await startDeliveryApp({ start: '2025-03-03T08:00:00.000Z' });
    alice = await t.user();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET answers the defaults in the profile zone until a schedule is saved, sending nothing', async () => {
    const user = await t.user();
    expect((await t.call(user, 'PUT', '/api/profile', { timeZone: 'Asia/Tokyo' })).statusCode).toBe(
      200,
    );
    const { schedule, preview } = await getSchedule(user);
    expect(schedule).toEqual({
      timeZone: 'Asia/Tokyo',
      dayStartHour: 4,
      times: { email: ['07:30'], sms: [], push: [] },
      days: [1, 2, 3, 4, 5, 6, 7],
      quietHours: { start: '22:00', end: '07:00' },
      travel: null,
      saved: false,
      paused: false,
    });
    // 07:30 in Tokyo is 22:30 UTC the day before. It is 18:00 there, today's has gone: still
    // seven, the coming week's.
    expect(preview.map((item) => item.at)).toEqual([
      '2025-03-03T22:30:00.000Z',
      '2025-03-04T22:30:00.000Z',
      '2025-03-05T22:30:00.000Z',
      '2025-03-06T22:30:00.000Z',
      '2025-03-07T22:30:00.000Z',
      '2025-03-08T22:30:00.000Z',
      '2025-03-09T22:30:00.000Z',
    ]);
    expect(preview.every((item) => item.inactive)).toBe(true);
  });

  it('PUT saves the zone in the profile and the contract together, sorted, and recomputes the next delivery', async () => {
    await t.confirmEmail(alice);
    const response = await put(alice, contract);
    expect(response.statusCode, response.body).toBe(200);
    const { schedule, preview } = scheduleResponseSchema.parse(response.json());
    expect(schedule).toEqual({
      ...contract,
      times: { email: ['07:30', '18:00'], sms: [], push: ['12:00'] },
      days: [1, 2, 3, 4, 5],
      saved: true,
    });
    // The scheduler's next look: 18:00 in Paris today, on email (push has no browser yet).
    expect(await t.nextDeliveryAt(alice)).toBe('2025-03-03T17:00:00.000Z');

    const profile = profileSchema.parse((await t.call(alice, 'GET', '/api/profile')).json());
    expect(profile).toMatchObject({ timeZone: 'Europe/Paris', saved: true });

    // Monday 09:00 in Paris: 18:00 today first, weekdays only, push not set up.
    expect(preview[0]).toEqual({
      channel: 'push',
      localDate: '2025-03-03',
      slot: '12:00',
      at: '2025-03-03T11:00:00.000Z',
      localTime: '12:00',
      timeZone: 'Europe/Paris',
      offsetChanged: false,
      notes: [],
      inactive: true,
    });
    const emails = preview.filter((item) => item.channel === 'email');
    expect(emails.map((item) => `${item.localDate} ${item.slot}`)).toEqual([
      '2025-03-03 18:00',
      '2025-03-04 07:30',
      '2025-03-04 18:00',
      '2025-03-05 07:30',
      '2025-03-05 18:00',
      '2025-03-06 07:30',
      '2025-03-06 18:00',
      '2025-03-07 07:30',
      '2025-03-07 18:00',
      // A week from now (Monday 09:00): the weekend has none, next Monday's 07:30 is in.
      '2025-03-10 07:30',
    ]);
    expect(emails.every((item) => !item.inactive)).toBe(true);
    expect((await getSchedule(alice)).schedule.saved).toBe(true);
  });

  it('marks the DST gap in the preview: 02:30 on the night New York springs forward', async () => {
    t.clock.set('2025-03-07T12:00:00.000Z');
    try {
      const user = await t.user();
      const response = await put(user, {
        ...contract,
        timeZone: 'America/New_York',
        // Days start at midnight, so 02:30 on 9 March is that date's slot.
        dayStartHour: 0,
        times: { email: ['02:30'], sms: [], push: [] },
        days: [1, 2, 3, 4, 5, 6, 7],
        quietHours: null,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { preview } = scheduleResponseSchema.parse(response.json());
      const sunday = preview.find((item) => item.localDate === '2025-03-09');
      expect(sunday).toMatchObject({ slot: '02:30', localTime: '03:30', offsetChanged: true });
      expect(sunday?.notes).toContain('dst_gap');
    } finally {
      t.clock.set('2025-03-03T08:00:00.000Z');
    }
  });

  it('paused: every previewed delivery is inactive', async () => {
    const user = await t.user();
    await t.confirmEmail(user);
    const response = await put(user, { ...contract, paused: true });
    const { schedule, preview } = scheduleResponseSchema.parse(response.json());
    expect(schedule.paused).toBe(true);
    expect(preview.length).toBeGreaterThan(0);
    expect(preview.every((item) => item.inactive)).toBe(true);
  });

  it('accepts travel to the home zone itself, and a trip with no end', async () => {
    const user = await t.user();
    const travel = { timeZone: 'Europe/Paris', from: '2025-03-05', until: null };
    const response = await put(user, { ...contract, travel });
    expect(response.statusCode, response.body).toBe(200);
    expect(scheduleResponseSchema.parse(response.json()).schedule.travel).toEqual(travel);
  });

  it('shows travel in the preview: from its first day the slots follow the trip zone', async () => {
    const user = await t.user();
    const response = await put(user, {
      ...contract,
      timeZone: 'Europe/London',
      times: { email: ['08:00'], sms: [], push: [] },
      days: [1, 2, 3, 4, 5, 6, 7],
      quietHours: null,
      travel: { timeZone: 'America/Los_Angeles', from: '2025-03-05', until: '2025-03-06' },
    });
    const { preview } = scheduleResponseSchema.parse(response.json());
    const byDate = new Map(preview.map((item) => [item.localDate, item]));
    expect(byDate.get('2025-03-04')).toMatchObject({
      timeZone: 'Europe/London',
      at: '2025-03-04T08:00:00.000Z',
    });
    expect(byDate.get('2025-03-05')).toMatchObject({
      timeZone: 'America/Los_Angeles',
      at: '2025-03-05T16:00:00.000Z',
    });
    expect(byDate.get('2025-03-05')?.notes).toContain('travel');
    expect(byDate.get('2025-03-07')).toMatchObject({ timeZone: 'Europe/London' });
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'body.timeZone'],
    ['25:00', { times: { email: ['25:00'], sms: [], push: [] } }, 'body.times.email.0'],
    ['24:00', { times: { email: [], sms: [], push: ['24:00'] } }, 'body.times.push.0'],
    [
      'the same time twice',
      { times: { email: ['07:30', '07:30'], sms: [], push: [] } },
      'body.times.email',
    ],
    [
      'four times on one channel',
      { times: { email: ['06:00', '07:00', '08:00', '09:00'], sms: [], push: [] } },
      'body.times.email',
    ],
    ['no day of the week', { days: [] }, 'body.days'],
    ['day 8', { days: [1, 8] }, 'body.days.1'],
    ['a day start of 24', { dayStartHour: 24 }, 'body.dayStartHour'],
    [
      'quiet hours that start and end together',
      { quietHours: { start: '22:00', end: '22:00' } },
      'body.quietHours',
    ],
    [
      'a trip that ends before it starts',
      { travel: { timeZone: 'Asia/Tokyo', from: '2025-03-10', until: '2025-03-09' } },
      'body.travel.until',
    ],
    [
      'a trip to an unknown zone',
      { travel: { timeZone: 'Mars/Olympus', from: '2025-03-10', until: null } },
      'body.travel.timeZone',
    ],
    [
      'two times quiet hours would send together',
      { times: { email: ['23:00', '06:00'], sms: [], push: [] } },
      'body.times.email',
    ],
    [
      'a time in quiet hours that would land on another',
      { times: { email: ['07:00', '23:30'], sms: [], push: [] } },
      'body.times.email',
    ],
  ])('400 for %s, naming the field, and nothing is written', async (_name, change, path) => {
    const user = await t.user();
    const error = expectError(await put(user, { ...contract, ...change }), 400, 'invalid_input');
    expect(error.message.startsWith(`${path}:`), error.message).toBe(true);
    expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect((await getSchedule(user)).schedule.saved).toBe(false);
    const profile = profileSchema.parse((await t.call(user, 'GET', '/api/profile')).json());
    expect(profile.saved).toBe(false);
    expect(await t.nextDeliveryAt(user)).toBeNull();
  });

  it('says which times collide in quiet hours', async () => {
    const user = await t.user();
    const error = expectError(
      await put(user, { ...contract, times: { email: ['23:00', '06:00'], sms: [], push: [] } }),
      400,
      'invalid_input',
    );
    expect(error.message).toBe(
      'body.times.email: 06:00 and 23:00 would both go out at 07:00, when quiet hours end; keep one of them or change the quiet hours',
    );
  });

  it('writes nothing when recomputing the next delivery fails: zone and contract roll back together', async () => {
    const user = await t.user();
    const refresh = vi
      .spyOn(t.app.delivery, 'refreshSchedule')
      .mockRejectedValueOnce(new Error('the scheduler is down'));
    try {
      const response = await put(user, contract);
      expect(response.statusCode).toBe(500);
      expect(refresh).toHaveBeenCalledWith(user.id, expect.anything());
    } finally {
      refresh.mockRestore();
    }
    expect((await getSchedule(user)).schedule.saved).toBe(false);
    const profile = profileSchema.parse((await t.call(user, 'GET', '/api/profile')).json());
    expect(profile).toMatchObject({ saved: false, timeZone: 'UTC' });
  });

  it("keeps users apart: one user's contract is not another's", async () => {
    const bob = await t.user();
    await put(alice, contract);
    expect((await getSchedule(bob)).schedule.saved).toBe(false);
    expect((await put(bob, { ...contract, timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect((await getSchedule(alice)).schedule.timeZone).toBe('Europe/Paris');
  });

  it('401 without a session', async () => {
    expectError(await t.call(null, 'GET', '/api/schedule'), 401, 'unauthenticated');
    expectError(await put({ headers: {} } as TestUser, contract), 401, 'unauthenticated');
  });
});
