import { DEFAULT_SCHEDULE, type QuietHours, type Travel } from '#contracts/schedule.ts';
import { type DeliveryChannel } from '#contracts/channels.ts';
import { DEFAULT_TIME_ZONE } from '#contracts/profile.ts';
import { eq, sql } from 'drizzle-orm';

import { queryRows, type Db } from '#server/db/client.ts';
import { deliverySchedules } from '#server/db/schema.ts';
import { uuidList } from '#server/db/uuid-list.ts';
import type { DayContract } from './day-contract.ts';

// The only module that writes delivery_schedules. Every function takes `db`, which may be a
// transaction: the caller decides what is atomic.

const iso = (date: Date) => date.toISOString();

export type ScheduleRow = typeof deliverySchedules.$inferSelect;

export async function findSchedule(db: Db, userId: string): Promise<ScheduleRow | null> {
  const [row] = await db
    .select()
    .from(deliverySchedules)
    .where(eq(deliverySchedules.userId, userId));
  return row ?? null;
}

/** Writes the user's day contract; `next_delivery_at` is left to the scheduler's refresh. */
export async function upsertSchedule(
  db: Db,
  values: Omit<ScheduleRow, 'nextDeliveryAt' | 'createdAt'> & { createdAt: Date },
): Promise<void> {
  const { userId: _userId, createdAt: _createdAt, ...changes } = values;
  await db
    .insert(deliverySchedules)
    .values(values)
    .onConflictDoUpdate({ target: deliverySchedules.userId, set: changes });
}

// --- The delivery worker: due users and their watermark --------------------------------------------------------------------------------

export interface ScheduleState {
  userId: string;
  contract: DayContract;
  paused: boolean;
  /** False when the user has no schedule row yet (the defaults apply; nothing is scheduled). */
  saved: boolean;
  nextDeliveryAt: Date | null;
}

interface ScheduleStateRow {
  user_id: string;
  day_start_hour: number;
  times: Record<DeliveryChannel, string[]>;
  days: number[] | string;
  quiet_hours: QuietHours | null;
  travel: Travel | null;
  paused: boolean;
  next_ms: number | null;
  time_zone: string;
}

function smallints(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}

function toState(row: ScheduleStateRow): ScheduleState {
  return {
    userId: row.user_id,
    contract: {
      timeZone: row.time_zone,
      dayStartHour: row.day_start_hour,
      times: {
        email: row.times.email ?? [],
        sms: row.times.sms ?? [],
        push: row.times.push ?? [],
      },
      days: smallints(row.days),
      quietHours: row.quiet_hours,
      travel: row.travel,
    },
    paused: row.paused,
    saved: true,
    nextDeliveryAt: row.next_ms === null ? null : new Date(Math.round(row.next_ms)),
  };
}

const scheduleColumns = sql`s.user_id, s.day_start_hour, s.times, s.days, s.quiet_hours, s.travel, s.paused,
  (extract(epoch from s.next_delivery_at) * 1000)::float8 as next_ms,
  coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}) as time_zone`;

/**
 * Claims up to `limit` users whose next delivery is due, longest due first, locking their schedule
 * rows until the caller's transaction ends; rows another worker holds are skipped, not waited for.
 * The order walks the partial index on next_delivery_at and stops after `limit` rows, provided the
 * planner knows how many rows are due: see refreshScheduleStatistics.
 */
export async function claimDueSchedules(
  tx: Db,
  now: Date,
  limit: number,
): Promise<ScheduleState[]> {
  const rows = await queryRows<ScheduleStateRow>(
    tx,
    sql`select ${scheduleColumns}
        from delivery_schedules s left join profiles p on p.user_id = s.user_id
        where s.next_delivery_at <= ${iso(now)}::timestamptz and not s.paused
        order by s.next_delivery_at
        limit ${limit}
        for update of s skip locked`,
  );
  return rows.map(toState);
}

/** One user's day contract: their saved schedule, or the defaults (saved false) in their zone. */
export async function loadSchedule(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<ScheduleState> {
  const [row] = await queryRows<ScheduleStateRow>(
    db,
    options.lock
      ? sql`select ${scheduleColumns}
            from delivery_schedules s left join profiles p on p.user_id = s.user_id
            where s.user_id = ${userId}::uuid
            for update of s`
      : sql`select ${scheduleColumns}
            from delivery_schedules s left join profiles p on p.user_id = s.user_id
            where s.user_id = ${userId}::uuid`,
  );
  if (row) return toState(row);
  const [profile] = await queryRows<{ time_zone: string }>(
    db,
    sql`select time_zone from profiles where user_id = ${userId}::uuid`,
  );
  return {
    userId,
    contract: {
      timeZone: profile?.time_zone ?? DEFAULT_TIME_ZONE,
      dayStartHour: DEFAULT_SCHEDULE.dayStartHour,
      times: DEFAULT_SCHEDULE.times,
      days: DEFAULT_SCHEDULE.days,
      quietHours: DEFAULT_SCHEDULE.quietHours,
      travel: DEFAULT_SCHEDULE.travel,
    },
    paused: false,
    saved: false,
    nextDeliveryAt: null,
  };
}

export async function setNextDeliveryAt(
  tx: Db,
  rows: ReadonlyArray<{ userId: string; next: Date | null }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update delivery_schedules s
        set next_delivery_at = v.next, updated_at = ${iso(now)}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ user_id: r.userId, next: r.next && iso(r.next) })))}::jsonb)
          as v(user_id uuid, next timestamptz)
        where s.user_id = any(${uuidList(rows.map((r) => r.userId))}) and s.user_id = v.user_id`,
  );
}

/**
 * Fresh planner statistics for the schedules. PostgreSQL's autovacuum keeps them; PGlite has
 * none, and statistics that still describe a quiet morning while 100,000 users are due turn each
 * ordered claim into a sort of all of them.
 */
export async function refreshScheduleStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze delivery_schedules`);
}
