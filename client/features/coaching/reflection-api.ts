import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  coachingPaths,
  reflectionListSchema,
  reflectionSchema,
  type Reflection,
  type ReflectionRequest,
} from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';

/** The person's reflections, newest first. */
export function useReflections(userId: string) {
  return useQuery({
    queryKey: coachingKeys.reflections(userId),
    queryFn: ({ signal }) =>
      apiRequest(reflectionListSchema, coachingPaths.reflections.href(), { signal }),
    meta: { silentError: true },
  });
}

/** Stores a reflection and answers it with the coach's reply (or the crisis response). */
export function useReflect(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The panel keeps the text and says what went wrong beside the button.
    meta: { silentError: true },
    mutationFn: (body: ReflectionRequest) =>
      apiRequest(reflectionSchema, coachingPaths.reflections.href(), { method: 'POST', body }),
    onSuccess: (reflection) => {
      queryClient.setQueryData<{ reflections: Reflection[] }>(
        coachingKeys.reflections(userId),
        (list) => (list ? { reflections: [reflection, ...list.reflections] } : list),
      );
      // The timeline gains an entry; every filtered view of it reads afresh.
      return queryClient.invalidateQueries({
        queryKey: coachingKeys.history(userId, {}).slice(0, 3),
      });
    },
  });
}
