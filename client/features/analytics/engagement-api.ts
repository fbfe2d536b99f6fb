import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '#contracts/analytics.ts';
import { engagementPaths, engagementSummarySchema } from '#contracts/engagement.ts';
import { apiRequest } from '#client/lib/api-client.ts';

// /engagement-analytics reads its summary (the tracker, client/features/engagement, writes the
// session events). The cache is cleared at sign-out (app layout), so the keys need no user id.

export const engagementKeys = {
  all: () => ['engagement'] as const,
  summary: (days: AnalyticsPeriod) => ['engagement', 'summary', days] as const,
};

export const engagementSummaryQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: engagementKeys.summary(days),
    queryFn: ({ signal }) =>
      apiRequest(
        engagementSummarySchema,
        `${engagementPaths.summary.href()}?${new URLSearchParams({ days }).toString()}`,
        { signal },
      ),
    // Usage moves by the session; a minute of staleness is fine.
    staleTime: 60_000,
    // Each panel shows its own error with a retry; no toast on top.
    meta: { silentError: true },
  });

/** The summary for a period; the previous period's figures stay on screen while the next loads. */
export function useEngagementSummary(days: AnalyticsPeriod) {
  return useQuery({ ...engagementSummaryQuery(days), placeholderData: keepPreviousData });
}
