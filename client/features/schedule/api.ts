import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { channelPaths, channelsSchema } from '#contracts/channels.ts';
import {
  DELIVERY_PAGE_SIZE,
  deliveryListSchema,
  deliveryPaths,
  sendNowResultSchema,
  type DeliveryList,
} from '#contracts/deliveries.ts';
import {
  schedulePaths,
  scheduleResponseSchema,
  type Schedule,
  type ScheduleUpdate,
} from '#contracts/schedule.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const scheduleKeys = {
  schedule: ['delivery', 'schedule'] as const,
  // The same key as Settings' channel cards, so a change there shows here at once.
  channels: ['delivery', 'channels'] as const,
  deliveries: ['delivery', 'deliveries'] as const,
};

export const scheduleQuery = queryOptions({
  queryKey: scheduleKeys.schedule,
  queryFn: ({ signal }) =>
    apiRequest(scheduleResponseSchema, schedulePaths.schedule.href(), { signal }),
  // Screens show a failed read in place, with a way to try again.
  meta: { silentError: true },
});

export function useSchedule() {
  return useQuery(scheduleQuery);
}

export function useChannelStates() {
  return useQuery({
    queryKey: scheduleKeys.channels,
    queryFn: ({ signal }) => apiRequest(channelsSchema, channelPaths.channels.href(), { signal }),
    meta: { silentError: true },
  });
}

/** What PUT /api/schedule takes, from what GET gave (everything but `saved`). */
export function toUpdate(schedule: Schedule): ScheduleUpdate {
  const { saved: _saved, ...update } = schedule;
  return update;
}

function refreshAfterScheduleChange(queryClient: QueryClient) {
  // The home zone is the planning profile's zone too: today's lists follow it.
  return queryClient.invalidateQueries({
    predicate: (query) =>
      ['profile', 'tasks', 'dashboard'].includes(String(query.queryKey[0])) ||
      (query.queryKey[0] === 'delivery' && query.queryKey[1] === 'deliveries'),
  });
}

/** Saves the whole day contract; the answer (with its new preview) replaces the cached one. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    // Forms show the server's message beside the field it is about.
    meta: { silentError: true },
    mutationFn: (update: ScheduleUpdate) =>
      apiRequest(scheduleResponseSchema, schedulePaths.schedule.href(), {
        method: 'PUT',
        body: update,
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(scheduleKeys.schedule, response);
      return refreshAfterScheduleChange(queryClient);
    },
  });
}

const ACTIVE_STATUSES = new Set(['queued', 'sending']);

/** While a delivery is on its way, the record is read again this often. */
export const RECORD_POLL_MS = 4_000;

/** The record of deliveries, newest first, a page at a time. */
export function useDeliveries() {
  return useInfiniteQuery({
    queryKey: scheduleKeys.deliveries,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(
        deliveryListSchema,
        `${deliveryPaths.deliveries.href()}?${search.toString()}`,
        {
          signal,
        },
      );
    },
    getNextPageParam: (last: DeliveryList) => last.nextCursor,
    meta: { silentError: true },
    // Follow a delivery on its way until it settles.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.deliveries.some((delivery) => ACTIVE_STATUSES.has(delivery.status)),
      )
        ? RECORD_POLL_MS
        : false,
  });
}

/** Today's top three now, on every enabled channel. */
export function useSendNow() {
  const queryClient = useQueryClient();
  return useMutation({
    // The button shows a refusal (already on its way, too many) beside itself.
    meta: { silentError: true },
    mutationFn: () =>
      apiRequest(sendNowResultSchema, deliveryPaths.sendNow.href(), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.deliveries }),
  });
}
