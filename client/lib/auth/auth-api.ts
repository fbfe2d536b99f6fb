import type { GoTrueClient } from '@supabase/auth-js';

type SupabaseAuth = GoTrueClient;

/**
 * The part of the supabase-js auth client the app's screens use (sign-in, sign-up, account).
 * Components receive it through the AuthProvider, so tests hand them a fake and the real client
 * stays in lazily loaded code.
 */
export type AuthApi = Pick<
  SupabaseAuth,
  | 'getSession'
  | 'onAuthStateChange'
  | 'signOut'
  | 'signInWithPassword'
  | 'signInWithOtp'
  | 'signInAnonymously'
  | 'signUp'
  | 'resetPasswordForEmail'
  | 'exchangeCodeForSession'
  | 'verifyOtp'
  | 'updateUser'
  | 'resend'
  | 'refreshSession'
  | 'reauthenticate'
> & {
  mfa: Pick<
    SupabaseAuth['mfa'],
    'getAuthenticatorAssuranceLevel' | 'listFactors' | 'challengeAndVerify' | 'enroll' | 'unenroll'
  >;
};
