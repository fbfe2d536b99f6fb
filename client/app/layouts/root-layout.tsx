import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
} from 'react-router';
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

/** A route's `handle.title` names the page in the browser tab (and for screen readers). */
export interface TitleHandle {
  title?: string;
}

const DEFAULT_TITLE = "Trellis: AI coaching that turns goals into today's top three";

/**
 * The document's one <title>, from the deepest route that names itself. Kept here rather than in
 * each page so that no client-side navigation ever leaves the document without a title.
 */
function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as TitleHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  return <title>{title ? `${title} · Trellis` : DEFAULT_TITLE}</title>;
}

export function RootLayout() {
  useFocusOnNavigation();
  const hydrated = useHydrated();
  return (
    <>
      <DocumentTitle />
      <SkipLink />
      <Outlet />
      {hydrated && (
        <Suspense fallback={null}>
          {/* Its own labelled live region: a landmark named apart from the app's Notifications. */}
          <Toaster
            theme="system"
            richColors
            closeButton
            position="top-right"
            containerAriaLabel="Status messages"
          />
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
