import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coachingPaths, reflectionSchema, type ReflectionRequest } from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';

/** Stores a reflection and answers it with the coach's reply (or the crisis response). */
export function useReflect(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The panel keeps the text and says what went wrong beside the button.
    meta: { silentError: true },
    mutationFn: (body: ReflectionRequest) =>
      apiRequest(reflectionSchema, coachingPaths.reflections.href(), { method: 'POST', body }),
    // The timeline (every filtered view of it) and any list of reflections gain an entry.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coachingKeys.history(userId, {}).slice(0, 3) }),
        queryClient.invalidateQueries({ queryKey: coachingKeys.reflections(userId) }),
      ]),
  });
}
