import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter, routes } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A prerendered page (see entry-server.tsx) is hydrated: the lazy routes it matches are loaded
 * first, so the first client render is the same tree as the HTML.
 */
async function start(root: HTMLElement) {
  const prerendered = root.firstElementChild !== null;
  if (prerendered) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy());
        delete route.lazy;
      }),
    );
  }
  const app = (
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(container);

// The service worker shows pushed notifications (and makes the app installable). It caches
// nothing, so registering it on every visit costs one small request after the page has loaded.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  });
}
