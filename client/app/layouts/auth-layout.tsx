import { Suspense, use } from 'react';
import { Outlet } from 'react-router';
import { AuthGate } from '#client/components/auth/auth-gate.tsx';
import { InitializingScreen } from '#client/components/ui/full-page-status.tsx';
import { getAuthClient } from '#client/lib/auth-client.ts';
import { AuthProvider } from '#client/lib/auth/auth-provider.tsx';

function WithAuth() {
  const client = use(getAuthClient());
  return (
    <AuthProvider auth={client.auth}>
      <AuthGate>
        <Outlet />
      </AuthGate>
    </AuthProvider>
  );
}

/**
 * The pathless route around every screen that needs to know who is signed in: the sign-in pages
 * and the signed-in area. Lazily loaded, so supabase-js never reaches the landing page.
 */
export function AuthLayout() {
  return (
    <Suspense fallback={<InitializingScreen />}>
      <WithAuth />
    </Suspense>
  );
}
