import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  analyticsPaths,
  analyticsSummarySchema,
  analyticsTrendsSchema,
  type AnalyticsPeriod,
} from '#contracts/analytics.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import { domainMetricsPaths, domainMetricsSchema } from '#contracts/domain-metrics.ts';
import { apiRequest } from '#client/lib/api-client.ts';

// The analytics screens read; they never write. The cache is cleared at sign-out (app layout), so
// the keys need no user id.

export const analyticsKeys = {
  /** Everything the analytics screens read. */
  all: () => ['analytics'] as const,
  /** /analytics's figures over one period. */
  summary: (days: AnalyticsPeriod) => ['analytics', 'summary', days] as const,
  /** /analytics/advanced's twelve weeks. */
  trends: () => ['analytics', 'trends'] as const,
  /** /analytics/metrics/{domain} over one period. */
  domain: (domain: CoachDomain, days: AnalyticsPeriod) =>
    ['analytics', 'domain', domain, days] as const,
};

// Figures move only as tasks close; a minute of staleness is fine and saves a read per visit.
const STALE_MS = 60_000;

export const summaryQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.summary(days),
    queryFn: ({ signal }) =>
      apiRequest(
        analyticsSummarySchema,
        `${analyticsPaths.summary.href()}?${new URLSearchParams({ days }).toString()}`,
        { signal },
      ),
    staleTime: STALE_MS,
    // Each panel shows its own error with a retry; no toast on top.
    meta: { silentError: true },
  });

export const trendsQuery = queryOptions({
  queryKey: analyticsKeys.trends(),
  queryFn: ({ signal }) =>
    apiRequest(analyticsTrendsSchema, analyticsPaths.trends.href(), { signal }),
  staleTime: STALE_MS,
  meta: { silentError: true },
});

/** The summary for a period; the previous period's figures stay on screen while the next loads. */
export function useAnalyticsSummary(days: AnalyticsPeriod) {
  return useQuery({ ...summaryQuery(days), placeholderData: keepPreviousData });
}

export function useAnalyticsTrends() {
  return useQuery(trendsQuery);
}

export const domainMetricsQuery = (domain: CoachDomain, days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.domain(domain, days),
    queryFn: ({ signal }) =>
      apiRequest(
        domainMetricsSchema,
        `${domainMetricsPaths.metrics.href({ domain })}?${new URLSearchParams({ days }).toString()}`,
        { signal },
      ),
    staleTime: STALE_MS,
    meta: { silentError: true },
  });

/** One domain's figures for a period; the previous period's stay on screen while the next loads. */
export function useDomainMetrics(domain: CoachDomain, days: AnalyticsPeriod) {
  return useQuery({ ...domainMetricsQuery(domain, days), placeholderData: keepPreviousData });
}
