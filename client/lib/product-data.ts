import type { QueryClient } from '@tanstack/react-query';

/**
 * Goals, tasks and the dashboard move together (a task moves its goal's progress, the dashboard
 * and the streak; a goal change moves its tasks): after a write to either, read them all again.
 */
export function refreshProductData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => ['goals', 'tasks', 'dashboard'].includes(String(query.queryKey[0])),
  });
}
