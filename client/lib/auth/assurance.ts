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

const stepUpListeners = new Set<() => void>();

/**
 * Called when the product API answers `insufficient_aal`: the person has an authenticator app and
 * this session has not used it (the server knows it even when this tab's copy of the user is
 * older than the factor). The signed-in layout listens and takes them to the code step.
 */
export function reportStepUpRequired(): void {
  for (const listener of [...stepUpListeners]) listener();
}

/** Listens for reportStepUpRequired; returns the function that stops listening. */
export function onStepUpRequired(listener: () => void): () => void {
  stepUpListeners.add(listener);
  return () => stepUpListeners.delete(listener);
}
