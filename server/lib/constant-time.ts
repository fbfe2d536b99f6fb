import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets (keys, signatures, hashed codes) in time independent of where they differ
 * and of their lengths: both sides are hashed to the same size before the comparison.
 */
export function secretsEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
