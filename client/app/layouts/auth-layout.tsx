import { Suspense, use } from 'react';
import { Outlet, useMatches } from 'react-router';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { InitializingScreen } from '#client/components/ui/full-page-status.tsx';
import { getAuthClient, readyAuthClient } from '#client/lib/auth-client.ts';
import type { AuthApi } from '#client/lib/auth/auth-api.ts';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';

/** A route's handle: `formBeforeAuth` shows its form while the auth state is still being read. */
export interface FormBeforeAuthHandle {
  formBeforeAuth?: boolean;
}

/**
 * What the build-time prerender (client/entry-server.tsx) renders the sign-in pages with: there is
 * no client then, and rendering never calls it (the provider and forms use it in effects and
 * handlers only).
 */
const noClientAtBuildTime = {} as AuthApi;

function WithAuth() {
  // A prerendered sign-in page is hydrated once the client is ready (main.tsx): no suspending.
  const auth = import.meta.env.SSR
    ? noClientAtBuildTime
    : (readyAuthClient() ?? use(getAuthClient())).auth;
  const formBeforeAuth = useMatches().some(
    (match) => (match.handle as FormBeforeAuthHandle | undefined)?.formBeforeAuth === true,
  );
  return (
    <AuthProvider auth={auth}>
      <AuthGate contentWhileInitializing={formBeforeAuth}>
        <Outlet />
      </AuthGate>
    </AuthProvider>
  );
}

/**
 * The pathless route around every screen that needs to know who is signed in: the sign-in pages
 * and the signed-in area. Lazily loaded, so supabase-js never reaches the public pages.
 */
export function AuthLayout() {
  return (
    <Suspense fallback={<InitializingScreen />}>
      <WithAuth />
    </Suspense>
  );
}
