import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema/system-settings.ts';

const VAPID_KEYS = 'delivery.vapid_keys';

export interface VapidKeys {
  /** base64url; browsers receive it for PushManager.subscribe. */
  publicKey: string;
  /** base64url; never leaves the server. */
  privateKey: string;
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null;
  return typeof keys?.publicKey === 'string' && typeof keys.privateKey === 'string';
}

async function readKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, VAPID_KEYS));
  if (!row) return null;
  if (!isVapidKeys(row.value)) throw new Error(`system_settings ${VAPID_KEYS} is not a key pair`);
  return { publicKey: row.value.publicKey, privateKey: row.value.privateKey };
}

/**
 * The instance's VAPID key pair, made at first start and kept: every browser subscription is tied
 * to the public key, so it must never change. Safe when several processes start at once: the
 * first insert wins and everyone reads back what it stored.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const made = webpush.generateVAPIDKeys();
  const now = new Date();
  await db
    .insert(systemSettings)
    .values({
      key: VAPID_KEYS,
      value: { publicKey: made.publicKey, privateKey: made.privateKey },
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const stored = await readKeys(db);
  if (!stored) throw new Error('the VAPID keys could not be stored');
  return stored;
}
