import { AuthError, authErrors } from './auth.errors.ts';
import { checkPasswordStrength, passwordTooLong } from './passwords.ts';

// GoTrue's email rule (RFC 5322 local part, DNS labels), so the same addresses pass.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Lower-cased, trimmed address; throws GoTrue's validation errors. */
export function validEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255) throw authErrors.validation('An email address is too long');
  if (!EMAIL.test(email))
    throw authErrors.validation('Unable to validate email address: invalid format');
  return email;
}

/** The 72-character cap (400) and then the strength policy (422 weak_password with reasons). */
export function assertAcceptablePassword(password: string, minLength: number): void {
  if (passwordTooLong(password)) {
    throw authErrors.validation('Password cannot be longer than 72 characters');
  }
  const weak = checkPasswordStrength(password, minLength);
  if (weak) {
    throw new AuthError(422, 'weak_password', weak.message, {
      weak_password: { reasons: weak.reasons },
    });
  }
}

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** Both PKCE fields or neither; the method is case-insensitive; the challenge 43–128 URL-safe characters. */
export function parsePkce(body: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): PkceParams | null {
  const challenge = body.code_challenge ?? '';
  const method = (body.code_challenge_method ?? '').toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw authErrors.validation('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (method !== 's256' && method !== 'plain')
    throw authErrors.validation('code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128) {
    throw authErrors.validation('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[A-Za-z0-9._~-]+$/.test(challenge)) {
    throw authErrors.validation(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  return { challenge, method };
}

/** Merges metadata the GoTrue way: keys set to null are removed. */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
