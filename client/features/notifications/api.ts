import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { ServerEvent } from '#contracts/events.ts';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_POLL_INTERVAL_MS,
  deleteResultSchema,
  notificationListSchema,
  notificationPaths,
  notificationPreferencesSchema,
  notificationUpdateSchema,
  readAllResultSchema,
  type NotificationList,
  type NotificationPreferences,
  type NotificationType,
} from '#contracts/notifications.ts';
import { apiRequest, getAccessToken } from '#client/lib/api-client.ts';
import { openEventStream } from '#client/lib/event-stream.ts';
import { publishLiveEvent } from '#client/lib/live-events.ts';
import {
  addCreated,
  applyLocalChange,
  isUnreadIn,
  type LocalChange,
} from './notification-state.ts';

export interface HistoryFilters {
  type: NotificationType | 'all';
  unreadOnly: boolean;
}

export const notificationKeys = {
  /** Everything of one user's notifications (lists, history pages, preferences). */
  all: (userId: string) => ['notifications', userId] as const,
  /** The pop-over's newest page (GET /api/notifications?limit=20). */
  latest: (userId: string) => ['notifications', userId, 'latest'] as const,
  history: (userId: string, filters: HistoryFilters) =>
    ['notifications', userId, 'history', filters] as const,
  preferences: (userId: string) => ['notifications', userId, 'preferences'] as const,
};

/** Spec §8: a failed fetch, mark-read, mark-all or delete is only logged, never shown. */
function logged<T>(what: string, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return call().catch((error: unknown) => {
    if (!signal?.aborted) console.error(`Failed to ${what}`, error);
    throw error;
  });
}

function listPath(query: {
  limit: number;
  cursor?: string | null;
  filters?: HistoryFilters;
}): string {
  const search = new URLSearchParams({ limit: String(query.limit) });
  if (query.cursor) search.set('cursor', query.cursor);
  if (query.filters && query.filters.type !== 'all') search.set('type', query.filters.type);
  if (query.filters?.unreadOnly) search.set('unread', 'true');
  return `${notificationPaths.list.href()}?${search.toString()}`;
}

/** The pop-over's list: the newest 20 and the unread count, read every 30 s while signed in. */
export function useLatestNotifications(userId: string) {
  return useQuery({
    queryKey: notificationKeys.latest(userId),
    queryFn: ({ signal }) =>
      logged(
        'fetch notifications',
        () =>
          apiRequest(notificationListSchema, listPath({ limit: NOTIFICATION_PAGE_SIZE }), {
            signal,
          }),
        signal,
      ),
    refetchInterval: NOTIFICATION_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // Polling is the retry; a failure is logged once per attempt.
    retry: false,
    meta: { silentError: true },
  });
}

/** The full history, newest first, a page at a time, filtered by type and by unread. */
export function useNotificationHistory(userId: string, filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: notificationKeys.history(userId, filters),
    queryFn: ({ pageParam, signal }) =>
      logged(
        'fetch notifications',
        () =>
          apiRequest(
            notificationListSchema,
            listPath({ limit: NOTIFICATION_PAGE_SIZE, cursor: pageParam, filters }),
            {
              signal,
            },
          ),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
    meta: { silentError: true },
  });
}

type CachedList = NotificationList | InfiniteData<NotificationList, string | null>;

function isInfinite(data: CachedList): data is InfiniteData<NotificationList, string | null> {
  return 'pages' in data;
}

/**
 * Applies a change to every cached list of the user at once (the pop-over and any history page),
 * moving the unread count by the same amount everywhere, as the spec's local updates ask.
 */
export function applyEverywhere(
  queryClient: QueryClient,
  userId: string,
  change: LocalChange,
): void {
  const cached = queryClient
    .getQueriesData<CachedList>({ queryKey: notificationKeys.all(userId) })
    .filter(
      (entry): entry is [readonly unknown[], CachedList] =>
        entry[1] !== undefined && entry[1] !== null,
    )
    .filter(([key]) => key[2] === 'latest' || key[2] === 'history');
  let wasUnread: boolean | undefined;
  if (change.kind !== 'readAll') {
    for (const [, data] of cached) {
      const lists = isInfinite(data) ? data.pages : [data];
      for (const list of lists) wasUnread ??= isUnreadIn(list, change.id);
    }
  }
  for (const [key, data] of cached) {
    const next: CachedList = isInfinite(data)
      ? { ...data, pages: data.pages.map((page) => applyLocalChange(page, change, wasUnread)) }
      : applyLocalChange(data, change, wasUnread);
    queryClient.setQueryData(key, next);
  }
}

const mutationPath = (change: LocalChange) => {
  switch (change.kind) {
    case 'read':
      return {
        what: 'mark notification as read',
        path: notificationPaths.read.href({ id: change.id }),
        method: 'PUT' as const,
        schema: notificationUpdateSchema,
      };
    case 'unread':
      return {
        what: 'mark notification as unread',
        path: notificationPaths.unread.href({ id: change.id }),
        method: 'PUT' as const,
        schema: notificationUpdateSchema,
      };
    case 'readAll':
      return {
        what: 'mark all notifications as read',
        path: notificationPaths.readAll.href(),
        method: 'PUT' as const,
        schema: readAllResultSchema,
      };
    case 'delete':
      return {
        what: 'delete notification',
        path: notificationPaths.remove.href({ id: change.id }),
        method: 'DELETE' as const,
        schema: deleteResultSchema,
      };
  }
};

/**
 * Mark read, mark unread, mark all read and delete: the lists change on screen at once; the call
 * follows; a failure is logged (no toast) and the lists are read again from the server.
 */
export function useNotificationChange(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LocalChange) => {
      const { what, path, method, schema } = mutationPath(change);
      return logged(what, () => apiRequest(schema as z.ZodType<unknown>, path, { method }));
    },
    onMutate: async (change) => {
      // A poll in flight must not land after the change and undo it on screen.
      await queryClient.cancelQueries({ queryKey: notificationKeys.all(userId) });
      applyEverywhere(queryClient, userId, change);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
    meta: { silentError: true },
  });
}

export function useNotificationPreferences(userId: string) {
  return useQuery({
    queryKey: notificationKeys.preferences(userId),
    queryFn: ({ signal }) =>
      apiRequest(notificationPreferencesSchema, notificationPaths.preferences.href(), { signal }),
  });
}

export function useSaveNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest(notificationPreferencesSchema, notificationPaths.preferences.href(), {
        method: 'PUT',
        body: preferences,
      }),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences(userId) });
      const previous = queryClient.getQueryData<NotificationPreferences>(
        notificationKeys.preferences(userId),
      );
      queryClient.setQueryData(notificationKeys.preferences(userId), preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous)
        queryClient.setQueryData(notificationKeys.preferences(userId), context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(userId), saved),
  });
}

/** What a live event does to the cached lists. */
export function applyServerEvent(
  queryClient: QueryClient,
  userId: string,
  event: ServerEvent,
): void {
  switch (event.type) {
    case 'notification.created':
      queryClient.setQueryData<NotificationList>(notificationKeys.latest(userId), (list) =>
        list ? addCreated(list, event.data, NOTIFICATION_PAGE_SIZE) : list,
      );
      void queryClient.invalidateQueries({
        queryKey: [...notificationKeys.all(userId), 'history'],
      });
      return;
    case 'notifications.changed':
    case 'stale':
      void queryClient.invalidateQueries({
        queryKey: notificationKeys.all(userId),
        predicate: (query) => query.queryKey[2] !== 'preferences',
      });
      return;
    // A coach's message is the coaching screens' (the notification that may come with it arrives
    // as its own event); a change to a coach's client is /coach's (ADR 035).
    case 'coach.message':
    case 'coach-area.client':
    case 'ready':
      return;
  }
}

/**
 * Keeps the lists live: new notifications arrive over /api/events within a second; after a
 * reconnection the lists are read again (events sent while away are not replayed).
 */
export function useNotificationEvents(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    return openEventStream({
      getToken: getAccessToken,
      onEvent: (event) => {
        applyServerEvent(queryClient, userId, event);
        publishLiveEvent(event);
      },
      onOpen: (first) => {
        if (!first) void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
      },
    });
  }, [queryClient, userId]);
}
