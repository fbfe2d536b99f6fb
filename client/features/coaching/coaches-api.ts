import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  catalogueSchema,
  coachingPaths,
  userCoachListSchema,
  userCoachSchema,
  type CreateUserCoach,
} from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';

/** The coach catalogue: one AI coach per domain (human coaches join later). */
export function catalogueQuery() {
  return queryOptions({
    queryKey: coachingKeys.catalogue(),
    queryFn: ({ signal }) =>
      apiRequest(catalogueSchema, coachingPaths.catalogue.href(), { signal }),
    staleTime: Infinity,
  });
}

export function useCatalogue() {
  return useQuery(catalogueQuery());
}

/** The person's own coaches, team first in order, then the others. */
export function coachesQuery(userId: string) {
  return queryOptions({
    queryKey: coachingKeys.coaches(userId),
    queryFn: ({ signal }) =>
      apiRequest(userCoachListSchema, coachingPaths.coaches.href(), { signal }),
  });
}

export function useUserCoaches(userId: string) {
  return useQuery(coachesQuery(userId));
}

/** Makes the person's copy of a catalogue coach (or returns the one they have). */
export function useCreateUserCoach(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserCoach) =>
      apiRequest(userCoachSchema, coachingPaths.coaches.href(), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all(userId) }),
  });
}
