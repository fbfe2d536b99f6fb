import { useQuery } from '@tanstack/react-query';
import { adminOperationsPaths, engineInUseSchema } from '#contracts/admin-operations.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The engine the coaches use now; an admin may switch it at any time (ADR 037). */
export const engineInUseKey = ['coaching', 'engine'] as const;

export function useEngineInUse() {
  return useQuery({
    queryKey: engineInUseKey,
    queryFn: ({ signal }) =>
      apiRequest(engineInUseSchema, adminOperationsPaths.engineInUse.href(), { signal }),
    staleTime: 60_000,
    retry: false,
    // The hub's line falls back to the last reply's engine, or to the offline coach.
    meta: { silentError: true },
  });
}
