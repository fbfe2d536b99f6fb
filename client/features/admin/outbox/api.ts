import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  adminOutboxPaths,
  outboxListSchema,
  outboxMessageSchema,
} from '#contracts/admin-outbox.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const OUTBOX_PAGE_SIZE = 30;

export interface OutboxFilters {
  channel: DeliveryChannel | 'all';
  /** Part of the recipient; empty for everyone. */
  to: string;
}

export const outboxKeys = {
  all: ['admin', 'outbox'] as const,
  list: (filters: OutboxFilters) => ['admin', 'outbox', 'list', filters] as const,
  message: (id: string) => ['admin', 'outbox', 'message', id] as const,
};

function listPath(filters: OutboxFilters, cursor: string | null): string {
  const search = new URLSearchParams({ limit: String(OUTBOX_PAGE_SIZE) });
  if (filters.channel !== 'all') search.set('channel', filters.channel);
  if (filters.to.trim()) search.set('to', filters.to.trim());
  if (cursor) search.set('cursor', cursor);
  return `${adminOutboxPaths.list.href()}?${search.toString()}`;
}

/** The dev outbox, newest first, a page at a time. */
export function useOutbox(filters: OutboxFilters) {
  return useInfiniteQuery({
    queryKey: outboxKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(outboxListSchema, listPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The page shows its own error with a way to try again.
    meta: { silentError: true },
  });
}

/** One message in full: its text, its HTML and its link. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: outboxKeys.message(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(outboxMessageSchema, adminOutboxPaths.message.href({ id: id ?? '' }), { signal }),
    enabled: id !== null,
    meta: { silentError: true },
  });
}
