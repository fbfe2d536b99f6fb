import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  insightListSchema,
  insightPaths,
  insightSchema,
  suggestionResultSchema,
  type InsightList,
  type SuggestionDecision,
} from '#contracts/insights.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { withDecision, withRefreshed } from './insight-state.ts';

// The weekly insights of /progress and /coaching/team. The cache is cleared at sign-out (app
// layout), so the keys need no user id.

export const insightKeys = {
  all: () => ['insights'] as const,
  /** This week's insight and the past weeks'. */
  list: () => ['insights', 'list'] as const,
};

export const insightsQuery = queryOptions({
  queryKey: insightKeys.list(),
  queryFn: ({ signal }) => apiRequest(insightListSchema, insightPaths.list.href(), { signal }),
  staleTime: 60_000,
  meta: { silentError: true },
});

export function useInsights() {
  return useQuery(insightsQuery);
}

/** Writes this week's insight again; the answer replaces it on screen. */
export function useRefreshInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(insightSchema, insightPaths.refresh.href(), { method: 'POST' }),
    onSuccess: (insight) => {
      queryClient.setQueryData<InsightList>(insightKeys.list(), (list) =>
        list ? withRefreshed(list, insight) : list,
      );
      return queryClient.invalidateQueries({ queryKey: insightKeys.list() });
    },
  });
}

/** Accepts or dismisses a suggestion; an accepted one changed a task, so the task lists reload. */
export function useDecideSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { insightId: string; suggestionId: string } & SuggestionDecision) =>
      apiRequest(
        suggestionResultSchema,
        insightPaths.suggestion.href({ id: input.insightId, suggestionId: input.suggestionId }),
        { method: 'POST', body: { decision: input.decision } },
      ),
    onSuccess: async (result, input) => {
      queryClient.setQueryData<InsightList>(insightKeys.list(), (list) =>
        list ? withDecision(list, result) : list,
      );
      if (input.decision === 'accept') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['tasks'] }),
          queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        ]);
      }
    },
  });
}
