import { DateTime, IANAZone } from 'luxon';
import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import { addDays, isoWeekday } from '#contracts/local-date.ts';
import {
  PREVIEW_DAYS,
  type PreviewItem,
  type QuietHours,
  type Travel,
} from '#contracts/schedule.ts';

/**
 * Day-contract arithmetic: when each delivery slot of a user falls, in which zone, and why it
 * may have moved. Pure; every zone conversion goes through Luxon.
 *
 * - **Local dates and slots.** A slot "HH:MM" belongs to a local date D. Its clock time is on
 *   calendar day D when HH:MM is at or after the day start (dayStartHour:00), else on calendar day
 *   D+1: with a 04:00 day start, 01:30 is the late evening of D.
 * - **Zones.** Date D follows `zoneOn(contract, D)`: the travel zone from `travel.from` through
 *   `travel.until` (for good when null), the home zone otherwise.
 * - **DST.** A clock time that does not exist (spring forward) moves forward by the gap (02:30 →
 *   03:30) with the note 'dst_gap'; one that happens twice (fall back) goes out at the first
 *   (earlier) instant with the note 'dst_repeat'.
 * - **Quiet hours** [start, end), which may wrap midnight: a slot whose actual local clock time (after
 *   any DST move) is inside them is held until the next time the clock reads `end` in the same zone,
 *   note 'quiet_hours', and its localTime is then `end` (a DST note of the end time is kept, the
 *   slot's own no longer matters). The held delivery still belongs to date D.
 * - **offsetChanged**: the UTC offset at this occurrence differs from the one at the same slot on
 *   the previous local date (a DST change or travel). The note 'travel' marks a date whose zone is
 *   not the home zone.
 * - **Days of the week** filter on the weekday of the local DATE a slot belongs to, not on the
 *   calendar day its clock time is on.
 * - Two slots of one channel that land on the same instant (both held to the quiet end) stay two
 *   occurrences: the outbox key includes the slot.
 */

/** A user's day contract as the arithmetic needs it (home zone from their profile). */
export interface DayContract {
  timeZone: string;
  dayStartHour: number;
  times: Record<DeliveryChannel, string[]>;
  /** ISO weekdays, 1 = Monday. */
  days: number[];
  quietHours: QuietHours | null;
  travel: Travel | null;
}

/** One slot on one local date: when it goes out and why it may have moved. */
export type SlotOccurrence = Omit<PreviewItem, 'at' | 'inactive'> & { at: Date };

type Note = PreviewItem['notes'][number];

const CHANNEL_ORDER: Record<DeliveryChannel, number> = { email: 0, sms: 1, push: 2 };
const NOTE_ORDER: readonly Note[] = ['dst_gap', 'dst_repeat', 'quiet_hours', 'travel'];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Every zone's offset lies within UTC−12 … UTC+14. */
const MAX_BEHIND_UTC = 12 * HOUR;
const MAX_AHEAD_OF_UTC = 14 * HOUR;
/**
 * Room for a DST gap (an hour, two at most anywhere today) and for offsets between the ones
 * sampled, in the bounds that spare Luxon work.
 */
const SLACK = 3 * HOUR;
/** How often offset bounds sample a zone: DST changes are months apart (SLACK covers the rest). */
const OFFSET_SAMPLE = 7 * DAY;

/**
 * How far nextDeliveryAt looks ahead. With one weekday, deliveries are a week apart; travel across
 * the date line (up to 26 hours of offset) and a quiet-hours hold can stretch that past 8 days, so
 * the horizon has room to spare. It stops at the first day that can hold the answer, so the extra
 * reach costs nothing in the usual case.
 */
export const NEXT_DELIVERY_HORIZON_DAYS = 10;

// Calendar arithmetic on local dates ("YYYY-MM-DD") in UTC, where every day has 24 hours.
function utcMidnight(localDate: string): number {
  return Date.parse(`${localDate}T00:00:00Z`);
}

function utcDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The zone date `localDate` follows: the travel zone during the trip, the home zone otherwise. */
export function zoneOn(
  contract: Pick<DayContract, 'timeZone' | 'travel'>,
  localDate: string,
): string {
  const { travel } = contract;
  if (travel && travel.from <= localDate && (travel.until === null || localDate <= travel.until))
    return travel.timeZone;
  return contract.timeZone;
}

function localNow(now: Date, timeZone: string): DateTime<true> {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  // Zones are validated before they are stored; an unknown one would be a bug, not user input.
  if (!local.isValid) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return local;
}

/** The day `now` is in by the clock of `timeZone`: its date, or the day before before the day start. */
function wallDay(now: Date, timeZone: string, dayStartHour: number): string {
  const local = localNow(now, timeZone);
  const date = local.toISODate();
  return local.hour < dayStartHour ? addDays(date, -1) : date;
}

/**
 * The user's "today" at `now`: the calendar date of the clock minus dayStartHour hours (wall
 * time, so a DST change does not move the boundary).
 *
 * With travel, a date's zone depends on the date itself, so the rule is: today is the latest
 * local date D whose day has begun by the clock of D's own zone (`zoneOn(D)` reads at least
 * D dayStartHour:00). Flying east, the first travel day begins while the last home day would still
 * be running and cuts it short; flying west, the last home day lasts until the first travel day
 * begins in the new zone.
 */
export function localDayOf(
  now: Date,
  contract: Pick<DayContract, 'timeZone' | 'dayStartHour' | 'travel'>,
): { localDate: string; timeZone: string } {
  const { timeZone, dayStartHour, travel } = contract;
  const home = wallDay(now, timeZone, dayStartHour);
  if (!travel) return { localDate: home, timeZone };

  // A home-zone date D has begun iff D <= home; a travel date iff D <= the travel clock's day.
  const during = (date: string) =>
    travel.from <= date && (travel.until === null || date <= travel.until);
  const away = wallDay(now, travel.timeZone, dayStartHour);
  const begun: string[] = [during(home) ? addDays(travel.from, -1) : home];
  if (during(away)) begun.push(away);
  else if (travel.until !== null && away > travel.until) begun.push(travel.until);
  const localDate = begun.reduce((latest, date) => (date > latest ? date : latest));
  return { localDate, timeZone: zoneOn(contract, localDate) };
}

function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

interface Placed {
  at: DateTime<true>;
  notes: Note[];
}

/** The instant the clock in `zone` reads `minutes` on calendar day `date`, gap and repeat resolved. */
function wallClock(zone: string, date: string, minutes: number): Placed {
  const [year, month, day] = date.split('-').map(Number);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const at = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
  if (!at.isValid) throw new RangeError(`Unknown time zone or date: ${zone} ${date}`);
  // Luxon moves a time inside a gap forward by the gap.
  if (at.hour !== hour || at.minute !== minute || at.day !== day) return { at, notes: ['dst_gap'] };
  // A repeat needs an offset change within hours of the instant: look for one cheaply first.
  const tz = at.zone;
  const ts = at.toMillis();
  if (tz.offset(ts - SLACK) === at.offset && tz.offset(ts + SLACK) === at.offset)
    return { at, notes: [] };
  const possible = at.getPossibleOffsets();
  if (possible.length > 1) {
    const first = possible.reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a));
    return { at: first, notes: ['dst_repeat'] };
  }
  return { at, notes: [] };
}

/** Where the slot of `localDate` lands (without the weekday filter or offsetChanged). */
function place(
  contract: DayContract,
  localDate: string,
  slotMinutes: number,
): Placed & { zone: string } {
  const zone = zoneOn(contract, localDate);
  const calendarDay = slotMinutes >= contract.dayStartHour * 60 ? localDate : addDays(localDate, 1);
  let placed = wallClock(zone, calendarDay, slotMinutes);
  const quiet = contract.quietHours;
  if (quiet) {
    const clock = placed.at.hour * 60 + placed.at.minute;
    const start = minutesOf(quiet.start);
    const end = minutesOf(quiet.end);
    const inside = start < end ? clock >= start && clock < end : clock >= start || clock < end;
    if (inside) {
      const today = placed.at.toISODate();
      const held = wallClock(zone, clock < end ? today : addDays(today, 1), end);
      placed = { at: held.at, notes: [...held.notes, 'quiet_hours'] };
    }
  }
  return { ...placed, zone };
}

interface Slot {
  channel: DeliveryChannel;
  time: string;
  minutes: number;
}

function slotsOf(contract: DayContract, channels: readonly DeliveryChannel[]): Slot[] {
  const wanted = [...new Set(channels)].sort((a, b) => CHANNEL_ORDER[a] - CHANNEL_ORDER[b]);
  return wanted.flatMap((channel) =>
    [...new Set(contract.times[channel])].map((time) => ({
      channel,
      time,
      minutes: minutesOf(time),
    })),
  );
}

/** The earliest instant any occurrence of `localDate` can have, whatever its zone. */
function earliestOf(contract: DayContract, localDate: string): number {
  return utcMidnight(localDate) + contract.dayStartHour * HOUR - MAX_AHEAD_OF_UTC - SLACK;
}

/** From the dayStart of D, how late (wall time) an occurrence of D can be: a day of slots, then a hold. */
function spanOf(contract: DayContract): number {
  return DAY + (contract.quietHours ? DAY : 0);
}

/** The local dates whose occurrences can fall in (from, to]. */
function datesCovering(contract: DayContract, from: number, to: number): string[] {
  const first = utcDateOf(
    from - contract.dayStartHour * HOUR - spanOf(contract) - MAX_BEHIND_UTC - SLACK,
  );
  const last = utcDateOf(to - contract.dayStartHour * HOUR + MAX_AHEAD_OF_UTC + SLACK);
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function sortOccurrences(occurrences: SlotOccurrence[]): SlotOccurrence[] {
  return occurrences.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      CHANNEL_ORDER[a.channel] - CHANNEL_ORDER[b.channel] ||
      (a.localDate < b.localDate ? -1 : a.localDate > b.localDate ? 1 : 0) ||
      (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0),
  );
}

/** The least and greatest UTC offset (ms) `zone` has between `from` and `to`, widened by SLACK. */
function offsetBounds(zone: string, from: number, to: number): { min: number; max: number } {
  const tz = IANAZone.create(zone);
  if (!tz.isValid) throw new RangeError(`Unknown time zone: ${zone}`);
  let min = Infinity;
  let max = -Infinity;
  for (let at = from; ; at += OFFSET_SAMPLE) {
    const offset = tz.offset(Math.min(at, to)) * MINUTE;
    min = Math.min(min, offset);
    max = Math.max(max, offset);
    if (at >= to) break;
  }
  return { min: min - SLACK, max: max + SLACK };
}

/** The next wall time (as UTC-naive ms) after `wall` at which the clock reads `minutes`. */
function nextClock(wall: number, minutes: number): number {
  const reading = Math.floor(wall / DAY) * DAY + minutes * MINUTE;
  return reading > wall ? reading : reading + DAY;
}

/**
 * Cheap bounds on the instant of a slot, from plain arithmetic on the wall clock and the offsets
 * the zone has around the window: a slot whose bounds miss the window needs no Luxon work.
 * A DST gap moves a clock time W forward by at most SLACK; if W … W + SLACK meets the quiet hours,
 * a hold moves it to their next end (itself possibly moved by a gap). So the final wall time lies
 * in [W, W + SLACK], or in [W, nextClock(W + SLACK, end) + SLACK] near quiet hours.
 */
function instantBounds(contract: DayContract, from: number, to: number) {
  const sampleFrom = from - spanOf(contract) - 2 * DAY;
  const sampleTo = to + 2 * DAY;
  const zones = new Map<string, { min: number; max: number }>();
  const quiet = contract.quietHours
    ? { start: minutesOf(contract.quietHours.start), end: minutesOf(contract.quietHours.end) }
    : null;
  /** The clock from `clock` to `clock` + SLACK (minutes of the day) meets the quiet hours. */
  const meetsQuiet = (clock: number, window: { start: number; end: number }) => {
    const inside =
      window.start < window.end
        ? clock >= window.start && clock < window.end
        : clock >= window.start || clock < window.end;
    const untilStart = (window.start - clock + 1440) % 1440;
    return inside || untilStart <= SLACK / MINUTE;
  };
  return (localDate: string, slotMinutes: number): { earliest: number; latest: number } => {
    const zone = zoneOn(contract, localDate);
    let offsets = zones.get(zone);
    if (!offsets) {
      offsets = offsetBounds(zone, sampleFrom, sampleTo);
      zones.set(zone, offsets);
    }
    const calendarDay =
      slotMinutes >= contract.dayStartHour * 60 ? localDate : addDays(localDate, 1);
    const wall = utcMidnight(calendarDay) + slotMinutes * MINUTE;
    let latest = wall + SLACK;
    if (quiet && meetsQuiet(slotMinutes, quiet))
      latest = Math.max(latest, nextClock(latest, quiet.end) + SLACK);
    return { earliest: wall - offsets.max, latest: latest - offsets.min };
  };
}

/**
 * Builds the occurrences of whole local dates, reusing each placement (offsetChanged looks back a
 * day). With a window, only the occurrences in (from, to], skipping slots that cannot be in it.
 */
function occurrenceBuilder(
  contract: DayContract,
  channels: readonly DeliveryChannel[],
  window: { from: number; to: number } | null,
) {
  const slots = slotsOf(contract, channels);
  const days = new Set(contract.days);
  const bounds = window ? instantBounds(contract, window.from, window.to) : null;
  const cache = new Map<string, Placed & { zone: string }>();
  const placeCached = (date: string, minutes: number) => {
    const key = `${date} ${minutes}`;
    let placed = cache.get(key);
    if (!placed) {
      placed = place(contract, date, minutes);
      cache.set(key, placed);
    }
    return placed;
  };
  return (localDate: string): SlotOccurrence[] => {
    if (slots.length === 0 || !days.has(isoWeekday(localDate))) return [];
    const travelling = zoneOn(contract, localDate) !== contract.timeZone;
    const yesterday = addDays(localDate, -1);
    const found: SlotOccurrence[] = [];
    for (const slot of slots) {
      if (bounds && window) {
        const { earliest, latest } = bounds(localDate, slot.minutes);
        if (latest <= window.from || earliest > window.to) continue;
      }
      const placed = placeCached(localDate, slot.minutes);
      const at = placed.at.toMillis();
      if (window && !(at > window.from && at <= window.to)) continue;
      const before = placeCached(yesterday, slot.minutes);
      const notes = new Set<Note>(placed.notes);
      if (travelling) notes.add('travel');
      found.push({
        channel: slot.channel,
        localDate,
        slot: slot.time,
        at: new Date(at),
        localTime: placed.at.toFormat('HH:mm'),
        timeZone: placed.zone,
        offsetChanged: placed.at.offset !== before.at.offset,
        notes: NOTE_ORDER.filter((note) => notes.has(note)),
      });
    }
    return found;
  };
}

/**
 * Every slot occurrence with from < at <= to, sorted by instant, then channel (email, SMS, push),
 * local date and slot. Only on the contract's weekdays (of the local date the slot belongs to).
 */
export function occurrencesBetween(
  contract: DayContract,
  from: Date,
  to: Date,
  channels: readonly DeliveryChannel[] = deliveryChannels,
): SlotOccurrence[] {
  const window = { from: from.getTime(), to: to.getTime() };
  if (!(window.to > window.from)) return [];
  const build = occurrenceBuilder(contract, channels, window);
  const found: SlotOccurrence[] = [];
  for (const date of datesCovering(contract, window.from, window.to)) found.push(...build(date));
  return sortOccurrences(found);
}

/**
 * The occurrences of the coming `days` days on every channel: after `from`, up to the same wall
 * time `days` days later in the home zone. A week ahead holds seven of a daily slot whether or not
 * today's has gone (counting whole local dates from today would give six once it has).
 */
export function upcoming(
  contract: DayContract,
  from: Date,
  days: number = PREVIEW_DAYS,
): SlotOccurrence[] {
  const today = localDayOf(from, contract).localDate;
  const until = DateTime.fromJSDate(from, { zone: contract.timeZone }).plus({ days }).toMillis();
  const build = occurrenceBuilder(contract, deliveryChannels, null);
  const found: SlotOccurrence[] = [];
  // The window ends within local date today + days: no later date can hold one of its slots.
  for (let offset = 0; offset <= days; offset += 1) {
    for (const occurrence of build(addDays(today, offset))) {
      const at = occurrence.at.getTime();
      if (at > from.getTime() && at <= until) found.push(occurrence);
    }
  }
  return sortOccurrences(found);
}

/**
 * The earliest occurrence after `after` on any of `channels`, looking NEXT_DELIVERY_HORIZON_DAYS
 * ahead (at most); null when those channels have no times or there are no channels. Equal to the
 * first of occurrencesBetween(after, after + horizon, channels), but it stops at the first local
 * date that can still hold an earlier one.
 */
export function nextDeliveryAt(
  contract: DayContract,
  after: Date,
  channels: readonly DeliveryChannel[],
): Date | null {
  const slots = slotsOf(contract, channels);
  const days = new Set(contract.days);
  if (slots.length === 0 || days.size === 0) return null;
  const start = after.getTime();
  const end = start + NEXT_DELIVERY_HORIZON_DAYS * DAY;
  const minutes = [...new Set(slots.map((slot) => slot.minutes))];
  const bounds = instantBounds(contract, start, end);
  let best: number | null = null;
  for (const date of datesCovering(contract, start, end)) {
    if (best !== null && earliestOf(contract, date) > best) break;
    if (!days.has(isoWeekday(date))) continue;
    for (const slotMinutes of minutes) {
      const { earliest, latest } = bounds(date, slotMinutes);
      if (latest <= start || earliest > (best ?? end)) continue;
      const at = place(contract, date, slotMinutes).at.toMillis();
      if (at > start && at <= end && (best === null || at < best)) best = at;
    }
  }
  return best === null ? null : new Date(best);
}
