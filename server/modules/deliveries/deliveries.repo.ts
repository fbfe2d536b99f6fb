import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { deliveries, deliveryAttempts, pushSubscriptions } from '#server/db/schema.ts';
import type { PagePosition } from '#server/http/page-cursor.ts';

export type DeliveryRow = typeof deliveries.$inferSelect;
export type AttemptRow = typeof deliveryAttempts.$inferSelect;

/** A delivery with the label of the browser it went to, for push. */
export interface ListedDelivery {
  delivery: DeliveryRow;
  device: string | null;
}

function selectListed(db: Db, where: SQL | undefined) {
  return db
    .select({ delivery: deliveries, device: pushSubscriptions.device })
    .from(deliveries)
    .leftJoin(
      pushSubscriptions,
      and(
        eq(deliveries.channel, 'push'),
        or(
          sql`${pushSubscriptions.id}::text = ${deliveries.recipient}`,
          eq(pushSubscriptions.endpoint, deliveries.recipient),
        ),
      ),
    )
    .where(where);
}

/** One page of the user's deliveries, newest first (scheduled_for, then id). */
export async function listDeliveries(
  db: Db,
  userId: string,
  options: { limit: number; before?: PagePosition },
): Promise<ListedDelivery[]> {
  const before = options.before
    ? sql`(${deliveries.scheduledFor}, ${deliveries.id}) < (${options.before.at.toISOString()}::timestamptz, ${options.before.id}::uuid)`
    : undefined;
  return selectListed(db, and(eq(deliveries.userId, userId), before))
    .orderBy(desc(deliveries.scheduledFor), desc(deliveries.id))
    .limit(options.limit);
}

/** The user's deliveries among `ids`, newest first. */
export async function findDeliveries(
  db: Db,
  userId: string,
  ids: string[],
): Promise<ListedDelivery[]> {
  if (ids.length === 0) return [];
  return selectListed(db, and(eq(deliveries.userId, userId), inArray(deliveries.id, ids))).orderBy(
    desc(deliveries.scheduledFor),
    desc(deliveries.id),
  );
}

/** Every attempt of these deliveries, in the order they were made. */
export async function listAttempts(db: Db, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(deliveryAttempts.at), asc(deliveryAttempts.attempt));
}

/**
 * A link in a sent message was followed: the delivery reached its reader. Marks it opened and
 * records that as an attempt row, once (a second tap finds it opened already); only the user the
 * link was made for, and only a delivery that was sent.
 */
export async function markOpened(
  db: Db,
  userId: string,
  deliveryId: string,
  at: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with opened as (
          update deliveries set status = 'opened', updated_at = ${at.toISOString()}::timestamptz
          where id = ${deliveryId}::uuid and user_id = ${userId}::uuid
            and status in ('sent', 'delivered')
          returning id, attempts
        )
        insert into delivery_attempts (id, delivery_id, attempt, status, error, permanent, at)
        select gen_random_uuid(), id, greatest(attempts, 1), 'opened', null, false,
               ${at.toISOString()}::timestamptz
        from opened
        returning delivery_id as id`,
  );
  return rows.length > 0;
}
