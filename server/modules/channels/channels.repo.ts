import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { deliveryChannelSettings, pushSubscriptions, users } from '#server/db/schema.ts';
import { uuidList } from '#server/db/uuid-list.ts';
import { DEFAULT_CHANNEL_ENABLED, defaultSetting, type RecipientFacts } from './recipients.ts';

// The channel settings and push subscriptions of users. Every function takes `db`, which may be a
// transaction: the service decides what is atomic.

export type ChannelSettingsRow = typeof deliveryChannelSettings.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The account's address and whether it is confirmed (daily emails go only to a confirmed one). */
export async function findAccountEmail(
  db: Db,
  userId: string,
): Promise<{ email: string | null; confirmed: boolean } | null> {
  const [row] = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { email: row.email, confirmed: row.confirmedAt !== null } : null;
}

export async function listChannelSettings(db: Db, userId: string): Promise<ChannelSettingsRow[]> {
  return db
    .select()
    .from(deliveryChannelSettings)
    .where(eq(deliveryChannelSettings.userId, userId));
}

/**
 * Creates the user's row for `channel` if there is none (with the channel's default: email on,
 * SMS and push off), then locks and returns it.
 */
export async function lockChannelSettings(
  db: Db,
  userId: string,
  channel: DeliveryChannel,
  now: Date,
): Promise<ChannelSettingsRow> {
  await db
    .insert(deliveryChannelSettings)
    .values({ userId, channel, enabled: DEFAULT_CHANNEL_ENABLED[channel], updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(deliveryChannelSettings)
    .where(
      and(eq(deliveryChannelSettings.userId, userId), eq(deliveryChannelSettings.channel, channel)),
    )
    .for('update');
  if (!row) throw new Error('channel settings row vanished');
  return row;
}

export async function updateChannelSettings(
  db: Db,
  userId: string,
  channel: DeliveryChannel,
  set: Partial<Omit<ChannelSettingsRow, 'userId' | 'channel'>> & { updatedAt: Date },
): Promise<void> {
  await db
    .update(deliveryChannelSettings)
    .set(set)
    .where(
      and(eq(deliveryChannelSettings.userId, userId), eq(deliveryChannelSettings.channel, channel)),
    );
}

/** The user's push subscriptions that the push service has not declared gone, oldest first. */
export async function listLivePushSubscriptions(
  db: Db,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.goneAt)))
    .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
}

/** Who the browser with this push endpoint is registered to, if anyone. */
export async function findPushSubscriptionOwner(db: Db, endpoint: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .for('update');
  return row?.userId ?? null;
}

/**
 * Saves a browser's subscription for `userId`. The endpoint is unique: one already registered to
 * this user takes the new keys; one registered to another user moves to `userId` only when the
 * keys are the saved ones (the same subscription, so the same browser: it belongs to whoever
 * subscribed in it last). Null, with nothing changed, when another user's endpoint comes with
 * other keys.
 */
export async function upsertPushSubscription(
  db: Db,
  values: Omit<PushSubscriptionRow, 'lastSuccessAt' | 'goneAt'>,
): Promise<PushSubscriptionRow | null> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...values, lastSuccessAt: null, goneAt: null })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        device: values.device,
        goneAt: null,
        // A browser that changed hands starts a new record; the same user's keeps its history.
        createdAt: sql`case when ${pushSubscriptions.userId} = ${values.userId}::uuid then ${pushSubscriptions.createdAt} else ${values.createdAt} end`,
        lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${values.userId}::uuid then ${pushSubscriptions.lastSuccessAt} else null end`,
      },
      setWhere: sql`${pushSubscriptions.userId} = ${values.userId}::uuid
        or (${pushSubscriptions.auth} = ${values.auth} and ${pushSubscriptions.p256dh} = ${values.p256dh})`,
    })
    .returning();
  return row ?? null;
}

/** Deletes one of the user's subscriptions; false when the user has no such subscription. */
export async function deletePushSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** The subscription with this endpoint, gone or not, locked; null when there is none. */
export async function lockPushSubscriptionByEndpoint(
  db: Db,
  endpoint: string,
): Promise<PushSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .for('update');
  return row ?? null;
}

/** The same browser under a new endpoint and keys: its user, device and history stay. */
export async function replacePushEndpoint(
  db: Db,
  id: string,
  values: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ ...values, goneAt: null })
    .where(eq(pushSubscriptions.id, id));
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

// --- The delivery worker's reads and writes ---------------------------------------------------

interface UserRow {
  user_id: string;
  email: string | null;
  email_confirmed: boolean;
}

interface SettingRow {
  user_id: string;
  channel: DeliveryChannel;
  enabled: boolean;
  phone: string | null;
  unsubscribed_ms: number | null;
}

interface PushRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

/**
 * Who can receive a delivery on which channel (./recipients.ts), for many users in three
 * statements (deleted accounts are left out).
 */
export async function loadRecipients(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, RecipientFacts>> {
  const found = new Map<string, RecipientFacts>();
  if (userIds.length === 0) return found;
  const ids = uuidList([...new Set(userIds)]);
  // One after the other: a transaction's connection runs one statement at a time.
  const users = await queryRows<UserRow>(
    db,
    sql`select u.id as user_id, u.email, u.email_confirmed_at is not null as email_confirmed
        from users u
        where u.id = any(${ids})
          and u.deleted_at is null`,
  );
  const settings = await queryRows<SettingRow>(
    db,
    sql`select s.user_id, s.channel, s.enabled, s.phone,
               (extract(epoch from s.unsubscribed_at) * 1000)::float8 as unsubscribed_ms
        from delivery_channel_settings s
        where s.user_id = any(${ids})`,
  );
  const subscriptions = await queryRows<PushRow>(
    db,
    sql`select p.id, p.user_id, p.endpoint, p.p256dh, p.auth, p.device
        from push_subscriptions p
        where p.user_id = any(${ids})
          and p.gone_at is null
        order by p.created_at, p.id`,
  );
  for (const user of users) {
    found.set(user.user_id, {
      userId: user.user_id,
      email: user.email,
      emailConfirmed: user.email_confirmed,
      settings: {
        email: defaultSetting('email'),
        sms: defaultSetting('sms'),
        push: defaultSetting('push'),
      },
      pushTargets: [],
    });
  }
  for (const row of settings) {
    const facts = found.get(row.user_id);
    if (!facts) continue;
    facts.settings[row.channel] = {
      enabled: row.enabled,
      phone: row.phone,
      unsubscribedAt: row.unsubscribed_ms === null ? null : new Date(row.unsubscribed_ms),
    };
  }
  for (const row of subscriptions) {
    found.get(row.user_id)?.pushTargets.push({
      id: row.id,
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
      device: row.device,
    });
  }
  return found;
}

/**
 * What the push service said of subscriptions a delivery went to: gone ones are marked gone (the
 * first time only), the ones that took a message get their last success. One statement whatever
 * the batch size.
 */
export async function recordPushResults(
  db: Db,
  results: ReadonlyArray<{ id: string; gone: boolean }>,
  now: Date,
): Promise<void> {
  if (results.length === 0) return;
  const at = now.toISOString();
  await db.execute(
    sql`update push_subscriptions p
        set gone_at = case when s.gone then coalesce(p.gone_at, ${at}::timestamptz) else p.gone_at end,
          last_success_at = case when s.gone then p.last_success_at else ${at}::timestamptz end
        from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as s(id uuid, gone boolean)
        where p.id = any(${uuidList(results.map((r) => r.id))}) and p.id = s.id`,
  );
}
