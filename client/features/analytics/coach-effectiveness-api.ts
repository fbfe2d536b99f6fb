import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '#contracts/analytics.ts';
import {
  coachEffectivenessPaths,
  coachEffectivenessSchema,
} from '#contracts/coach-effectiveness.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { analyticsKeys } from './api.ts';

// /analytics/coach-effectiveness reads; it never writes. Its keys sit under analyticsKeys.all, so
// whatever clears the analytics screens clears it too.

export const coachEffectivenessKeys = {
  /** The figures over one period. */
  report: (days: AnalyticsPeriod) => [...analyticsKeys.all(), 'coach-effectiveness', days] as const,
};

export const coachEffectivenessQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: coachEffectivenessKeys.report(days),
    queryFn: ({ signal }) =>
      apiRequest(
        coachEffectivenessSchema,
        `${coachEffectivenessPaths.coachEffectiveness.href()}?${new URLSearchParams({ days }).toString()}`,
        { signal },
      ),
    // Figures move only as proposals are accepted and tasks close: a minute of staleness is fine.
    staleTime: 60_000,
    // The page shows its own error with a retry; no toast on top.
    meta: { silentError: true },
  });

/** The figures for a period; the previous period's stay on screen while the next loads. */
export function useCoachEffectiveness(days: AnalyticsPeriod) {
  return useQuery({ ...coachEffectivenessQuery(days), placeholderData: keepPreviousData });
}
