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
 * What the recipient's side reported about a sent delivery (the provider: delivered; a followed
 * link: opened): the matching delivery in one of the `from` statuses moves to `status`, with an
 * attempt row, in one statement. A repeated report finds it moved already and changes nothing.
 */
export async function recordReceipt(
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
