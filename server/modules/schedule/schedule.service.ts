import type { DeliveryChannel } from '#contracts/channels.ts';
import {
  DEFAULT_SCHEDULE,
  PREVIEW_DAYS,
  type Schedule,
  type ScheduleResponse,
  type ScheduleUpdate,
} from '#contracts/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { type InputProblem, throwIfProblems } from '#server/modules/goals/input-problems.ts';
import { homeTimeZone, saveHomeTimeZone } from '#server/modules/profile/profile.service.ts';
import type { DayContract, SlotOccurrence } from './day-contract.ts';
import * as repo from './schedule.repo.ts';
import type { ScheduleState } from './schedule.repo.ts';

export interface ScheduleServiceDeps {
  db: Db;
  clock: () => Date;
  /** The slots of `contract` over the next `days` local days from `from`, in time order. */
  upcoming: (contract: DayContract, from: Date, days?: number) => SlotOccurrence[];
  /** The channels that would be sent to now (on, set up, not unsubscribed). */
  activeChannels: (userId: string, tx?: Db) => Promise<Iterable<DeliveryChannel>>;
  /** Recomputes when the user's next delivery is due, inside the caller's transaction. */
  refreshSchedule: (userId: string, tx: Db) => Promise<unknown>;
}

const channels: DeliveryChannel[] = ['email', 'sms', 'push'];

/** Minutes since midnight of "HH:MM". */
function minutes(time: string): number {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
}

/** When a slot goes out on a day without DST or travel: at the end of quiet hours if it falls in them. */
function effectiveTime(time: string, quiet: Schedule['quietHours']): string {
  if (!quiet) return time;
  const t = minutes(time);
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  const inside = start < end ? t >= start && t < end : t >= start || t < end;
  return inside ? quiet.end : time;
}

/**
 * What the schema cannot check: two times of one channel that quiet hours would move to the same
 * moment (they would arrive together, twice).
 */
function scheduleProblems(update: ScheduleUpdate): InputProblem[] {
  const problems: InputProblem[] = [];
  if (!update.quietHours) return problems;
  for (const channel of channels) {
    const seen = new Map<string, string>();
    for (const time of [...update.times[channel]].sort()) {
      const at = effectiveTime(time, update.quietHours);
      const other = seen.get(at);
      if (other !== undefined) {
        problems.push({
          path: `body.times.${channel}`,
          message: `${other} and ${time} would both go out at ${at}, when quiet hours end; keep one of them or change the quiet hours`,
        });
        break;
      }
      seen.set(at, time);
    }
  }
  return problems;
}

function toSchedule(row: repo.ScheduleRow | null, timeZone: string): Schedule {
  if (!row) return { ...DEFAULT_SCHEDULE, timeZone };
  return {
    timeZone,
    dayStartHour: row.dayStartHour,
    times: { email: row.times.email ?? [], sms: row.times.sms ?? [], push: row.times.push ?? [] },
    days: row.days,
    quietHours: row.quietHours ?? null,
    travel: row.travel ?? null,
    saved: true,
    paused: row.paused,
  };
}

/** The day contract (/schedule): when the user's top three goes out, and a preview of the next. */
export function createScheduleService(deps: ScheduleServiceDeps) {
  const { db, clock } = deps;

  async function get(userId: string): Promise<ScheduleResponse> {
    const schedule = toSchedule(
      await repo.findSchedule(db, userId),
      await homeTimeZone(db, userId),
    );
    const active = new Set(await deps.activeChannels(userId));
    // Until a schedule is saved, or while it is paused, nothing goes out.
    const sending = schedule.saved && !schedule.paused;
    const contract: DayContract = {
      timeZone: schedule.timeZone,
      dayStartHour: schedule.dayStartHour,
      times: schedule.times,
      days: schedule.days,
      quietHours: schedule.quietHours,
      travel: schedule.travel,
    };
    const preview = deps.upcoming(contract, clock(), PREVIEW_DAYS).map((slot) => ({
      ...slot,
      at: slot.at.toISOString(),
      inactive: !sending || !active.has(slot.channel),
    }));
    return { schedule, preview };
  }

  return {
    get,

    /** Saves the home zone (the planning profile's) and the day contract together. */
    async save(userId: string, update: ScheduleUpdate): Promise<ScheduleResponse> {
      throwIfProblems(scheduleProblems(update));
      const sorted = (times: string[]) => [...times].sort();
      await db.transaction(async (tx) => {
        const now = clock();
        await saveHomeTimeZone(tx, userId, update.timeZone, now);
        const existing = await repo.findSchedule(tx, userId);
        await repo.upsertSchedule(tx, {
          userId,
          dayStartHour: update.dayStartHour,
          times: {
            email: sorted(update.times.email),
            sms: sorted(update.times.sms),
            push: sorted(update.times.push),
          },
          days: [...update.days].sort((a, b) => a - b),
          quietHours: update.quietHours,
          travel: update.travel,
          paused: update.paused,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        });
        await deps.refreshSchedule(userId, tx);
      });
      return get(userId);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;

// The delivery worker's door (server/delivery): plain functions that run in the worker's
// transaction, so claiming users, writing their deliveries and moving their watermark stay one unit.

/**
 * Claims up to `limit` users whose next delivery is due, locking their schedules until `tx` ends;
 * schedules another worker holds are skipped.
 */
export function claimDueSchedules(tx: Db, now: Date, limit: number): Promise<ScheduleState[]> {
  return repo.claimDueSchedules(tx, now, limit);
}

/** One user's day contract: their saved schedule, or the defaults (saved false) in their zone. */
export function loadScheduleState(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<ScheduleState> {
  return repo.loadSchedule(db, userId, options);
}

/** Moves users' next delivery (the scheduler's watermark). */
export function setNextDeliveryAt(
  tx: Db,
  rows: ReadonlyArray<{ userId: string; next: Date | null }>,
  now: Date,
): Promise<void> {
  return repo.setNextDeliveryAt(tx, rows, now);
}

/**
 * Fresh planner statistics for the schedules (PGlite has no autovacuum to keep them), so claims
 * keep walking the next_delivery_at index on a busy morning.
 */
export function refreshScheduleStatistics(db: Db): Promise<void> {
  return repo.refreshScheduleStatistics(db);
}
