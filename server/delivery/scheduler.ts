import { randomUUID } from 'node:crypto';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import { dayKey, type DayPicks, type ResolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import { loadRecipients } from '#server/modules/channels/channels.service.ts';
import { activeChannels, scheduledChannels } from '#server/modules/channels/recipients.ts';
import {
  localDayOf,
  nextDeliveryAt,
  occurrencesBetween,
  type DayContract,
  type SlotOccurrence,
} from '#server/modules/schedule/day-contract.ts';
import { claimDueSchedules, setNextDeliveryAt } from '#server/modules/schedule/schedule.service.ts';
import {
  insertDeliveries,
  type NewDelivery,
} from '#server/modules/deliveries/deliveries.service.ts';
import { dayNotifications, insertDayNotifications } from './day-notifications.ts';

/**
 * The scheduler: due users → delivery rows (the outbox), one transaction per batch.
 *
 * A pass claims up to `batchSize` users whose `next_delivery_at` has come (FOR UPDATE SKIP LOCKED,
 * so workers never wait for each other), and for each one writes a row per slot occurrence and
 * active channel in (next_delivery_at − 1 ms, now] — the window starts at the user's watermark:
 * `next_delivery_at` only moves forward after the rows of the slots before it are written, in the
 * same transaction — then the in-app notification of each slot, then the next
 * `next_delivery_at`. A crash before the commit leaves nothing behind and the user due; after it,
 * everything. The unique key (user, local date, slot, channel) makes writing twice harmless.
 *
 * Catch-up after downtime: an occurrence of the current local day (or one that fell due less than
 * LATE_GRACE_MS ago) still goes out; older ones from the last CATCH_UP_WINDOW_MS are recorded as
 * skipped with MISSED_REASON, and anything older is not recorded. Nobody gets a flood of
 * yesterday's messages.
 */

export const NO_TASKS_REASON = 'No open tasks for today';
export const ALL_DONE_REASON = "Today's top three are all done";
export const MISSED_REASON = 'The server was not running at the time';
/** How far back missed slots are recorded after downtime. */
export const CATCH_UP_WINDOW_MS = 48 * 60 * 60 * 1000;
/** A slot of an earlier local day that fell due less than this ago is still sent. */
export const LATE_GRACE_MS = 60 * 60 * 1000;
/** When a user's contract cannot be computed (a bug or bad data), the next try. */
const RETRY_BROKEN_MS = 60 * 60 * 1000;

export interface SchedulerDeps {
  db: Db;
  clock: () => Date;
  batchSize: number;
  log: { error(details: object, message: string): void };
  /** The tasks module's batch freeze of the day's top three, run inside the pass's transaction. */
  dayPicks: ResolveDayPicks;
}

export interface SchedulePassResult {
  /** Users claimed in this pass. */
  users: number;
  queued: number;
  skipped: number;
}

/** What one slot of one user becomes. */
interface Planned {
  userId: string;
  occurrence: SlotOccurrence;
  missed: boolean;
}

/** The rows for planned slots, with their frozen top three (or why nothing is sent). */
export function deliveryRows(
  planned: readonly Planned[],
  picks: ReadonlyMap<string, DayPicks>,
): NewDelivery[] {
  return planned.map(({ userId, occurrence, missed }) => {
    const base = {
      id: randomUUID(),
      userId,
      localDate: occurrence.localDate,
      slot: occurrence.slot,
      channel: occurrence.channel,
      scheduledFor: occurrence.at,
      fallbackOf: null,
    };
    if (missed) return { ...base, status: 'skipped', payload: null, lastError: MISSED_REASON };
    const day = picks.get(dayKey(userId, occurrence.localDate));
    const tasks = day?.open ?? [];
    const payload = { timeZone: occurrence.timeZone, coachTone: day?.coachTone ?? null, tasks };
    if (tasks.length === 0) {
      const reason = day && day.total > 0 ? ALL_DONE_REASON : NO_TASKS_REASON;
      return { ...base, status: 'skipped', payload, lastError: reason };
    }
    return { ...base, status: 'queued', payload, lastError: null };
  });
}

/** The slots due in (from, now], each marked missed or not by the catch-up rule. */
function slotsDue(
  contract: DayContract,
  from: Date,
  now: Date,
  channels: readonly DeliveryChannel[],
): Array<Omit<Planned, 'userId'>> {
  if (channels.length === 0) return [];
  const floor = new Date(Math.max(from.getTime(), now.getTime() - CATCH_UP_WINDOW_MS));
  const today = localDayOf(now, contract).localDate;
  return occurrencesBetween(contract, floor, now, channels).map((occurrence) => ({
    occurrence,
    missed: occurrence.localDate < today && now.getTime() - occurrence.at.getTime() > LATE_GRACE_MS,
  }));
}

/**
 * The day-contract arithmetic of one pass, remembered per contract: the users of a morning batch
 * mostly share a zone, times and watermark, and Luxon is the costliest part of a pass otherwise.
 */
function passArithmetic(now: Date) {
  const due = new Map<string, Array<Omit<Planned, 'userId'>>>();
  const next = new Map<string, Date | null>();
  return {
    planSlots(
      contract: DayContract,
      userId: string,
      from: Date,
      channels: readonly DeliveryChannel[],
    ): Planned[] {
      const key = `${JSON.stringify(contract)}|${from.getTime()}|${channels.join()}`;
      let slots = due.get(key);
      if (!slots) {
        slots = slotsDue(contract, from, now, channels);
        due.set(key, slots);
      }
      return slots.map((slot) => ({ userId, ...slot }));
    },
    nextDeliveryAt(contract: DayContract, channels: readonly DeliveryChannel[]): Date | null {
      const key = `${JSON.stringify(contract)}|${channels.join()}`;
      if (!next.has(key)) next.set(key, nextDeliveryAt(contract, now, channels));
      return next.get(key) ?? null;
    },
  };
}

/** One scheduler pass over at most `batchSize` due users. */
export async function schedulePass(deps: SchedulerDeps): Promise<SchedulePassResult> {
  const { db, clock, batchSize, log, dayPicks } = deps;
  return db.transaction(async (tx) => {
    const now = clock();
    const due = await claimDueSchedules(tx, now, batchSize);
    if (due.length === 0) return { users: 0, queued: 0, skipped: 0 };
    const recipients = await loadRecipients(
      tx,
      due.map((state) => state.userId),
    );

    const arithmetic = passArithmetic(now);
    const planned: Planned[] = [];
    const nexts: Array<{ userId: string; next: Date | null }> = [];
    for (const state of due) {
      const facts = recipients.get(state.userId);
      if (!facts) {
        nexts.push({ userId: state.userId, next: null });
        continue;
      }
      try {
        // The watermark: every slot up to next_delivery_at − 1 ms was written by an earlier pass.
        const from = new Date((state.nextDeliveryAt ?? now).getTime() - 1);
        planned.push(
          ...arithmetic.planSlots(state.contract, state.userId, from, activeChannels(facts)),
        );
        nexts.push({
          userId: state.userId,
          next: arithmetic.nextDeliveryAt(state.contract, scheduledChannels(facts)),
        });
      } catch (error: unknown) {
        log.error({ err: error, userId: state.userId }, 'delivery schedule could not be computed');
        nexts.push({ userId: state.userId, next: new Date(now.getTime() + RETRY_BROKEN_MS) });
      }
    }

    const requests = planned
      .filter((p) => !p.missed)
      .map((p) => ({ userId: p.userId, localDate: p.occurrence.localDate }));
    const picks = await dayPicks(tx, requests, now);
    const rows = deliveryRows(planned, picks);
    const inserted = await insertDeliveries(tx, rows, now);
    await insertDayNotifications(tx, dayNotifications(rows, inserted), now);
    await setNextDeliveryAt(tx, nexts, now);
    return {
      users: due.length,
      queued: inserted.filter((r) => r.status === 'queued').length,
      skipped: inserted.filter((r) => r.status === 'skipped').length,
    };
  });
}
