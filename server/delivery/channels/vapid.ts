import type { Db } from '#server/db/client.ts';
import { getSetting, insertSettingIfAbsent } from '#server/db/settings.repo.ts';

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
  const value = await getSetting<unknown>(db, VAPID_KEYS);
  if (value === null) return null;
  if (!isVapidKeys(value)) throw new Error(`system_settings ${VAPID_KEYS} is not a key pair`);
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}

/**
 * The instance's VAPID key pair, made at first start and kept: every browser subscription is tied
 * to the public key, so it must never change. Safe when several processes start at once: the
 * first insert wins and everyone reads back what it stored.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  // web-push loads only on the first start of an instance, to make the pair.
  const { default: webpush } = await import('web-push');
  const made = webpush.generateVAPIDKeys();
  await insertSettingIfAbsent(
    db,
    VAPID_KEYS,
    { publicKey: made.publicKey, privateKey: made.privateKey },
    new Date(),
  );
  const stored = await readKeys(db);
  if (!stored) throw new Error('the VAPID keys could not be stored');
  return stored;
}
