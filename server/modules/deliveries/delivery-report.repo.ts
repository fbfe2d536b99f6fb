import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { DeliveryStatus } from '#contracts/deliveries.ts';
import type { Db } from '#server/db/client.ts';
import { deliveries } from '#server/db/schema.ts';

// The admins' view of every person's deliveries (the admin area's Deliveries panel): counts and
// recent failures over a period. Reads only.

/** Deliveries scheduled since `since`, counted by channel and status. */
export async function countsSince(
  db: Db,
  since: Date,
): Promise<Array<{ channel: DeliveryChannel; status: DeliveryStatus; count: number }>> {
  return db
    .select({
      channel: deliveries.channel,
      status: deliveries.status,
      count: sql<number>`count(*)::int`,
    })
    .from(deliveries)
    .where(gte(deliveries.scheduledFor, since))
    .groupBy(deliveries.channel, deliveries.status)
    .orderBy(deliveries.channel, deliveries.status);
}

export interface FailureRow {
  id: string;
  userId: string;
  channel: DeliveryChannel;
  scheduledFor: Date;
  attempts: number;
  lastError: string | null;
  fallbackChannel: DeliveryChannel | null;
  fallbackStatus: DeliveryStatus | null;
}

/** Failed deliveries scheduled since `since`, latest first, with the fallback each one queued. */
export async function failuresSince(db: Db, since: Date, limit: number): Promise<FailureRow[]> {
  const fallback = alias(deliveries, 'fallback');
  return db
    .select({
      id: deliveries.id,
      userId: deliveries.userId,
      channel: deliveries.channel,
      scheduledFor: deliveries.scheduledFor,
      attempts: deliveries.attempts,
      lastError: deliveries.lastError,
      fallbackChannel: fallback.channel,
      fallbackStatus: fallback.status,
    })
    .from(deliveries)
    .leftJoin(
      fallback,
      // The user's own rows first: their index keeps the join from reading the whole table.
      and(eq(fallback.userId, deliveries.userId), eq(fallback.fallbackOf, deliveries.id)),
    )
    .where(and(eq(deliveries.status, 'failed'), gte(deliveries.scheduledFor, since)))
    .orderBy(desc(deliveries.updatedAt), desc(deliveries.id))
    .limit(limit);
}
