import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardPaths, dashboardSchema } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => apiRequest(dashboardSchema, dashboardPaths.dashboard.href(), { signal }),
  meta: { silentError: true },
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
