import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import {
  coachingPaths,
  MESSAGE_PAGE_SIZE,
  messagePageSchema,
  proposalResultSchema,
  type CoachMessage,
  type UserCoach,
} from '#contracts/coaching.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { subscribeLiveEvents } from '#client/lib/live-events.ts';
import { refreshProductData } from '#client/lib/product-data.ts';
import { coachingKeys } from './api.ts';
import { withMessages, withProposal, type ThreadData } from './chat-state.ts';

function pagePath(coachId: string, query: { before?: string | null; limit?: number }): string {
  const search = new URLSearchParams();
  if (query.before) search.set('before', query.before);
  if (query.limit) search.set('limit', String(query.limit));
  const suffix = search.toString();
  return `${coachingPaths.messages.href({ id: coachId })}${suffix ? `?${suffix}` : ''}`;
}

/** One thread, a page at a time: the newest page first, then older ones as the person scrolls up. */
export function threadQuery(userId: string, coachId: string) {
  return infiniteQueryOptions({
    queryKey: coachingKeys.messages(userId, coachId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        messagePageSchema,
        pagePath(coachId, { before: pageParam, limit: MESSAGE_PAGE_SIZE }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.olderCursor,
    // A reply streamed in is written into the cache; a refetch on focus would only reorder pages.
    refetchOnWindowFocus: false,
    // The screen shows a failed read (and an unknown coach) in place.
    meta: { silentError: true },
  });
}

export function useThread(userId: string, coachId: string, enabled = true) {
  return useInfiniteQuery({ ...threadQuery(userId, coachId), enabled });
}

/** Opening a thread marks the coach's messages (and `coach_message` notifications) read. */
export function useMarkThreadRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Nothing for the person to do about it: the unread count stays until the next visit.
    meta: { silentError: true },
    mutationFn: (coachId: string) =>
      apiRequest(z.unknown(), coachingPaths.read.href({ id: coachId }), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachingKeys.coaches(userId) }),
  });
}

/**
 * Accepts or declines a coach's proposal. Accepting writes a task, moves one or starts an
 * experiment, so tasks, goals and the dashboard are read again.
 */
export function useDecideProposal(userId: string, coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: ({ id, decision }: { id: string; decision: 'accept' | 'decline' }) =>
      apiRequest(proposalResultSchema, coachingPaths.proposal.href({ id }), {
        method: 'PATCH',
        body: { decision },
      }),
    onSuccess: async ({ proposal }) => {
      queryClient.setQueryData<ThreadData>(coachingKeys.messages(userId, coachId), (data) =>
        data ? withProposal(data, proposal) : data,
      );
      if (proposal.state === 'accepted') {
        await Promise.all([
          refreshProductData(queryClient),
          queryClient.invalidateQueries({
            predicate: (query) => query.queryKey[0] === 'experiments',
          }),
        ]);
      }
    },
  });
}

export interface LatestEngine {
  engine: CoachEngine;
  model: string;
}

/** The coach that wrote last, if any conversation has started. */
export function lastActiveCoach(coaches: readonly UserCoach[]): UserCoach | null {
  let latest: UserCoach | null = null;
  for (const coach of coaches) {
    if (
      coach.lastMessageAt &&
      (!latest?.lastMessageAt || coach.lastMessageAt > latest.lastMessageAt)
    )
      latest = coach;
  }
  return latest;
}

/**
 * Which engine answered the person last: read from the newest page of the thread that moved last.
 * Null until a coach has replied (the hub then names the built-in offline coach, the default).
 */
export function latestEngineQuery(userId: string, coach: UserCoach | null) {
  return queryOptions({
    queryKey: [...coachingKeys.messages(userId, coach?.id ?? 'none'), 'latest-engine'] as const,
    queryFn: async ({ signal }): Promise<LatestEngine | null> => {
      if (!coach) return null;
      const page = await apiRequest(messagePageSchema, pagePath(coach.id, { limit: 10 }), {
        signal,
      });
      const reply = page.messages.findLast((message) => message.engine && message.model);
      return reply?.engine && reply.model ? { engine: reply.engine, model: reply.model } : null;
    },
    enabled: coach !== null,
    meta: { silentError: true },
  });
}

export function useLatestEngine(userId: string, coaches: readonly UserCoach[] | undefined) {
  return useQuery(latestEngineQuery(userId, coaches ? lastActiveCoach(coaches) : null));
}

/**
 * Coach messages that arrive live (a reply, a check-in, the crisis response) go into their
 * thread's cache, and the coach list (last message, unread) is read again. `onMessage` hears each.
 */
export function useLiveCoachMessages(userId: string, onMessage?: (message: CoachMessage) => void) {
  const queryClient = useQueryClient();
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  });
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === 'coach.message') {
          const message = event.data;
          queryClient.setQueryData<ThreadData>(
            coachingKeys.messages(userId, message.coachId),
            (data) => (data ? withMessages(data, [message]) : data),
          );
          void queryClient.invalidateQueries({ queryKey: coachingKeys.coaches(userId) });
          onMessageRef.current?.(message);
        } else if (event.type === 'stale' && event.data.type === 'coach.message') {
          // Too large to carry: read the threads and the list again.
          void queryClient.invalidateQueries({
            queryKey: coachingKeys.all(userId),
            predicate: (query) => ['messages', 'coaches'].includes(String(query.queryKey[2])),
          });
        }
      }),
    [queryClient, userId],
  );
}
