import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './api-client.ts';
import { messageOf } from './error-message.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** The caller handles (or, as the spec says of notifications, only logs) a failure: no toast. */
  silentError?: boolean;
}

function notify(error: unknown, meta: QueryMeta | undefined): void {
  if (meta?.silentError) return;
  // A lost session is the auth guard's business (it sends the person to /login), not a toast.
  if (error instanceof ApiError && error.code === 'unauthenticated') return;
  // So is a missing second factor: the layout takes the person to the code step.
  if (error instanceof ApiError && error.code === 'insufficient_aal') return;
  toast.error(messageOf(error, 'Something went wrong.'));
}

/** TanStack Query's client for the signed-in area: failures toast unless `meta.silentError`. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notify(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notify(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A 4xx will not get better by asking again.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's one query client (the signed-in layout provides it). */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
