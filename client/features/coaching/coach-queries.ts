import { useQuery } from '@tanstack/react-query';
import { catalogueQuery, coachesQuery } from './coaches-api.ts';

// The coaching screens show a failed read in place (with Try again), so these reads do not toast.

export function useCatalogueInPlace() {
  return useQuery({ ...catalogueQuery(), meta: { silentError: true } });
}

export function useUserCoachesInPlace(userId: string) {
  return useQuery({ ...coachesQuery(userId), meta: { silentError: true } });
}
