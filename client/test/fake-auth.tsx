import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import type { AuthApi } from '#client/lib/auth/auth-api.ts';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function makeUser(overrides: Partial<User> & { role?: string } = {}): User {
  const { role, ...rest } = overrides;
  return {
    id: '5b0f7a3e-1111-4c2a-9d7e-000000000001',
    aud: 'authenticated',
    email: 'ada@example.com',
    app_metadata: { provider: 'email', providers: ['email'], ...(role ? { role } : {}) },
    user_metadata: {},
    created_at: '2025-01-01T00:00:00Z',
    email_confirmed_at: '2025-01-01T00:00:00Z',
    ...rest,
  };
}

export function makeSession(
  options: { user?: User; expiresAt?: number; aal?: 'aal1' | 'aal2' } = {},
): Session {
  const expiresAt = options.expiresAt ?? Math.floor(Date.now() / 1000) + 3600;
  const accessToken = [
    base64url({ alg: 'ES256', typ: 'JWT' }),
    base64url({ sub: 'user', aal: options.aal ?? 'aal1', exp: expiresAt }),
    'signature',
  ].join('.');
  return {
    access_token: accessToken,
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user: options.user ?? makeUser(),
  };
}

/**
 * A stand-in for the supabase-js auth client that a test controls: every method is a spy with a
 * harmless default, and `emit` plays an auth event to the subscribed provider.
 */
export function createFakeAuth() {
  const listeners: Listener[] = [];
  const fake = {
    getSession: vi.fn(
      async (): Promise<{ data: { session: Session | null }; error: Error | null }> => ({
        data: { session: null },
        error: null,
      }),
    ),
    onAuthStateChange: vi.fn((callback: Listener) => {
      listeners.push(callback);
      const unsubscribe = vi.fn(() => {
        listeners.splice(listeners.indexOf(callback), 1);
      });
      return { data: { subscription: { id: 'fake', callback, unsubscribe } } };
    }),
    signOut: vi.fn(async (): Promise<{ error: Error | null }> => {
      for (const listener of [...listeners]) listener('SIGNED_OUT', null);
      return { error: null };
    }),
    signInWithPassword: vi.fn(),
    signInWithOtp: vi.fn(),
    signInAnonymously: vi.fn(),
    signUp: vi.fn(),
    resetPasswordForEmail: vi.fn(),
    exchangeCodeForSession: vi.fn(),
    verifyOtp: vi.fn(),
    updateUser: vi.fn(),
    resend: vi.fn(),
    refreshSession: vi.fn(),
    reauthenticate: vi.fn(),
    mfa: {
      getAuthenticatorAssuranceLevel: vi.fn(async () => ({
        data: { currentLevel: 'aal1', nextLevel: 'aal1', currentAuthenticationMethods: [] },
        error: null,
      })),
      listFactors: vi.fn(),
      challengeAndVerify: vi.fn(),
      enroll: vi.fn(),
      unenroll: vi.fn(),
    },
  };
  const emit = (event: AuthChangeEvent, session: Session | null) => {
    for (const listener of [...listeners]) listener(event, session);
  };
  // The fake implements only what the screens call, with loose result types.
  return { fake, auth: fake as unknown as AuthApi, emit };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders screens inside the real provider and gate, a memory router and a Toaster.
 * Every other path renders its own pathname, so a test can see where a redirect went.
 */
export function renderWithAuth(
  routes: { path: string; element: ReactNode }[],
  { auth, initialEntries }: { auth: AuthApi; initialEntries: InitialEntry[] },
) {
  const children: RouteObject[] = [
    ...routes.map((route) => ({ path: route.path, element: route.element })),
    { path: '*', element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider auth={auth}>
            <AuthGate>
              <Outlet />
            </AuthGate>
          </AuthProvider>
        ),
        children,
      },
    ],
    { initialEntries },
  );
  const view = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, ...view };
}
