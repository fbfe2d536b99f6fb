import type { Session, User } from '@supabase/supabase-js';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AuthApi } from './auth-api.ts';

/** The app-level auth state of the spec (§3, §4). */
export interface AuthState {
  user: User | null;
  session: Session | null;
  loading: boolean;
  initialized: boolean;
  error: Error | null;
}

export interface AuthContextValue extends AuthState {
  /** The supabase-js auth client the screens call for sign-in, sign-up and account changes. */
  auth: AuthApi;
  /** Sets loading, signs out at the server, and stores the error if that fails. */
  signOut: () => Promise<void>;
}

export const initialAuthState: AuthState = {
  user: null,
  session: null,
  loading: true,
  initialized: false,
  error: null,
};

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

function isExpired(session: Session): boolean {
  return session.expires_at !== undefined && session.expires_at * 1000 <= Date.now();
}

/** Holds the auth state and follows the client's auth events, as the spec's state machine says. */
export function AuthProvider({ auth, children }: { auth: AuthApi; children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialAuthState);

  useEffect(() => {
    let active = true;
    const update = (change: (current: AuthState) => AuthState) => {
      if (active) setState(change);
    };

    const {
      data: { subscription },
    } = auth.onAuthStateChange((event, session) => {
      // Beyond the spec's three events that carry a session, a verified authenticator code and a
      // password-reset link also hand over a new one, and the app must follow it.
      switch (event) {
        case 'SIGNED_IN':
        case 'TOKEN_REFRESHED':
        case 'USER_UPDATED':
        case 'MFA_CHALLENGE_VERIFIED':
        case 'PASSWORD_RECOVERY': {
          if (!session?.user) {
            console.error(`Auth event ${event} arrived without a user in the session`);
            return;
          }
          update((current) => ({ ...current, user: session.user, session, error: null }));
          return;
        }
        case 'SIGNED_OUT':
          update((current) => ({ ...current, user: null, session: null }));
          return;
        case 'INITIAL_SESSION':
          // The stored session is read through getSession below.
          return;
      }
    });

    const start = async () => {
      try {
        const { data, error } = await auth.getSession();
        if (error) throw error;
        const session = data.session;
        if (!session) {
          update((current) => ({ ...current, user: null, session: null }));
        } else if (isExpired(session)) {
          await auth.signOut();
          update((current) => ({ ...current, user: null, session: null }));
        } else {
          update((current) => ({ ...current, user: session.user, session }));
        }
        update((current) => ({ ...current, loading: false, initialized: true }));
      } catch (error: unknown) {
        update((current) => ({ ...current, error: toError(error), loading: false }));
      }
    };
    void start();

    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [auth]);

  const signOut = useCallback(async () => {
    setState((current) => ({ ...current, loading: true }));
    try {
      const { error } = await auth.signOut();
      if (error) throw error;
    } catch (error: unknown) {
      setState((current) => ({ ...current, error: toError(error) }));
    } finally {
      setState((current) => ({ ...current, loading: false }));
    }
  }, [auth]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, auth, signOut }),
    [state, auth, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The auth state and actions; only inside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
