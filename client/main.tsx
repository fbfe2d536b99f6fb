import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter, routes } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A prerendered page (/login and /signup; the public pages run no React, see
 * docs/decisions/019-public-pages-without-react.md) is hydrated: the lazy routes it matches and the
 * auth client are loaded first, so the first client render is the same tree as the HTML (a form
 * submitted before then waits for it: client/site/hold-early-submits.ts).
 */
async function start(root: HTMLElement) {
  const prerendered = root.firstElementChild !== null;
  if (prerendered) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all([
      import('./lib/auth-client.ts').then(({ getAuthClient }) => getAuthClient()),
      ...matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy());
        delete route.lazy;
      }),
    ]);
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
