import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { DeliveryStatus } from '#contracts/deliveries.ts';
import { DEFAULT_SCHEDULE, type QuietHours, type Travel } from '#contracts/schedule.ts';
import { DEFAULT_TIME_ZONE } from '#contracts/profile.ts';
import { NOTIFICATION_MESSAGE_MAX } from '#contracts/notifications.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import type { DeliveryPayload } from '#server/db/schema.ts';
import type { DayContract } from './types.ts';
import { UUID } from '#server/auth/validation.ts';

// The statements of the delivery engine. Set-based on purpose: a scheduler pass or a dispatcher
// flush is a few statements whatever the batch size, with rows passed as one JSON parameter
// (jsonb_to_recordset), which both drivers (PGlite and node-postgres) send the same way.

const json = (value: unknown) => JSON.stringify(value);
const iso = (date: Date) => date.toISOString();

/**
 * A list of ids as one uuid[] parameter: `column = any(${uuidList(ids)})` lets the planner use
 * the column's index (a subquery over a JSON list is estimated at 100 rows and may be hashed
 * against a whole table instead).
 */
export function uuidList(ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new TypeError(`not a uuid: ${id}`);
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

// --- Schedules --------------------------------------------------------------------------------

export interface ScheduleState {
  userId: string;
  contract: DayContract;
  paused: boolean;
  /** False when the user has no schedule row yet (the defaults apply; nothing is scheduled). */
  saved: boolean;
  nextDeliveryAt: Date | null;
}

interface ScheduleRow {
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

function toState(row: ScheduleRow): ScheduleState {
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
 * planner knows how many rows are due: see refreshStatistics.
 */
export async function claimDueSchedules(
  tx: Db,
  now: Date,
  limit: number,
): Promise<ScheduleState[]> {
  const rows = await queryRows<ScheduleRow>(
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
  const [row] = await queryRows<ScheduleRow>(
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
        from jsonb_to_recordset(${json(rows.map((r) => ({ user_id: r.userId, next: r.next && iso(r.next) })))}::jsonb)
          as v(user_id uuid, next timestamptz)
        where s.user_id = any(${uuidList(rows.map((r) => r.userId))}) and s.user_id = v.user_id`,
  );
}

// --- The outbox -------------------------------------------------------------------------------

export interface NewDelivery {
  id: string;
  userId: string;
  localDate: string;
  slot: string;
  channel: DeliveryChannel;
  status: Extract<DeliveryStatus, 'queued' | 'skipped'>;
  scheduledFor: Date;
  payload: DeliveryPayload | null;
  /** Skipped: why. */
  lastError: string | null;
  fallbackOf: string | null;
}

export interface InsertedDelivery {
  id: string;
  userId: string;
  localDate: string;
  slot: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
}

/**
 * Writes delivery rows; a (user, local date, slot, channel) that already has one keeps it.
 * Returns the rows written by this call.
 */
export async function insertDeliveries(
  tx: Db,
  rows: readonly NewDelivery[],
  now: Date,
): Promise<InsertedDelivery[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    local_date: r.localDate,
    slot: r.slot,
    channel: r.channel,
    status: r.status,
    scheduled_for: iso(r.scheduledFor),
    next_attempt_at: r.status === 'queued' ? iso(now) : null,
    payload: r.payload,
    last_error: r.lastError,
    fallback_of: r.fallbackOf,
  }));
  const inserted = await queryRows<{
    id: string;
    user_id: string;
    local_date: string;
    slot: string;
    channel: DeliveryChannel;
    status: DeliveryStatus;
  }>(
    tx,
    sql`insert into deliveries (id, user_id, local_date, slot, channel, status, scheduled_for,
          attempts, next_attempt_at, payload, last_error, fallback_of, created_at, updated_at)
        select v.id, v.user_id, v.local_date, v.slot, v.channel, v.status, v.scheduled_for,
          0, v.next_attempt_at, v.payload, v.last_error, v.fallback_of,
          ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        from jsonb_to_recordset(${json(values)}::jsonb) as v(id uuid, user_id uuid, local_date date,
          slot text, channel text, status text, scheduled_for timestamptz, next_attempt_at timestamptz,
          payload jsonb, last_error text, fallback_of uuid)
        on conflict (user_id, local_date, slot, channel) do nothing
        returning id, user_id, local_date::text as local_date, slot, channel, status`,
  );
  return inserted.map((r) => ({
    id: r.id,
    userId: r.user_id,
    localDate: r.local_date,
    slot: r.slot,
    channel: r.channel,
    status: r.status,
  }));
}

// --- In-app notifications ---------------------------------------------------------------------

/** Mirrors the event bus (server/events/event-bus.ts): its channel and envelope. */
const EVENTS_CHANNEL = 'trellis_events';
const MAX_EVENT_BYTES = 7900;

export const DAY_NOTIFICATION_TITLE = "Today's top three";

/**
 * The notification of one (user, local date, slot) has an id derived from those three, so
 * writing it twice leaves one (a UUID of version 8: a hash, not random).
 */
export function dayNotificationId(userId: string, localDate: string, slot: string): string {
  const hex = createHash('sha256')
    .update(`delivery-notification:${userId}:${localDate}:${slot}`)
    .digest('hex')
    .slice(0, 32)
    .split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** "1. Title · 2. Title · 3. Title", within the notification's limit. */
export function dayNotificationMessage(tasks: DeliveryPayload['tasks']): string {
  const text = tasks.map((task, index) => `${index + 1}. ${task.title}`).join(' · ');
  return text.length > NOTIFICATION_MESSAGE_MAX
    ? `${text.slice(0, NOTIFICATION_MESSAGE_MAX - 1)}…`
    : text;
}

export interface DayNotification {
  userId: string;
  localDate: string;
  slot: string;
  tasks: DeliveryPayload['tasks'];
}

interface CreatedNotification {
  id: string;
  user_id: string;
  title: string;
  message: string;
  priority: 'medium';
  data: Record<string, unknown>;
  created_at: string;
}

/**
 * The in-app notification of each delivered slot, in the caller's transaction, unless the user
 * muted the type 'other'. Keeps notification_counts in step as the notifications repo does, and
 * tells the user's open pages through the event bus's channel; NOTIFY inside a transaction is
 * sent when it commits, so a rolled-back pass tells nobody.
 */
export async function insertDayNotifications(
  tx: Db,
  rows: readonly DayNotification[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const values = rows.map((r) => ({
    id: dayNotificationId(r.userId, r.localDate, r.slot),
    user_id: r.userId,
    message: dayNotificationMessage(r.tasks),
    data: { delivery_date: r.localDate, slot: r.slot, url: '/dashboard' },
  }));
  const created = await queryRows<CreatedNotification>(
    tx,
    sql`insert into notifications (id, user_id, type, title, message, read, priority, created_at, data)
        select v.id, v.user_id, 'other', ${DAY_NOTIFICATION_TITLE}, v.message, false, 'medium',
          ${iso(now)}::timestamptz, v.data
        from jsonb_to_recordset(${json(values)}::jsonb) as v(id uuid, user_id uuid, message text, data jsonb)
        where not exists (
          select 1 from notification_preferences np
          where np.user_id = v.user_id and 'other' = any(np.muted_types))
        on conflict (id) do nothing
        returning id, user_id, title, message, priority, data,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
  );
  if (created.length === 0) return 0;
  const perUser = new Map<string, number>();
  for (const row of created) perUser.set(row.user_id, (perUser.get(row.user_id) ?? 0) + 1);
  await tx.execute(
    sql`insert into notification_counts (user_id, unread)
        select v.user_id, v.n from jsonb_to_recordset(${json([...perUser].map(([user_id, n]) => ({ user_id, n })))}::jsonb)
          as v(user_id uuid, n int)
        on conflict (user_id) do update set unread = notification_counts.unread + excluded.unread`,
  );
  const payloads = created.map((row) => {
    const payload = json({
      u: row.user_id,
      e: {
        type: 'notification.created',
        data: {
          id: row.id,
          type: 'other',
          title: row.title,
          message: row.message,
          read: false,
          priority: row.priority,
          created_at: row.created_at,
          data: row.data,
        },
      },
    });
    return Buffer.byteLength(payload) > MAX_EVENT_BYTES
      ? json({ u: row.user_id, e: { type: 'stale', data: { type: 'notification.created' } } })
      : payload;
  });
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, p)
        from jsonb_array_elements_text(${json(payloads)}::jsonb) as p`,
  );
  return created.length;
}

// --- The dispatcher ---------------------------------------------------------------------------

export interface ClaimedDelivery {
  id: string;
  userId: string;
  localDate: string;
  slot: string;
  channel: DeliveryChannel;
  /** This attempt's number (the fencing token of the claim). */
  attempt: number;
  payload: DeliveryPayload | null;
  fallbackOf: string | null;
  scheduledFor: Date;
}

interface ClaimedRow {
  id: string;
  user_id: string;
  local_date: string;
  slot: string;
  channel: DeliveryChannel;
  attempts: number;
  payload: DeliveryPayload | null;
  fallback_of: string | null;
  scheduled_ms: number;
}

export const INTERRUPTED_ATTEMPT =
  'The worker sending this stopped before the provider answered; it is being sent again';

/**
 * Claims up to `limit` deliveries due now, longest due first (see claimDueSchedules): queued ones
 * whose next attempt has come,
 * and sending ones whose lease ran out (their worker died: that attempt is recorded as
 * interrupted). Each becomes 'sending' with attempts + 1 and a lease until `leaseUntil`;
 * next_attempt_at moves to the lease's end, so the same index finds it again only if the lease
 * runs out. One statement, committed at once.
 */
export async function claimDeliveries(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`with due as (
          select id, status as was from deliveries
          where status in ('queued', 'sending') and next_attempt_at <= ${iso(now)}::timestamptz
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        ), claimed as (
          update deliveries d
          set status = 'sending', attempts = d.attempts + 1, lease_until = ${iso(leaseUntil)}::timestamptz,
            next_attempt_at = ${iso(leaseUntil)}::timestamptz, updated_at = ${iso(now)}::timestamptz
          from due where d.id = due.id
          returning d.id, d.user_id, d.local_date::text as local_date, d.slot, d.channel, d.attempts,
            d.payload, d.fallback_of, (extract(epoch from d.scheduled_for) * 1000)::float8 as scheduled_ms,
            due.was
        ), interrupted as (
          insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
          select gen_random_uuid(), c.id, c.attempts - 1, 'failed', ${INTERRUPTED_ATTEMPT}, false,
            ${iso(now)}::timestamptz
          from claimed c where c.was = 'sending' and c.attempts > 1
        )
        select * from claimed`,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    localDate: r.local_date,
    slot: r.slot,
    channel: r.channel,
    attempt: r.attempts,
    payload: r.payload,
    fallbackOf: r.fallback_of,
    scheduledFor: new Date(Math.round(r.scheduled_ms)),
  }));
}

/** What became of one claimed delivery. */
export interface DeliveryOutcome {
  id: string;
  attempt: number;
  status: Extract<DeliveryStatus, 'sent' | 'queued' | 'failed' | 'skipped'>;
  recipient: string | null;
  providerMessageId: string | null;
  error: string | null;
  /** queued: when to try again. */
  nextAttemptAt: Date | null;
  /** The attempt to record; null when nothing was sent (skipped before sending). */
  attemptRecord: { status: 'sent' | 'failed'; error: string | null; permanent: boolean } | null;
  /** A delivery on another channel replacing this one after a permanent failure. */
  fallback: NewDelivery | null;
  /** Push subscriptions the push service no longer knows, and ones that took the message. */
  goneSubscriptions: string[];
  reachedSubscriptions: string[];
}

/**
 * Records outcomes in one statement (its parts commit together). Each row is updated only while
 * this claim still holds it (a lease, which only 'sending' rows have, and the same attempt number;
 * the status itself is left out of the condition, or the planner may scan the partial index of
 * every row in flight instead of looking these up by id): a worker that outlived
 * its lease cannot overwrite the outcome of the one that took over, and the attempt, the fallback
 * and the push subscriptions of an outcome not recorded are not written either. Returns the ids
 * recorded.
 */
export async function recordOutcomes(
  db: Db,
  outcomes: readonly DeliveryOutcome[],
  now: Date,
): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const at = iso(now);
  const values = outcomes.map((o) => ({
    id: o.id,
    attempt: o.attempt,
    status: o.status,
    recipient: o.recipient,
    provider_message_id: o.providerMessageId,
    last_error: o.error,
    next_attempt_at: o.nextAttemptAt && iso(o.nextAttemptAt),
  }));
  const attempts = outcomes.flatMap((o) =>
    o.attemptRecord
      ? [
          {
            delivery_id: o.id,
            attempt: o.attempt,
            status: o.attemptRecord.status,
            error: o.attemptRecord.error,
            permanent: o.attemptRecord.permanent,
          },
        ]
      : [],
  );
  const fallbacks = outcomes.flatMap((o) =>
    o.fallback
      ? [
          {
            id: o.fallback.id,
            user_id: o.fallback.userId,
            local_date: o.fallback.localDate,
            slot: o.fallback.slot,
            channel: o.fallback.channel,
            scheduled_for: iso(o.fallback.scheduledFor),
            payload: o.fallback.payload,
            fallback_of: o.id,
          },
        ]
      : [],
  );
  const subscriptions = outcomes.flatMap((o) => [
    ...o.goneSubscriptions.map((id) => ({ id, delivery_id: o.id, gone: true })),
    ...o.reachedSubscriptions.map((id) => ({ id, delivery_id: o.id, gone: false })),
  ]);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with updated as (
          update deliveries d
          set status = v.status, recipient = coalesce(v.recipient, d.recipient),
            provider_message_id = coalesce(v.provider_message_id, d.provider_message_id),
            last_error = v.last_error, next_attempt_at = v.next_attempt_at, lease_until = null,
            sent_at = case when v.status = 'sent' then ${at}::timestamptz else d.sent_at end,
            updated_at = ${at}::timestamptz
          from jsonb_to_recordset(${json(values)}::jsonb) as v(id uuid, attempt int, status text,
            recipient text, provider_message_id text, last_error text, next_attempt_at timestamptz)
          where d.id = any(${uuidList(outcomes.map((o) => o.id))}) and d.id = v.id
            and d.attempts = v.attempt and d.lease_until is not null
          returning d.id
        ), attempts as (
          insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
          select gen_random_uuid(), a.delivery_id, a.attempt, a.status, a.error, a.permanent,
            ${at}::timestamptz
          from jsonb_to_recordset(${json(attempts)}::jsonb) as a(delivery_id uuid, attempt int,
            status text, error text, permanent boolean)
          where a.delivery_id in (select id from updated)
        ), fallbacks as (
          insert into deliveries (id, user_id, local_date, slot, channel, status, scheduled_for,
            attempts, next_attempt_at, payload, fallback_of, created_at, updated_at)
          select f.id, f.user_id, f.local_date, f.slot, f.channel, 'queued', f.scheduled_for, 0,
            ${at}::timestamptz, f.payload, f.fallback_of, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${json(fallbacks)}::jsonb) as f(id uuid, user_id uuid,
            local_date date, slot text, channel text, scheduled_for timestamptz, payload jsonb,
            fallback_of uuid)
          where f.fallback_of in (select id from updated)
          on conflict (user_id, local_date, slot, channel) do nothing
        ), subscriptions as (
          update push_subscriptions p
          set gone_at = case when s.gone then coalesce(p.gone_at, ${at}::timestamptz) else p.gone_at end,
            last_success_at = case when s.gone then p.last_success_at else ${at}::timestamptz end
          from jsonb_to_recordset(${json(subscriptions)}::jsonb) as s(id uuid, delivery_id uuid, gone boolean)
          where p.id = any(${uuidList(subscriptions.map((x) => x.id))}) and p.id = s.id
            and s.delivery_id in (select id from updated)
        )
        select id from updated`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Gives claimed deliveries back without an attempt (the worker is stopping before sending them),
 * so another worker takes them at once instead of after the lease.
 */
export async function releaseClaims(
  db: Db,
  claims: ReadonlyArray<{ id: string; attempt: number }>,
  now: Date,
): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(
    sql`update deliveries d
        set status = 'queued', attempts = d.attempts - 1, lease_until = null,
          next_attempt_at = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz
        from jsonb_to_recordset(${json(claims)}::jsonb) as v(id uuid, attempt int)
        where d.id = any(${uuidList(claims.map((c) => c.id))}) and d.id = v.id
          and d.attempts = v.attempt and d.lease_until is not null`,
  );
}

/**
 * Fresh planner statistics for the two queue tables. PostgreSQL's autovacuum keeps them; PGlite
 * has none, and statistics that still describe a quiet outbox while a morning's 100,000 rows wait
 * turn each ordered claim into a sort of all of them.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze delivery_schedules, deliveries`);
}

/** Deliveries waiting or in flight, per channel and status (the queue-depth gauge). */
export async function queueDepth(
  db: Db,
): Promise<Array<{ channel: DeliveryChannel; status: DeliveryStatus; count: number }>> {
  return queryRows(
    db,
    sql`select channel, status, count(*)::int as count from deliveries
        where status in ('queued', 'sending') group by channel, status`,
  );
}
