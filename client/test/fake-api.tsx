import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client.ts';

/**
 * The product API at the network boundary: `fetch` is stubbed, each call is recorded, and each
 * answer comes from a handler keyed "METHOD /path" (the query string is ignored for matching).
 * Tests build answers with the contract's schemas, so they are answers the server could give.
 */

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
type Handler = (call: RecordedCall) => Answer;

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: parsed.pathname, url: parsed.pathname + parsed.search, body };
    calls.push(call);
    const handler = handlers[`${method} ${parsed.pathname}`];
    if (!handler) {
      return new Response(
        JSON.stringify({
          error: {
            code: 'not_found',
            message: `No fake for ${method} ${parsed.pathname}`,
            requestId: 't',
          },
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    }
    const answer = await handler(call);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** An answer the test releases when it wants: for seeing what shows while a call is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a screen with a fresh query client, a memory router at `path` and the Toaster. */
export function renderScreen(
  element: ReactNode,
  { path = '/', route = '/' }: { path?: string; route?: string } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
