import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters (DESIGN §3): 19 MiB, 2 passes, 1 lane. argon2id is the library default. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown account, or an account
 * without a password) it verifies against a dummy hash, so the answer takes as long either way.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a wrong password, never a crash.
    return false;
  }
}

/** Computes the dummy hash ahead of the first unknown-account sign-in (so that one is not slower). */
export async function warmPasswordHashing(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await dummyHash;
}

export function passwordTooLong(password: string): boolean {
  return [...password].length > PASSWORD_MAX_LENGTH;
}

export interface WeakPassword {
  message: string;
  reasons: ('length' | 'characters' | 'pwned')[];
}

/** The strength policy: null when the password is acceptable (the 72-character cap is checked apart). */
export function checkPasswordStrength(
  password: string,
  minLength: number = PASSWORD_MIN_LENGTH,
): WeakPassword | null {
  if ([...password].length < minLength) {
    return {
      message: `Password should be at least ${minLength} characters.`,
      reasons: ['length'],
    };
  }
  return null;
}
