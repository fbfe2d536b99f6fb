import type { GoTrueClient } from '@supabase/auth-js';
import { paths } from '#client/lib/paths.ts';

type SupabaseAuth = GoTrueClient;

/** The part of the supabase-js auth client the account settings call. */
export type AccountAuthApi = Pick<
  SupabaseAuth,
  'updateUser' | 'reauthenticate' | 'signOut' | 'refreshSession'
> & {
  mfa: Pick<SupabaseAuth['mfa'], 'listFactors' | 'enroll' | 'challengeAndVerify' | 'unenroll'>;
};

/** The machine-readable code of a supabase-js AuthError. */
export function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Where email links that confirm a change of address land. */
export function confirmRedirect(): string {
  return `${window.location.origin}${paths.authConfirm}`;
}
