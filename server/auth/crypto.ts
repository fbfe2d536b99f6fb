import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { secretsEqual } from '#server/lib/constant-time.ts';

/** A fresh opaque secret (refresh tokens, API keys): 32 random bytes, base64url. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens are looked up by this hash; the token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that replaces `token`: HMAC-SHA256 under the instance's refresh secret. Only
 * the server can compute it, and computing it again gives the same child, so a token replayed
 * inside the reuse window is answered with the chain it already started, not a new one.
 */
export function childRefreshToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

/** A numeric one-time code (emails, reauthentication). */
export function randomOtp(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** GoTrue's token hash: lowercase hex of SHA-224(address + code). Emailed links carry it. */
export function emailTokenHash(address: string, otp: string): string {
  return createHash('sha224')
    .update(address + otp)
    .digest('hex');
}

/** PKCE: does the verifier match the stored challenge? Method is compared case-insensitively. */
export function pkceVerifierMatches(challenge: string, method: string, verifier: string): boolean {
  const computed =
    method.toLowerCase() === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  return secretsEqual(computed, challenge);
}
