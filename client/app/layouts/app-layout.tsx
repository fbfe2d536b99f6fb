import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate, type UIMatch } from 'react-router';
import { AppHeader } from '#client/components/layout/app-header.tsx';
import { MAIN_CONTENT_ID } from '#client/components/layout/skip-link.tsx';
import { LoadingScreen } from '#client/components/ui/full-page-status.tsx';
import { UnconfirmedEmailBanner } from '#client/features/auth/components/unconfirmed-email-banner.tsx';
import { useEngagementTracker } from '#client/features/engagement/use-engagement-tracker.ts';
import { NotificationsBell } from '#client/features/notifications/components/notifications-bell.tsx';
import { needsSecondFactor, onStepUpRequired } from '#client/lib/auth/assurance.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { loginPathFor, stepUpPathFor } from '#client/lib/auth/redirects.ts';
import { getRole, type Role } from '#client/lib/auth/roles.ts';
import { paths } from '#client/lib/paths.ts';
import { getQueryClient } from '#client/lib/query-client.ts';

/** Route `handle` of a screen only some roles may open (spec §6). */
export interface RoleHandle {
  roles: readonly Role[];
}

function requiredRoles(matches: UIMatch[]): readonly Role[] | null {
  for (const match of [...matches].reverse()) {
    const handle = match.handle;
    if (typeof handle === 'object' && handle !== null && 'roles' in handle) {
      return (handle as RoleHandle).roles;
    }
  }
  return null;
}

/**
 * The signed-in area's frame and guard: a spinner while auth loads, /login (remembering the
 * page) without a user, /dashboard for a role-restricted screen without the role.
 */
export function AppLayout() {
  const { user, session, loading, signOut } = useAuth();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  // Set while signing out on purpose, so the guard does not race /logout with a trip to /login.
  const [leaving, setLeaving] = useState(false);
  const here = location.pathname + location.search + location.hash;
  // Usage analytics' session events, only while someone is fully signed in (ADR 027).
  const signedIn = !loading && user !== null && !needsSecondFactor(session);
  const endSession = useEngagementTracker(signedIn ? (session?.access_token ?? null) : null);

  // The product API refused this session until it uses its second factor (an authenticator app
  // added on another device, say): to the code step, then back here.
  useEffect(
    () => onStepUpRequired(() => void navigate(stepUpPathFor(here), { replace: true })),
    [navigate, here],
  );

  if (loading || leaving) return <LoadingScreen />;
  if (!user || needsSecondFactor(session)) {
    return <Navigate to={loginPathFor(here)} replace />;
  }
  const role = getRole(user);
  const allowed = requiredRoles(matches);
  if (allowed && !allowed.includes(role)) return <Navigate to={paths.dashboard} replace />;

  const handleSignOut = async () => {
    setLeaving(true);
    // The session's end goes out while the token still works.
    await endSession();
    await signOut();
    // The next person to sign in on this tab must not see this one's cached data.
    getQueryClient().clear();
    await navigate(paths.logout, { replace: true });
  };

  return (
    <QueryClientProvider client={getQueryClient()}>
      <div className="flex min-h-dvh flex-col">
        <AppHeader
          email={user.email ?? null}
          role={role}
          showCoach={role === 'coach'}
          showAdmin={role === 'admin'}
          onSignOut={() => void handleSignOut()}
          actions={<NotificationsBell userId={user.id} />}
        />
        <UnconfirmedEmailBanner />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      </div>
    </QueryClientProvider>
  );
}
