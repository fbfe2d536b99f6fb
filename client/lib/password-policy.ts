import { loadedRuntimeConfig } from './runtime-config.ts';

/** The spec's password minimum (§9), used until the server's setting is known. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * The server's AUTH_PASSWORD_MIN_LENGTH (from the runtime config); forms let the browser enforce
 * it through minLength.
 */
export function passwordMinLength(): number {
  return loadedRuntimeConfig()?.passwordMinLength ?? PASSWORD_MIN_LENGTH;
}

/** The server refuses longer passwords (argon2 input limit chosen in DESIGN §3). */
export const PASSWORD_MAX_LENGTH = 72;
