import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useRouteError } from 'react-router';
import { SkipLink } from '#client/components/layout/skip-link.tsx';
import { ErrorScreen } from '#client/components/ui/error-screen.tsx';

// Sonner stays off the landing page's first load; toasts only follow a person's action.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

const noSubscription = () => () => undefined;

/**
 * False while rendering on the server and during hydration, true after: the Toaster mounts only
 * in the browser, so prerendered pages hold no unfinished Suspense boundary.
 */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Scroll positions are remembered per history entry; the first page load of a tab has the key
 * "default", so it is told apart by path (otherwise a fresh /about would open where /help was left).
 */
function scrollKey(location: { key: string; pathname: string }) {
  return location.key === 'default' ? `initial:${location.pathname}` : location.key;
}

/** Moves focus to the page's main landmark after client-side navigation, as a page load would. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.querySelector<HTMLElement>('main');
    main?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  useFocusOnNavigation();
  const hydrated = useHydrated();
  return (
    <>
      <SkipLink />
      <Outlet />
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster theme="system" richColors closeButton position="top-right" />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

/** The route-level boundary: any render or loading error lands here. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  // Navigating to the same location resets the boundary and renders the route again.
  return (
    <ErrorScreen
      onRetry={() =>
        void navigate(location.pathname + location.search + location.hash, { replace: true })
      }
    />
  );
}
