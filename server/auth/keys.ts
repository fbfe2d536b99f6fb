import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '#server/db/client.ts';
import { getSetting, insertSettingIfAbsent } from '#server/db/settings.repo.ts';
import { randomSecret } from './crypto.ts';

export interface SigningKey {
  kid: string;
  alg: 'ES256';
  privateJwk: JWK;
  publicJwk: JWK;
  createdAt: string;
}

/** The instance's secrets, made at first start and kept in system_settings. */
export interface AuthKeys {
  /** Newest first; the first one signs, all of them verify (room for rotation). */
  signing: SigningKey[];
  /** The `apikey` browsers send; public by design (the SPA receives it). */
  publishableKey: string;
  /** Admin API and CLI only. Never sent to a browser, never logged. */
  serviceRoleKey: string;
  /**
   * Keys the refresh-token chain: a token's child is HMAC(secret, token), so a token replayed
   * inside the reuse window can be answered with the child it already has (sessions.ts).
   */
  refreshTokenSecret: string;
}

const SIGNING_KEYS = 'auth.signing_keys';
const API_KEYS = 'auth.api_keys';
const REFRESH_TOKEN_SECRET = 'auth.refresh_token_secret';

interface StoredApiKeys {
  publishable: string;
  serviceRole: string;
}

async function newSigningKey(now: Date): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    alg: 'ES256',
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256' },
    createdAt: now.toISOString(),
  };
}

/**
 * Reads the keys, creating any that are missing. Safe when several processes start at once:
 * the first insert wins and everyone reads back what it stored.
 */
export async function ensureAuthKeys(db: Db, now: Date): Promise<AuthKeys> {
  let signing = await getSetting<{ keys: SigningKey[] }>(db, SIGNING_KEYS);
  if (!signing || signing.keys.length === 0) {
    await insertSettingIfAbsent(db, SIGNING_KEYS, { keys: [await newSigningKey(now)] }, now);
    signing = await getSetting<{ keys: SigningKey[] }>(db, SIGNING_KEYS);
  }
  let api = await getSetting<StoredApiKeys>(db, API_KEYS);
  if (!api) {
    await insertSettingIfAbsent(
      db,
      API_KEYS,
      {
        publishable: `sb_publishable_${randomSecret(24)}`,
        serviceRole: `sb_secret_${randomSecret(32)}`,
      },
      now,
    );
    api = await getSetting<StoredApiKeys>(db, API_KEYS);
  }
  let refresh = await getSetting<{ secret: string }>(db, REFRESH_TOKEN_SECRET);
  if (!refresh) {
    await insertSettingIfAbsent(db, REFRESH_TOKEN_SECRET, { secret: randomSecret(32) }, now);
    refresh = await getSetting<{ secret: string }>(db, REFRESH_TOKEN_SECRET);
  }
  if (!signing || signing.keys.length === 0 || !api || !refresh)
    throw new Error('auth keys could not be stored');
  return {
    signing: signing.keys,
    publishableKey: api.publishable,
    serviceRoleKey: api.serviceRole,
    refreshTokenSecret: refresh.secret,
  };
}
