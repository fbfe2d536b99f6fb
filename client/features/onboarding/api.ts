import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onboardingPaths, onboardingSchema, type OnboardingUpdate } from '#contracts/onboarding.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const onboardingQuery = queryOptions({
  queryKey: ['delivery', 'onboarding'],
  queryFn: ({ signal }) =>
    apiRequest(onboardingSchema, onboardingPaths.onboarding.href(), { signal }),
  // The screen shows a failed read in place, with a way to try again.
  meta: { silentError: true },
});

export function useOnboarding() {
  return useQuery(onboardingQuery);
}

/** PUT /api/onboarding: the step reached, the choices made, or the end (complete or skip). */
export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    // The flow says what failed beside its buttons.
    meta: { silentError: true },
    mutationFn: (update: OnboardingUpdate) =>
      apiRequest(onboardingSchema, onboardingPaths.onboarding.href(), {
        method: 'PUT',
        body: update,
      }),
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingQuery.queryKey, onboarding),
  });
}
