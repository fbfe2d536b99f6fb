import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
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
