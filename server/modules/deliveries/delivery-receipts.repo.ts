import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { queryRows, type Db } from '#server/db/client.ts';

// What the recipient's side reports about a sent delivery after the dispatcher is done with it:
// the SMS provider's receipts (the webhooks module) and followed links (the links module).

/**
 * What the recipient's side reported about a sent delivery (the provider: delivered; a followed
 * link: opened): the matching delivery in one of the `from` statuses moves to `status`, with an
 * attempt row, in one statement. A repeated report finds it moved already and changes nothing.
 */
async function recordReceipt(
  db: Db,
  match: SQL,
  status: 'delivered' | 'opened',
  from: readonly ('sent' | 'delivered')[],
  at: Date,
): Promise<boolean> {
  const now = at.toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with moved as (
          update deliveries set status = ${status}, updated_at = ${now}::timestamptz
          where ${match} and status in (${sql.join(
            from.map((value) => sql`${value}`),
            sql`, `,
          )})
          returning id, attempts
        )
        insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
        select gen_random_uuid(), id, greatest(attempts, 1), ${status}, null, false, ${now}::timestamptz
        from moved
        returning delivery_id as id`,
  );
  return rows.length > 0;
}

/**
 * A link in a sent message was followed: the delivery reached its reader. Only the user the link
 * was made for, and only a delivery that was sent (or reported delivered).
 */
export function markOpened(db: Db, userId: string, deliveryId: string, at: Date): Promise<boolean> {
  return recordReceipt(
    db,
    sql`id = ${deliveryId}::uuid and user_id = ${userId}::uuid`,
    'opened',
    ['sent', 'delivered'],
    at,
  );
}

/** The provider says the text reached the phone: a sent SMS delivery becomes delivered. */
export function markSmsDelivered(db: Db, messageSid: string, at: Date): Promise<boolean> {
  return recordReceipt(
    db,
    sql`provider_message_id = ${messageSid} and channel = 'sms'`,
    'delivered',
    ['sent'],
    at,
  );
}

/** A text reported undelivered this long after it was sent still falls back to email. */
export const SMS_FALLBACK_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * The phone network gave up on a sent text: the delivery fails for good, with the reason and a
 * permanent failed attempt row, in one statement. When the receipt comes within
 * SMS_FALLBACK_WINDOW_MS of the send, the same slot goes out by email (a queued row with
 * fallback_of set, as the dispatcher does after a permanent failure; the dispatcher skips it with
 * the reason if email is not active for the user, and the unique key makes it a no-op when email
 * already had that slot). A later receipt falls back to nothing: the day's tasks are old news.
 */
export async function markSmsUndelivered(
  db: Db,
  messageSid: string,
  error: string,
  at: Date,
): Promise<boolean> {
  const now = at.toISOString();
  const fallbackAfter = new Date(at.getTime() - SMS_FALLBACK_WINDOW_MS).toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with undelivered as (
          update deliveries
          set status = 'failed', last_error = ${error}, updated_at = ${now}::timestamptz
          where provider_message_id = ${messageSid} and channel = 'sms' and status = 'sent'
          returning id, attempts, user_id, local_date, slot, scheduled_for, payload, sent_at
        ),
        attempt as (
          insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
          select gen_random_uuid(), id, greatest(attempts, 1), 'failed', ${error}, true,
                 ${now}::timestamptz
          from undelivered
        ),
        fallback as (
          insert into deliveries (id, user_id, local_date, slot, channel, status, scheduled_for,
            attempts, next_attempt_at, payload, fallback_of, created_at, updated_at)
          select gen_random_uuid(), user_id, local_date, slot, 'email', 'queued', scheduled_for,
                 0, ${now}::timestamptz, payload, id, ${now}::timestamptz, ${now}::timestamptz
          from undelivered
          where sent_at is not null and sent_at > ${fallbackAfter}::timestamptz
          on conflict (user_id, local_date, slot, channel) do nothing
        )
        select id from undelivered`,
  );
  return rows.length > 0;
}

/** The local dates on which at least one of the user's deliveries was opened, oldest first. */
export async function openedDates(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ date: string }>(
    db,
    sql`select distinct local_date::text as date from deliveries
        where user_id = ${userId}::uuid and status = 'opened'
        order by date`,
  );
  return rows.map((row) => row.date);
}

/**
 * The user's deliveries of local dates `from` to `to`, per channel: sent (sent, delivered or
 * opened), delivered (reported delivered, or opened) and opened (engagement analytics).
 */
export function channelCounts(db: Db, userId: string, from: string, to: string) {
  return queryRows<{ channel: DeliveryChannel; sent: number; delivered: number; opened: number }>(
    db,
    sql`select channel,
               count(*) filter (where status in ('sent', 'delivered', 'opened'))::int as sent,
               count(*) filter (where status in ('delivered', 'opened'))::int as delivered,
               count(*) filter (where status = 'opened')::int as opened
        from deliveries
        where user_id = ${userId}::uuid and local_date between ${from}::date and ${to}::date
        group by channel`,
  );
}
