import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

/**
 * The provider says the text reached the phone: a sent SMS delivery becomes delivered, with an
 * attempt row, in one statement. A repeated receipt finds it delivered already and changes nothing.
 */
export async function markSmsDelivered(db: Db, messageSid: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with delivered as (
          update deliveries set status = 'delivered', updated_at = ${at.toISOString()}::timestamptz
          where provider_message_id = ${messageSid} and channel = 'sms' and status = 'sent'
          returning id, attempts
        )
        insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
        select gen_random_uuid(), id, greatest(attempts, 1), 'delivered', null, false,
               ${at.toISOString()}::timestamptz
        from delivered
        returning delivery_id as id`,
  );
  return rows.length > 0;
}

/**
 * The phone network gave up on a sent text: the delivery fails for good, with the reason and a
 * permanent failed attempt row, in one statement. No fallback to another channel starts from
 * here: the receipt can come hours later, when the day's tasks are old news.
 */
export async function markSmsUndelivered(
  db: Db,
  messageSid: string,
  error: string,
  at: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with undelivered as (
          update deliveries
          set status = 'failed', last_error = ${error}, updated_at = ${at.toISOString()}::timestamptz
          where provider_message_id = ${messageSid} and channel = 'sms' and status = 'sent'
          returning id, attempts
        )
        insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
        select gen_random_uuid(), id, greatest(attempts, 1), 'failed', ${error}, true,
               ${at.toISOString()}::timestamptz
        from undelivered
        returning delivery_id as id`,
  );
  return rows.length > 0;
}
