import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, goalPaths } from '#contracts/goals.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => apiRequest(dashboardSchema, goalPaths.dashboard, { signal }),
  meta: { silentError: true },
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
