import { createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';

import type { DeliveryChannel } from '#contracts/channels.ts';

import type { Db } from '#server/db/client.ts';
import { LinkError, type LinkClaims, type LinkSigner } from '#server/modules/links/link-claims.ts';
import { getSetting, insertSettingIfAbsent } from '#server/db/settings.repo.ts';

/**
 * Signed one-tap links in delivery messages: complete a task, or unsubscribe from a channel,
 * without signing in. A link is an HS256 JWT under a 32-byte secret made at first start and kept
 * in system_settings; its claims are short (one-letter names, UUIDs as 22 base64url characters)
 * to keep URLs small, and carry only an expiry besides: a week for "done", a year for unsubscribe
 * (an old email must still let its reader stop the mail).
 */

export const COMPLETE_LINK_TTL_SECONDS = 7 * 24 * 3600;
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 365 * 24 * 3600;

const LINK_SECRET = 'delivery.link_secret';
const SECRET_BYTES = 32;
const ALGORITHM = 'HS256';

const storedSecretSchema = z.object({
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .refine((value) => Buffer.from(value, 'base64url').length === SECRET_BYTES),
});

const channelCodes = { email: 'e', sms: 's', push: 'p' } as const satisfies Record<
  DeliveryChannel,
  string
>;
const channelOfCode = { e: 'email', s: 'sms', p: 'push' } as const;

const uuidSchema = z.uuid();
const compactIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** A UUID as 22 base64url characters (its 16 bytes). */
function compactId(uuid: string): string {
  return Buffer.from(uuidSchema.parse(uuid).replaceAll('-', ''), 'hex').toString('base64url');
}

function expandId(compact: string): string {
  const hex = Buffer.from(compact, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const payloadSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('c'),
    u: compactIdSchema,
    t: compactIdSchema,
    d: compactIdSchema,
    exp: z.number(),
  }),
  z.object({
    k: z.literal('u'),
    u: compactIdSchema,
    c: z.enum(['e', 's', 'p']),
    exp: z.number(),
  }),
]);

function compactClaims(claims: LinkClaims): Record<string, string> {
  switch (claims.kind) {
    case 'complete':
      return {
        k: 'c',
        u: compactId(claims.userId),
        t: compactId(claims.taskId),
        d: compactId(claims.deliveryId),
      };
    case 'unsubscribe':
      return { k: 'u', u: compactId(claims.userId), c: channelCodes[claims.channel] };
  }
}

const INVALID =
  'This link is not valid. It may have been cut short when it was copied: open Trellis and do this from the app.';
const EXPIRED = 'This link has expired. Open Trellis and do this from the app.';

/** The instance's link secret, made once: the first process to store it wins, the others read it back. */
async function ensureLinkSecret(db: Db, now: Date): Promise<Uint8Array> {
  let stored = await getSetting<unknown>(db, LINK_SECRET);
  if (stored === null) {
    await insertSettingIfAbsent(
      db,
      LINK_SECRET,
      { secret: randomBytes(SECRET_BYTES).toString('base64url') },
      now,
    );
    stored = await getSetting<unknown>(db, LINK_SECRET);
  }
  const parsed = storedSecretSchema.safeParse(stored);
  if (!parsed.success) throw new Error(`system setting ${LINK_SECRET} is missing or malformed`);
  return new Uint8Array(Buffer.from(parsed.data.secret, 'base64url'));
}

const HEADER = Buffer.from(JSON.stringify({ alg: ALGORITHM })).toString('base64url');

export async function createLinkSigner(deps: { db: Db; clock: () => Date }): Promise<LinkSigner> {
  const { db, clock } = deps;
  const secret = await ensureLinkSecret(db, clock());

  return {
    async sign(claims) {
      const now = Math.floor(clock().getTime() / 1000);
      const ttl =
        claims.kind === 'complete' ? COMPLETE_LINK_TTL_SECONDS : UNSUBSCRIBE_LINK_TTL_SECONDS;
      // Signed with node:crypto: a delivery signs four links per message, and jose's WebCrypto
      // path costs about ten times as much per signature. The token is the JWS jose verifies.
      const payload = Buffer.from(
        JSON.stringify({ ...compactClaims(claims), exp: now + ttl }),
      ).toString('base64url');
      const signingInput = `${HEADER}.${payload}`;
      const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
      return `${signingInput}.${signature}`;
    },

    async verify(token) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          currentDate: clock(),
        }));
      } catch (error: unknown) {
        if (error instanceof joseErrors.JWTExpired) throw new LinkError('expired', EXPIRED);
        throw new LinkError('invalid', INVALID);
      }
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new LinkError('invalid', INVALID);
      const claims = parsed.data;
      return claims.k === 'c'
        ? {
            kind: 'complete',
            userId: expandId(claims.u),
            taskId: expandId(claims.t),
            deliveryId: expandId(claims.d),
          }
        : { kind: 'unsubscribe', userId: expandId(claims.u), channel: channelOfCode[claims.c] };
    },
  };
}

/** Where each link lands: the "done" and unsubscribe pages, and the one-click unsubscribe endpoint. */
export function linkUrls(publicUrl: string): {
  complete(token: string): string;
  unsubscribe(token: string): string;
  unsubscribePost(token: string): string;
} {
  const base = publicUrl.replace(/\/+$/, '');
  const query = (token: string) => `token=${encodeURIComponent(token)}`;
  return {
    complete: (token) => `${base}/done?${query(token)}`,
    unsubscribe: (token) => `${base}/unsubscribe?${query(token)}`,
    unsubscribePost: (token) => `${base}/api/links/unsubscribe?${query(token)}`,
  };
}
