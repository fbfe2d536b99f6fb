import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  adminOperationsPaths as paths,
  aiAdminSchema,
  auditPageSchema,
  broadcastResultSchema,
  deliveryReportSchema,
  engineOptionSchema,
  systemStatusSchema,
  type BroadcastInput,
  type DeliveryPeriod,
} from '#contracts/admin-operations.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import { deliveryListSchema } from '#contracts/deliveries.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { auditSearch, type AuditFilters } from './operations-state.ts';

export const AUDIT_PAGE_SIZE = 50;

export const operationsKeys = {
  all: ['admin', 'operations'] as const,
  system: () => ['admin', 'operations', 'system'] as const,
  deliveries: (period: DeliveryPeriod) => ['admin', 'operations', 'deliveries', period] as const,
  lookup: (email: string) => ['admin', 'operations', 'deliveries', 'lookup', email] as const,
  ai: (period: DeliveryPeriod) => ['admin', 'operations', 'ai', period] as const,
  aiAll: () => ['admin', 'operations', 'ai'] as const,
  audit: (filters: AuditFilters) => ['admin', 'operations', 'audit', filters] as const,
  auditAll: () => ['admin', 'operations', 'audit'] as const,
};

// Every panel shows its own error with a way to try again.
const silent = { meta: { silentError: true } };

export function useSystemStatus() {
  return useQuery({
    queryKey: operationsKeys.system(),
    queryFn: ({ signal }) => apiRequest(systemStatusSchema, paths.system.href(), { signal }),
    refetchInterval: 30_000,
    ...silent,
  });
}

export function useDeliveryReport(period: DeliveryPeriod) {
  return useQuery({
    queryKey: operationsKeys.deliveries(period),
    queryFn: ({ signal }) =>
      apiRequest(deliveryReportSchema, `${paths.deliveries.href()}?period=${period}`, { signal }),
    // Another period keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
    ...silent,
  });
}

/** One person's deliveries, once an address is asked for. */
export function useDeliveryLookup(email: string) {
  return useQuery({
    queryKey: operationsKeys.lookup(email),
    queryFn: ({ signal }) =>
      apiRequest(
        deliveryListSchema,
        `${paths.deliveryLookup.href()}?${new URLSearchParams({ email, limit: '20' }).toString()}`,
        { signal },
      ),
    enabled: email !== '',
    retry: false,
    ...silent,
  });
}

export function useAiAdmin(period: DeliveryPeriod) {
  return useQuery({
    queryKey: operationsKeys.ai(period),
    queryFn: ({ signal }) =>
      apiRequest(aiAdminSchema, `${paths.ai.href()}?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
    ...silent,
  });
}

export function useChooseEngine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (engine: CoachEngine) =>
      apiRequest(engineOptionSchema, paths.aiEngine.href(), { method: 'PUT', body: { engine } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operationsKeys.aiAll() }),
        queryClient.invalidateQueries({ queryKey: operationsKeys.auditAll() }),
        // The coaching hub's line about the engine in use.
        queryClient.invalidateQueries({ queryKey: ['coaching', 'engine'] }),
      ]),
    ...silent,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: operationsKeys.audit(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        auditPageSchema,
        `${paths.audit.href()}?${auditSearch(filters, pageParam, AUDIT_PAGE_SIZE).toString()}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
    ...silent,
  });
}

export function useBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BroadcastInput) =>
      apiRequest(broadcastResultSchema, paths.broadcasts.href(), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operationsKeys.auditAll() }),
    ...silent,
  });
}
