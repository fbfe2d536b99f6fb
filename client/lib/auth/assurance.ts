import type { Session } from '@supabase/supabase-js';

/** The `aal` claim of an access token; null when the token cannot be read. */
function tokenAssuranceLevel(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' &&
      json !== null &&
      'aal' in json &&
      typeof json.aal === 'string'
      ? json.aal
      : null;
  } catch {
    return null;
  }
}

/**
 * True when the user has a verified authenticator app but this session was signed in with the
 * password alone: the same rule as `mfa.getAuthenticatorAssuranceLevel()`, read without a request.
 */
export function needsSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const hasVerifiedFactor = session.user.factors?.some((factor) => factor.status === 'verified');
  return Boolean(hasVerifiedFactor) && tokenAssuranceLevel(session.access_token) !== 'aal2';
}
