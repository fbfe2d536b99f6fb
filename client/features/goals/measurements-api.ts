import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  measurementListSchema,
  measurementPaths,
  measurementSchema,
  type NewMeasurement,
} from '#contracts/measurements.ts';
import { deletedSchema } from '#contracts/shared.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { goalKeys } from './api.ts';

// Values logged against a goal's metric (ADR 026). They move no progress, so a write refreshes
// the goal's own list of values only; a screen that shows them elsewhere (the domain page) passes
// `onChanged` to refresh its own figures.

export const measurementKeys = {
  list: (goalId: string) => [...goalKeys.all, 'measurements', goalId] as const,
};

export function useMeasurements(goalId: string) {
  return useQuery({
    queryKey: measurementKeys.list(goalId),
    queryFn: ({ signal }) =>
      apiRequest(measurementListSchema, measurementPaths.measurements.href({ id: goalId }), {
        signal,
      }),
    meta: { silentError: true },
  });
}

export function useLogMeasurement(goalId: string, onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (body: NewMeasurement) =>
      apiRequest(measurementSchema, measurementPaths.measurements.href({ id: goalId }), {
        method: 'POST',
        body,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: measurementKeys.list(goalId) });
      await onChanged?.();
    },
  });
}

export function useDeleteMeasurement(goalId: string, onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (measurementId: string) =>
      apiRequest(deletedSchema, measurementPaths.measurement.href({ id: goalId, measurementId }), {
        method: 'DELETE',
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: measurementKeys.list(goalId) });
      await onChanged?.();
    },
  });
}
