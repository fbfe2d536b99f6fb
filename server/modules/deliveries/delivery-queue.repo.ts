import { sql } from 'drizzle-orm';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { DeliveryStatus } from '#contracts/deliveries.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import type { DeliveryPayload } from '#server/db/schema.ts';
import { uuidList } from '#server/db/uuid-list.ts';

// The delivery worker's statements on the outbox (the scheduler's inserts, the dispatcher's
// claims and outcomes; server/delivery reaches them through deliveries.service.ts). Set-based on
// purpose: a scheduler pass or a dispatcher flush is a few statements whatever the batch size,
// with rows passed as one JSON parameter (jsonb_to_recordset), which both drivers (PGlite and
// node-postgres) send the same way.

// The payload's shape is the table's; the engine composes messages from it.
export type { DeliveryPayload };

const json = (value: unknown) => JSON.stringify(value);
const iso = (date: Date) => date.toISOString();

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
  /** Push subscriptions the push service no longer knows, and ones that took the message (kept by
   * the channels module, and only for an outcome that was recorded). */
  goneSubscriptions: string[];
  reachedSubscriptions: string[];
}

/**
 * Records outcomes in one statement (its parts commit together; the caller's transaction adds the
 * push subscriptions of the recorded ones). Each row is updated only while
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
 * Fresh planner statistics for the outbox. PostgreSQL's autovacuum keeps them; PGlite has none,
 * and statistics that still describe a quiet outbox while a morning's 100,000 rows wait turn each
 * ordered claim into a sort of all of them.
 */
export async function refreshQueueStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze deliveries`);
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
