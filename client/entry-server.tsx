import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { type AuthSettings, setPrerenderedAuthSettings } from './lib/auth/auth-settings.ts';

/**
 * Renders a public page to HTML at build time (scripts/build-client.mjs), so the marketing pages
 * paint before any JavaScript runs; main.tsx then hydrates them. Hydration data is not inlined
 * (the CSP forbids inline scripts): these routes have no loaders, so there is none to pass.
 */
export async function renderPage(url: string, signInOptions?: AuthSettings): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirected; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  setPrerenderedAuthSettings(signInOptions);
  try {
    return renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
  } finally {
    setPrerenderedAuthSettings(undefined);
  }
}
