import { queryOptions, useQuery } from '@tanstack/react-query';
import { achievementListSchema, achievementPaths } from '#contracts/achievements.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const achievementKeys = {
  /** Everything of one user's achievements. */
  all: (userId: string) => ['achievements', userId] as const,
  /** GET /api/achievements: every badge, earned or locked. */
  list: (userId: string) => ['achievements', userId, 'list'] as const,
};

export function achievementsQuery(userId: string) {
  return queryOptions({
    queryKey: achievementKeys.list(userId),
    queryFn: ({ signal }) =>
      apiRequest(achievementListSchema, achievementPaths.list.href(), { signal }),
    // Badges are awarded by changes made on other screens: read afresh whenever the page opens.
    staleTime: 0,
    // The page shows its own error state.
    meta: { silentError: true },
  });
}

export function useAchievements(userId: string) {
  return useQuery(achievementsQuery(userId));
}
