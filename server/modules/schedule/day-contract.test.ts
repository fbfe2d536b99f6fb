import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { todayIn } from '#contracts/local-date.ts';
import {
  localDayOf,
  NEXT_DELIVERY_HORIZON_DAYS,
  nextDeliveryAt,
  occurrencesBetween,
  upcoming,
  zoneOn,
} from './day-contract.ts';
import type { DayContract, SlotOccurrence } from './day-contract.ts';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

function contract(overrides: Partial<DayContract> = {}): DayContract {
  return {
    timeZone: 'Europe/London',
    dayStartHour: 0,
    times: { email: [], sms: [], push: [] },
    days: ALL_DAYS,
    quietHours: null,
    travel: null,
    ...overrides,
  };
}

const email = (...times: string[]) => ({ email: times, sms: [], push: [] });
const utc = (iso: string) => new Date(iso);

/** The occurrences of one local date, from a window wide enough to hold all of them. */
function onDate(c: DayContract, localDate: string): SlotOccurrence[] {
  const midnight = Date.parse(`${localDate}T00:00:00Z`);
  return occurrencesBetween(
    c,
    new Date(midnight - 3 * 86_400_000),
    new Date(midnight + 4 * 86_400_000),
  ).filter((o) => o.localDate === localDate);
}

function only(c: DayContract, localDate: string): SlotOccurrence {
  const found = onDate(c, localDate);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('zoneOn', () => {
  const travel = { timeZone: 'Asia/Tokyo', from: '2026-06-10', until: '2026-06-12' };
  const c = contract({ timeZone: 'America/New_York', travel });

  it('follows the travel zone from the first through the last day of the trip', () => {
    expect(zoneOn(c, '2026-06-09')).toBe('America/New_York');
    expect(zoneOn(c, '2026-06-10')).toBe('Asia/Tokyo');
    expect(zoneOn(c, '2026-06-12')).toBe('Asia/Tokyo');
    expect(zoneOn(c, '2026-06-13')).toBe('America/New_York');
  });

  it('keeps a move without an end for good', () => {
    const moved = contract({ travel: { ...travel, until: null } });
    expect(zoneOn(moved, '2030-01-01')).toBe('Asia/Tokyo');
    expect(zoneOn(moved, '2026-06-09')).toBe('Europe/London');
  });
});

describe('localDayOf', () => {
  it('keeps the clock before the day start on the day before (04:00 day start)', () => {
    const c = contract({ timeZone: 'Europe/Berlin', dayStartHour: 4 });
    // 02:00 in Berlin on Tuesday 2 June is still Monday.
    expect(localDayOf(utc('2026-06-02T00:00:00Z'), c)).toEqual({
      localDate: '2026-06-01',
      timeZone: 'Europe/Berlin',
    });
    expect(localDayOf(utc('2026-06-02T01:59:59Z'), c).localDate).toBe('2026-06-01');
    expect(localDayOf(utc('2026-06-02T02:00:00Z'), c).localDate).toBe('2026-06-02');
  });

  it("agrees with the client's todayIn at any instant, zone and day-start hour (no trip)", () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 12 }),
        (instant, timeZone, dayStartHour) => {
          expect(todayIn(timeZone, instant, dayStartHour)).toBe(
            localDayOf(instant, contract({ timeZone, dayStartHour })).localDate,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the same instant different days from UTC−10 to UTC+14', () => {
    const instant = utc('2026-06-15T12:00:00Z');
    const day = (timeZone: string) =>
      localDayOf(instant, contract({ timeZone, dayStartHour: 0 })).localDate;
    expect(day('Pacific/Honolulu')).toBe('2026-06-15'); // 02:00
    expect(day('Pacific/Kiritimati')).toBe('2026-06-16'); // 02:00 the next day
    // With a 04:00 day start both clocks read 02:00: the day before.
    const early = (timeZone: string) =>
      localDayOf(instant, contract({ timeZone, dayStartHour: 4 })).localDate;
    expect(early('Pacific/Honolulu')).toBe('2026-06-14');
    expect(early('Pacific/Kiritimati')).toBe('2026-06-15');
  });

  it('reads the day start off the wall clock on a DST day', () => {
    const c = contract({ timeZone: 'America/New_York', dayStartHour: 4 });
    // 04:30 EDT on 8 March 2026, five hours of wall clock after midnight but four real hours.
    expect(localDayOf(utc('2026-03-08T08:30:00Z'), c).localDate).toBe('2026-03-08');
    // 03:30 EDT: not yet 04:00.
    expect(localDayOf(utc('2026-03-08T07:30:00Z'), c).localDate).toBe('2026-03-07');
  });

  it('flying east, the first travel day begins by the new clock and cuts the last home day short', () => {
    const c = contract({
      timeZone: 'America/New_York',
      dayStartHour: 4,
      travel: { timeZone: 'Asia/Tokyo', from: '2026-06-10', until: null },
    });
    // 14:59 in New York on the 9th is 03:59 in Tokyo on the 10th: still the 9th.
    expect(localDayOf(utc('2026-06-09T18:59:00Z'), c)).toEqual({
      localDate: '2026-06-09',
      timeZone: 'America/New_York',
    });
    // 15:00 in New York is 04:00 in Tokyo: the 10th has begun, in Tokyo.
    expect(localDayOf(utc('2026-06-09T19:00:00Z'), c)).toEqual({
      localDate: '2026-06-10',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('flying west, the last home day lasts until the first travel day begins', () => {
    const c = contract({
      timeZone: 'Asia/Tokyo',
      dayStartHour: 4,
      travel: { timeZone: 'America/New_York', from: '2026-06-10', until: '2026-06-11' },
    });
    // 10:00 in Tokyo on the 10th is 21:00 in New York on the 9th: the 9th goes on.
    expect(localDayOf(utc('2026-06-10T01:00:00Z'), c)).toEqual({
      localDate: '2026-06-09',
      timeZone: 'Asia/Tokyo',
    });
    // 04:00 in New York on the 10th.
    expect(localDayOf(utc('2026-06-10T08:00:00Z'), c)).toEqual({
      localDate: '2026-06-10',
      timeZone: 'America/New_York',
    });
    // Back home: the 12th begins at 04:00 in Tokyo, while New York still reads the 11th.
    expect(localDayOf(utc('2026-06-11T19:00:00Z'), c)).toEqual({
      localDate: '2026-06-12',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('flying home west, the last travel day lasts until the home day begins', () => {
    const c = contract({
      timeZone: 'America/New_York',
      dayStartHour: 4,
      travel: { timeZone: 'Asia/Tokyo', from: '2026-06-10', until: '2026-06-11' },
    });
    // 05:00 on the 12th in Tokyo, 16:00 on the 11th in New York: the 11th goes on, in Tokyo.
    expect(localDayOf(utc('2026-06-11T20:00:00Z'), c)).toEqual({
      localDate: '2026-06-11',
      timeZone: 'Asia/Tokyo',
    });
    // 04:00 on the 12th in New York.
    expect(localDayOf(utc('2026-06-12T08:00:00Z'), c)).toEqual({
      localDate: '2026-06-12',
      timeZone: 'America/New_York',
    });
  });

  it('rejects an unknown zone', () => {
    expect(() => localDayOf(new Date(), contract({ timeZone: 'Mars/Olympus_Mons' }))).toThrow(
      RangeError,
    );
  });
});

describe('occurrencesBetween', () => {
  it('places the same slot 24 hours apart at the two ends of the offsets (UTC−10, UTC+14)', () => {
    const honolulu = only(
      contract({ timeZone: 'Pacific/Honolulu', times: email('07:30') }),
      '2026-06-15',
    );
    const kiritimati = only(
      contract({ timeZone: 'Pacific/Kiritimati', times: email('07:30') }),
      '2026-06-15',
    );
    expect(honolulu.at).toEqual(utc('2026-06-15T17:30:00Z'));
    expect(kiritimati.at).toEqual(utc('2026-06-14T17:30:00Z'));
    expect(honolulu).toMatchObject({
      localTime: '07:30',
      timeZone: 'Pacific/Honolulu',
      notes: [],
      offsetChanged: false,
    });
  });

  it('moves a slot in the spring-forward gap forward by the gap (New York)', () => {
    const c = contract({ timeZone: 'America/New_York', times: email('02:30', '07:30') });
    const [gap, morning] = onDate(c, '2026-03-08');
    expect(gap).toMatchObject({
      slot: '02:30',
      localTime: '03:30',
      notes: ['dst_gap'],
      offsetChanged: true,
    });
    expect(gap!.at).toEqual(utc('2026-03-08T07:30:00Z'));
    expect(morning).toMatchObject({ slot: '07:30', localTime: '07:30', offsetChanged: true });
    expect(morning!.at).toEqual(utc('2026-03-08T11:30:00Z'));
    expect(onDate(c, '2026-03-09').every((o) => !o.offsetChanged && o.notes.length === 0)).toBe(
      true,
    );
    expect(onDate(c, '2026-03-07').every((o) => !o.offsetChanged)).toBe(true);
  });

  it('sends a slot in the fall-back repeat once, at its first instant (New York)', () => {
    const c = contract({ timeZone: 'America/New_York', times: email('01:30', '07:30') });
    const [repeat, morning] = onDate(c, '2026-11-01');
    expect(repeat).toMatchObject({ localTime: '01:30', notes: ['dst_repeat'] });
    expect(repeat!.at).toEqual(utc('2026-11-01T05:30:00Z')); // 01:30 EDT, not 01:30 EST
    // 01:30 EDT has the offset of the day before; 07:30 is the first slot in EST.
    expect(repeat!.offsetChanged).toBe(false);
    expect(morning!.offsetChanged).toBe(true);
    expect(morning!.at).toEqual(utc('2026-11-01T12:30:00Z'));
  });

  it('handles the gap and the repeat in Berlin too', () => {
    const c = contract({ timeZone: 'Europe/Berlin', times: email('02:30') });
    expect(only(c, '2026-03-29')).toMatchObject({ localTime: '03:30', notes: ['dst_gap'] });
    expect(only(c, '2026-03-29').at).toEqual(utc('2026-03-29T01:30:00Z'));
    expect(only(c, '2026-10-25')).toMatchObject({ localTime: '02:30', notes: ['dst_repeat'] });
    expect(only(c, '2026-10-25').at).toEqual(utc('2026-10-25T00:30:00Z'));
    expect(only(c, '2026-10-25').offsetChanged).toBe(false);
    expect(only(c, '2026-10-26').offsetChanged).toBe(true);
  });

  it('keeps a slot before a 04:00 day start on the local date it closes', () => {
    const c = contract({
      timeZone: 'Europe/Berlin',
      dayStartHour: 4,
      times: email('07:30', '01:30'),
    });
    const monday = onDate(c, '2026-06-01');
    expect(monday.map((o) => [o.slot, o.at.toISOString()])).toEqual([
      ['07:30', '2026-06-01T05:30:00.000Z'],
      ['01:30', '2026-06-01T23:30:00.000Z'], // 01:30 on Tuesday's calendar
    ]);
    expect(localDayOf(monday[1]!.at, c).localDate).toBe('2026-06-01');
  });

  it('holds a slot inside quiet hours that wrap midnight until they end', () => {
    const c = contract({
      timeZone: 'Europe/Berlin',
      times: email('21:59', '22:00', '06:59'),
      quietHours: { start: '22:00', end: '07:00' },
    });
    const monday = onDate(c, '2026-06-01');
    expect(monday.map((o) => [o.slot, o.localTime, o.at.toISOString(), o.notes])).toEqual([
      ['06:59', '07:00', '2026-06-01T05:00:00.000Z', ['quiet_hours']],
      ['21:59', '21:59', '2026-06-01T19:59:00.000Z', []],
      ['22:00', '07:00', '2026-06-02T05:00:00.000Z', ['quiet_hours']],
    ]);
  });

  it('holds a slot inside quiet hours within one day, and lets their end through', () => {
    const c = contract({
      timeZone: 'Europe/Berlin',
      times: email('12:00', '12:45', '13:00'),
      quietHours: { start: '12:00', end: '13:00' },
    });
    const held = onDate(c, '2026-06-01');
    expect(held.map((o) => [o.slot, o.localTime, o.notes])).toEqual([
      ['12:00', '13:00', ['quiet_hours']],
      ['12:45', '13:00', ['quiet_hours']],
      ['13:00', '13:00', []],
    ]);
    // Two slots held to the same instant stay two occurrences.
    expect(held[0]!.at).toEqual(held[1]!.at);
  });

  it('finds a delivery held by nearly a day, from two local dates back', () => {
    const c = contract({
      timeZone: 'Pacific/Honolulu',
      times: email('23:00'),
      quietHours: { start: '23:00', end: '22:59' },
    });
    // Wednesday 3 June's 23:00 waits until Thursday 22:59 in Honolulu: 08:59Z on Friday.
    const found = occurrencesBetween(c, utc('2026-06-05T08:00:00Z'), utc('2026-06-05T10:00:00Z'));
    expect(found.map((o) => [o.localDate, o.localTime, o.at.toISOString()])).toEqual([
      ['2026-06-03', '22:59', '2026-06-05T08:59:00.000Z'],
    ]);
  });

  it('holds a slot moved by the DST gap when its new time is quiet', () => {
    const c = contract({
      timeZone: 'America/New_York',
      times: email('02:30'),
      quietHours: { start: '03:00', end: '06:00' },
    });
    expect(only(c, '2026-03-08')).toMatchObject({ localTime: '06:00', notes: ['quiet_hours'] });
  });

  it('goes out only on the chosen weekdays, by the local date the slot belongs to', () => {
    const c = contract({
      timeZone: 'Europe/Berlin',
      dayStartHour: 4,
      times: email('08:00', '01:00'),
      days: [1, 2, 3, 4, 5],
    });
    // Friday 5 June to Monday 8 June 2026.
    const found = occurrencesBetween(c, utc('2026-06-05T00:00:00Z'), utc('2026-06-09T00:00:00Z'));
    expect(found.map((o) => [o.localDate, o.slot, o.at.toISOString()])).toEqual([
      ['2026-06-05', '08:00', '2026-06-05T06:00:00.000Z'],
      // Friday's 01:00 is on Saturday's calendar and goes out; Sunday's (on Monday) does not.
      ['2026-06-05', '01:00', '2026-06-05T23:00:00.000Z'],
      ['2026-06-08', '08:00', '2026-06-08T06:00:00.000Z'],
      ['2026-06-08', '01:00', '2026-06-08T23:00:00.000Z'],
    ]);
  });

  it('sorts by instant, then email, SMS, push, and honours the channel list', () => {
    const c = contract({
      timeZone: 'UTC',
      times: { email: ['09:00'], sms: ['08:00', '09:00'], push: ['09:00'] },
    });
    const from = utc('2026-06-01T00:00:00Z');
    const to = utc('2026-06-01T23:00:00Z');
    expect(occurrencesBetween(c, from, to).map((o) => `${o.slot} ${o.channel}`)).toEqual([
      '08:00 sms',
      '09:00 email',
      '09:00 sms',
      '09:00 push',
    ]);
    expect(occurrencesBetween(c, from, to, ['push']).map((o) => o.channel)).toEqual(['push']);
    expect(occurrencesBetween(c, from, to, [])).toEqual([]);
  });

  it('excludes `from` and includes `to`', () => {
    const c = contract({ timeZone: 'UTC', times: email('09:00') });
    const nine = utc('2026-06-01T09:00:00Z');
    expect(occurrencesBetween(c, nine, utc('2026-06-01T12:00:00Z'))).toEqual([]);
    expect(occurrencesBetween(c, utc('2026-06-01T08:00:00Z'), nine)).toHaveLength(1);
    expect(occurrencesBetween(c, nine, nine)).toEqual([]);
  });

  it('follows a trip: the new zone, its offset change and the travel note', () => {
    const c = contract({
      timeZone: 'America/New_York',
      times: email('07:30'),
      travel: { timeZone: 'Europe/Paris', from: '2026-06-10', until: '2026-06-12' },
    });
    const trip = ['2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13'].map(
      (date) => only(c, date),
    );
    expect(
      trip.map((o) => [o.localDate, o.timeZone, o.at.toISOString(), o.offsetChanged, o.notes]),
    ).toEqual([
      ['2026-06-09', 'America/New_York', '2026-06-09T11:30:00.000Z', false, []],
      ['2026-06-10', 'Europe/Paris', '2026-06-10T05:30:00.000Z', true, ['travel']],
      ['2026-06-11', 'Europe/Paris', '2026-06-11T05:30:00.000Z', false, ['travel']],
      ['2026-06-12', 'Europe/Paris', '2026-06-12T05:30:00.000Z', false, ['travel']],
      ['2026-06-13', 'America/New_York', '2026-06-13T11:30:00.000Z', true, []],
    ]);
  });

  it('keeps a permanent move (no end) in the new zone', () => {
    const c = contract({
      timeZone: 'America/New_York',
      times: email('07:30'),
      travel: { timeZone: 'Asia/Tokyo', from: '2026-06-10', until: null },
    });
    expect(only(c, '2026-06-10')).toMatchObject({
      timeZone: 'Asia/Tokyo',
      offsetChanged: true,
      notes: ['travel'],
    });
    expect(only(c, '2027-06-10')).toMatchObject({
      timeZone: 'Asia/Tokyo',
      offsetChanged: false,
      notes: ['travel'],
    });
    expect(only(c, '2027-06-10').at).toEqual(utc('2027-06-09T22:30:00Z'));
  });
});

describe('upcoming', () => {
  it('lists what is ahead over the coming week: seven of each daily slot, today’s gone or not', () => {
    const c = contract({
      timeZone: 'Europe/Berlin',
      dayStartHour: 4,
      times: { email: ['07:30'], sms: [], push: ['12:00'] },
    });
    // 10:00 in Berlin on Monday 1 June: today's 07:30 has gone, 12:00 has not.
    const list = upcoming(c, utc('2026-06-01T08:00:00Z'));
    expect(list.filter((o) => o.channel === 'email')).toHaveLength(7);
    expect(list.filter((o) => o.channel === 'push')).toHaveLength(7);
    expect(list[0]).toMatchObject({ localDate: '2026-06-01', slot: '12:00', channel: 'push' });
    // Next Monday's 07:30 is within the week; its 12:00 is not.
    expect(list.at(-1)).toMatchObject({ localDate: '2026-06-08', slot: '07:30' });
    expect(upcoming(c, utc('2026-06-01T08:00:00Z'), 1)).toHaveLength(2);
  });

  it('starts from the local day the clock is in, before the day start too', () => {
    const c = contract({ timeZone: 'Europe/Berlin', dayStartHour: 4, times: email('03:00') });
    // 02:00 on Tuesday is still Monday, whose 03:00 slot is an hour away.
    const [first] = upcoming(c, utc('2026-06-02T00:00:00Z'), 1);
    expect(first).toMatchObject({ localDate: '2026-06-01', slot: '03:00' });
    expect(first!.at).toEqual(utc('2026-06-02T01:00:00Z'));
  });
});

describe('nextDeliveryAt', () => {
  it('skips the days without deliveries', () => {
    const c = contract({ timeZone: 'Europe/Berlin', times: email('07:30'), days: [1] });
    // After Monday 1 June's delivery, the next is Monday 8 June.
    expect(nextDeliveryAt(c, utc('2026-06-01T05:30:00Z'), ['email'])).toEqual(
      utc('2026-06-08T05:30:00Z'),
    );
    expect(nextDeliveryAt(c, utc('2026-06-01T05:29:59Z'), ['email'])).toEqual(
      utc('2026-06-01T05:30:00Z'),
    );
  });

  it('finds a delivery held by quiet hours that last almost all day', () => {
    const c = contract({
      timeZone: 'Pacific/Kiritimati',
      times: email('09:00'),
      days: [3],
      quietHours: { start: '08:00', end: '07:59' },
    });
    // Wednesday 3 June's 09:00 waits for Thursday 07:59.
    expect(nextDeliveryAt(c, utc('2026-06-01T00:00:00Z'), ['email'])).toEqual(
      utc('2026-06-03T17:59:00Z'),
    );
  });

  it('finds an earlier delivery on the next local date after flying east', () => {
    const c = contract({
      timeZone: 'Pacific/Honolulu',
      times: email('07:30', '21:00'),
      travel: { timeZone: 'Asia/Tokyo', from: '2026-06-02', until: null },
    });
    // After Monday's 07:30 in Honolulu (17:30Z), Monday's 21:00 there (07:00Z on the 2nd) comes
    // after Tuesday's 07:30 in Tokyo (22:30Z on the 1st).
    const after = utc('2026-06-01T18:00:00Z');
    expect(nextDeliveryAt(c, after, ['email'])).toEqual(utc('2026-06-01T22:30:00Z'));
  });

  it('looks only at the channels it is given', () => {
    const c = contract({
      timeZone: 'UTC',
      times: { email: ['09:00'], sms: ['08:00'], push: [] },
    });
    const after = utc('2026-06-01T00:00:00Z');
    expect(nextDeliveryAt(c, after, ['email', 'sms'])).toEqual(utc('2026-06-01T08:00:00Z'));
    expect(nextDeliveryAt(c, after, ['email'])).toEqual(utc('2026-06-01T09:00:00Z'));
  });

  it('is null without channels or without times on them', () => {
    const c = contract({ timeZone: 'UTC', times: email('09:00') });
    const after = utc('2026-06-01T00:00:00Z');
    expect(nextDeliveryAt(c, after, [])).toBeNull();
    expect(nextDeliveryAt(c, after, ['sms', 'push'])).toBeNull();
    expect(nextDeliveryAt(contract({ timeZone: 'UTC' }), after, ['email'])).toBeNull();
  });
});

// --- Properties ---------------------------------------------------------------------------------

const zones = [
  'Pacific/Honolulu',
  'America/New_York',
  'America/Sao_Paulo',
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
];
const channels: DeliveryChannel[] = ['email', 'sms', 'push'];

const timeArb = fc
  .record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.constantFrom(0, 15, 30, 45, 59) })
  .map(({ hour, minute }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const timesArb = fc.uniqueArray(timeArb, { maxLength: 3 });
const dateArb = fc
  .integer({ min: 0, max: 700 })
  .map((days) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10));

const contractArb: fc.Arbitrary<DayContract> = fc.record({
  timeZone: fc.constantFrom(...zones),
  dayStartHour: fc.integer({ min: 0, max: 23 }),
  times: fc.record({ email: timesArb, sms: timesArb, push: timesArb }),
  days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  quietHours: fc.option(
    fc
      .tuple(timeArb, timeArb)
      .filter(([start, end]) => start !== end)
      .map(([start, end]) => ({ start, end })),
  ),
  travel: fc.option(
    fc
      .record({
        timeZone: fc.constantFrom(...zones),
        from: dateArb,
        length: fc.option(fc.integer({ min: 0, max: 20 })),
      })
      .map(({ timeZone, from, length }) => ({
        timeZone,
        from,
        until:
          length === null
            ? null
            : new Date(Date.parse(`${from}T00:00:00Z`) + length * 86_400_000)
                .toISOString()
                .slice(0, 10),
      })),
  ),
});

// Instants around 2026–2027 (DST changes included), to the minute.
const instantArb = fc
  .integer({ min: 0, max: 720 * 24 * 60 })
  .map((minutes) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000));

const key = (o: SlotOccurrence) => `${o.channel} ${o.localDate} ${o.slot}`;
const serialise = (list: SlotOccurrence[]) => list.map((o) => ({ ...o, at: o.at.toISOString() }));

describe('properties', () => {
  it('splitting a window changes nothing: (a,b] ∪ (b,c] = (a,c], no duplicates', () => {
    fc.assert(
      fc.property(
        contractArb,
        instantArb,
        fc.integer({ min: 0, max: 4 * 24 * 60 }),
        fc.integer({ min: 0, max: 4 * 24 * 60 }),
        (c, a, first, second) => {
          const b = new Date(a.getTime() + first * 60_000);
          const end = new Date(b.getTime() + second * 60_000);
          const whole = occurrencesBetween(c, a, end);
          const parts = [...occurrencesBetween(c, a, b), ...occurrencesBetween(c, b, end)];
          expect(serialise(parts)).toEqual(serialise(whole));
          expect(new Set(whole.map(key)).size).toBe(whole.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a window holds exactly the occurrences of whole local days that fall in it', () => {
    fc.assert(
      fc.property(
        contractArb,
        instantArb,
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        (c, from, minutes) => {
          const to = new Date(from.getTime() + minutes * 60_000);
          // upcoming() places every slot of whole local days; the window skips what cannot fit.
          const reference = upcoming(c, new Date(from.getTime() - 4 * 86_400_000), 10).filter(
            (o) => o.at > from && o.at <= to,
          );
          expect(serialise(occurrencesBetween(c, from, to))).toEqual(serialise(reference));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('nextDeliveryAt is the first occurrence within the horizon', () => {
    fc.assert(
      fc.property(contractArb, instantArb, fc.subarray(channels), (c, after, wanted) => {
        const horizon = new Date(after.getTime() + NEXT_DELIVERY_HORIZON_DAYS * 86_400_000);
        const first = occurrencesBetween(c, after, horizon, wanted)[0];
        expect(nextDeliveryAt(c, after, wanted)).toEqual(first?.at ?? null);
        // Any times at all on the channels means a delivery within the horizon.
        if (wanted.some((channel) => c.times[channel].length > 0)) expect(first).toBeDefined();
      }),
      { numRuns: 150 },
    );
  });

  it('an unmoved slot goes out at its clock time, within the local day it belongs to', () => {
    fc.assert(
      // Without travel: a trip's first day can cut the day before it short.
      fc.property(contractArb, instantArb, (withTravel, from) => {
        const c = { ...withTravel, travel: null };
        for (const o of upcoming(c, from, 3)) {
          expect(o.at.getTime()).toBeGreaterThan(from.getTime());
          if (o.notes.length > 0) continue;
          expect(o.localTime).toBe(o.slot);
          expect(localDayOf(o.at, c)).toEqual({ localDate: o.localDate, timeZone: o.timeZone });
        }
      }),
      { numRuns: 150 },
    );
  });
});
