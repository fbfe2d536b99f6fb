import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useRouteError } from 'react-router';
import { SkipLink } from '#client/components/layout/skip-link.tsx';
import { ErrorScreen } from '#client/components/ui/error-screen.tsx';

// Sonner stays off the landing page's first load; toasts only follow a person's action.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

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
  return (
    <>
      <SkipLink />
      <Outlet />
      <Suspense fallback={null}>
        <Toaster richColors closeButton position="top-right" />
      </Suspense>
      <ScrollRestoration />
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
      onRetry={() => void navigate(location.pathname + location.search + location.hash, { replace: true })}
    />
  );
}
