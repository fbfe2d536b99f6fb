import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coachingPaths, coachingPreferencesSchema } from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';

/** Coaching preferences: whether a coach may write first (proactive check-ins). */
export function useCoachingPreferences(userId: string) {
  return useQuery({
    queryKey: coachingKeys.preferences(userId),
    queryFn: ({ signal }) =>
      apiRequest(coachingPreferencesSchema, coachingPaths.preferences.href(), { signal }),
    meta: { silentError: true },
  });
}

export function useSaveCoachingPreferences(userId: string) {
  const queryClient = useQueryClient();
  const key = coachingKeys.preferences(userId);
  return useMutation({
    mutationFn: (body: { checkIns: boolean }) =>
      apiRequest(coachingPreferencesSchema, coachingPaths.preferences.href(), {
        method: 'PUT',
        body,
      }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ checkIns: boolean }>(key);
      queryClient.setQueryData(key, body);
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
