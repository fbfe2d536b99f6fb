import { useInfiniteQuery } from '@tanstack/react-query';
import { coachingPaths, historyPageSchema } from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';
import { historyQueryString, type HistoryFilters } from './history-state.ts';

export const HISTORY_PAGE_SIZE = 30;

/** The timeline, newest first, a page at a time (keyset: each page names the next). */
export function useHistory(userId: string, filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: coachingKeys.history(userId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        historyPageSchema,
        `${coachingPaths.history.href()}?${historyQueryString(filters, pageParam, HISTORY_PAGE_SIZE)}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { silentError: true },
  });
}
