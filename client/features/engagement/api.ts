import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '#contracts/analytics.ts';
import { engagementPaths, engagementSummarySchema } from '#contracts/engagement.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import type { SendEvents } from './tracker.ts';

// /engagement-analytics reads its summary; the tracker writes session events. The cache is cleared
// at sign-out (app layout), so the keys need no user id.

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
    meta: { silentError: true },
  });

/** The summary for a period; the previous period's figures stay on screen while the next loads. */
export function useEngagementSummary(days: AnalyticsPeriod) {
  return useQuery({ ...engagementSummaryQuery(days), placeholderData: keepPreviousData });
}

/**
 * Sends a batch of session events with the token in the Authorization header (a beacon cannot
 * carry one) and keepalive, so a batch sent as the page goes away still arrives. A refusal for
 * good (400, 401, 403, 413) is not retried; an unreachable server or a 5xx is.
 */
export const sendSessionEvents: SendEvents = async (events, token, { keepalive }) => {
  try {
    const response = await fetch(engagementPaths.events.href(), {
      method: 'POST',
      keepalive,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    if (response.ok) return 'sent';
    return response.status >= 500 || response.status === 429 ? 'retry' : 'drop';
  } catch {
    return 'retry';
  }
};
