import { createPrivateKey, sign as signBytes } from 'node:crypto';
import { createLocalJWKSet, errors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { AuthKeys } from './keys.ts';

export interface AmrClaim {
  method: string;
  timestamp: number;
}

/** The access-token claims GoTrue issues (see the auth contract §2.5). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrClaim[];
  session_id: string;
  is_anonymous: boolean;
}

export type TokenInput = Omit<AccessTokenClaims, 'iss' | 'iat' | 'exp' | 'aud'>;

export type VerifyResult =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  readonly expirySeconds: number;
  sign(input: TokenInput): Promise<{ token: string; expiresAt: number; expiresIn: number }>;
  verify(token: string): Promise<VerifyResult>;
  /** Public keys for /.well-known/jwks.json. */
  jwks(): { keys: JWK[] };
}

export const AUDIENCE = 'authenticated';

/** How many verified access tokens a process remembers (about 1 KB each). */
const VERIFIED_TOKENS_KEPT = 1000;

/** ES256 access tokens signed with the instance key; verified only against our own public keys. */
export async function createTokenService(options: {
  keys: AuthKeys;
  issuer: string;
  expirySeconds: number;
  clock: () => Date;
}): Promise<TokenService> {
  const [current] = options.keys.signing;
  if (!current) throw new Error('no signing key');
  // Signing happens on the event loop with node:crypto (a P-256 signature takes tens of
  // microseconds), not through WebCrypto's thread pool, where it would queue behind argon2 work
  // and stretch every sign-in by up to one password hash.
  const privateKey = createPrivateKey({
    key: current.privateJwk as Record<string, string>,
    format: 'jwk',
  });
  const header = Buffer.from(
    JSON.stringify({ alg: 'ES256', kid: current.kid, typ: 'JWT' }),
  ).toString('base64url');
  const publicJwks: JWK[] = options.keys.signing.map((key) => {
    const { kty, crv, x, y } = key.publicJwk;
    return { kty, crv, x, y, kid: key.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  });
  const keySet = createLocalJWKSet({ keys: publicJwks });
  // A token's signature, issuer and audience never change, so a token verified once is remembered
  // (newest VERIFIED_TOKENS_KEPT) and only its expiry is checked again: an ES256 verification is
  // the largest CPU cost of an ordinary /api request. Whether its session still stands is the
  // guard's question, asked on every request regardless (ADR 020).
  const verified = new Map<string, AccessTokenClaims>();

  return {
    expirySeconds: options.expirySeconds,

    async sign(input) {
      const iat = Math.floor(options.clock().getTime() / 1000);
      const exp = iat + options.expirySeconds;
      const claims = { ...input, aud: AUDIENCE, iss: options.issuer, iat, exp };
      const signingInput = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      // JOSE wants the raw r‖s form (IEEE P1363), not DER.
      const signature = signBytes('sha256', Buffer.from(signingInput), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      const token = `${signingInput}.${signature.toString('base64url')}`;
      return { token, expiresAt: exp, expiresIn: options.expirySeconds };
    },

    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > options.clock().getTime()) return { ok: true, claims: known };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, keySet, {
          algorithms: ['ES256'],
          issuer: options.issuer,
          audience: AUDIENCE,
          currentDate: options.clock(),
        });
        const claims = payload as AccessTokenClaims;
        if (verified.size >= VERIFIED_TOKENS_KEPT) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        verified.set(token, deepFreeze(claims));
        return { ok: true, claims };
      } catch (error: unknown) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },

    jwks: () => ({ keys: publicJwks }),
  };
}

/** Claims shared between requests must not be changed by one of them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
