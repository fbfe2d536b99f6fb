import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import {
  clientAnalyticsSchema,
  clientGoalsSchema,
  clientListSchema,
  clientReflectionsSchema,
  clientTasksSchema,
  coachAreaPaths,
  coachLinksPaths,
  coachNoteSchema,
  inviteSchema,
  linkOverviewSchema,
  shareListSchema,
  shareResultSchema,
  type ClientList,
  type CreateShare,
  type ShareScope,
} from '#contracts/coach-links.ts';
import { coachMessageSchema, messagePageSchema } from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { subscribeLiveEvents } from '#client/lib/live-events.ts';
import { withoutClient } from './client-list-state.ts';

// Sharing with a human coach (ADR 035): the person's shares (Settings › Coaching) and the coach's
// area (/coach). Query keys come from the factories below, per signed-in user.

export const shareKeys = {
  all: (userId: string) => ['coach-links', userId] as const,
};

export const coachAreaKeys = {
  all: (userId: string) => ['coach-area', userId] as const,
  clients: (userId: string) => ['coach-area', userId, 'clients'] as const,
  client: (userId: string, clientId: string) => ['coach-area', userId, 'client', clientId] as const,
  part: (userId: string, clientId: string, part: ShareScope | 'messages' | 'note') =>
    ['coach-area', userId, 'client', clientId, part] as const,
  invite: (userId: string) => ['coach-area', userId, 'invite'] as const,
  links: (userId: string) => ['coach-area', userId, 'links'] as const,
};

// --- the person's side ---

export function useShares(userId: string) {
  return useQuery({
    queryKey: shareKeys.all(userId),
    queryFn: ({ signal }) => apiRequest(shareListSchema, coachLinksPaths.shares.href(), { signal }),
  });
}

export function useCreateShare(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShare) =>
      apiRequest(shareResultSchema, coachLinksPaths.shares.href(), { method: 'POST', body }),
    onSettled: () => invalidateShares(queryClient, userId),
  });
}

export function useChangeShare(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; scopes: ShareScope[] }) =>
      apiRequest(shareResultSchema, coachLinksPaths.share.href({ id: input.id }), {
        method: 'PATCH',
        body: { scopes: input.scopes },
      }),
    onSettled: () => invalidateShares(queryClient, userId),
  });
}

export function useRevokeShare(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(z.undefined(), coachLinksPaths.share.href({ id }), { method: 'DELETE' }),
    onSettled: () => invalidateShares(queryClient, userId),
  });
}

function invalidateShares(queryClient: ReturnType<typeof useQueryClient>, userId: string) {
  // The human coach joins (or leaves) the person's coaches too.
  void queryClient.invalidateQueries({ queryKey: shareKeys.all(userId) });
  void queryClient.invalidateQueries({ queryKey: ['coaching', userId] });
}

// --- the coach's side ---

export function useClients(userId: string) {
  return useQuery({
    queryKey: coachAreaKeys.clients(userId),
    queryFn: ({ signal }) =>
      apiRequest(clientListSchema, coachAreaPaths.clients.href(), { signal }),
  });
}

/** A client's shared goals (asked for only when shared: anything else is a 404). */
export function useClientGoals(userId: string, clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: coachAreaKeys.part(userId, clientId, 'goals'),
    queryFn: ({ signal }) =>
      apiRequest(clientGoalsSchema, coachAreaPaths.goals.href({ clientId }), { signal }),
    enabled,
    retry: false,
  });
}

export function useClientTasks(userId: string, clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: coachAreaKeys.part(userId, clientId, 'tasks'),
    queryFn: ({ signal }) =>
      apiRequest(clientTasksSchema, coachAreaPaths.tasks.href({ clientId }), { signal }),
    enabled,
    retry: false,
  });
}

export function useClientReflections(userId: string, clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: coachAreaKeys.part(userId, clientId, 'reflections'),
    queryFn: ({ signal }) =>
      apiRequest(clientReflectionsSchema, coachAreaPaths.reflections.href({ clientId }), {
        signal,
      }),
    enabled,
    retry: false,
  });
}

export function useClientAnalytics(userId: string, clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: coachAreaKeys.part(userId, clientId, 'analytics'),
    queryFn: ({ signal }) =>
      apiRequest(clientAnalyticsSchema, coachAreaPaths.analytics.href({ clientId }), { signal }),
    enabled,
    retry: false,
  });
}

export function useClientMessages(userId: string, clientId: string) {
  return useQuery({
    queryKey: coachAreaKeys.part(userId, clientId, 'messages'),
    queryFn: ({ signal }) =>
      apiRequest(messagePageSchema, `${coachAreaPaths.messages.href({ clientId })}?limit=100`, {
        signal,
      }),
    retry: false,
  });
}

export function useSendToClient(userId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(coachMessageSchema, coachAreaPaths.messages.href({ clientId }), {
        method: 'POST',
        body: { text },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: coachAreaKeys.part(userId, clientId, 'messages'),
      });
      void queryClient.invalidateQueries({ queryKey: coachAreaKeys.clients(userId) });
    },
  });
}

export function useNote(userId: string, clientId: string) {
  return useQuery({
    queryKey: coachAreaKeys.part(userId, clientId, 'note'),
    queryFn: ({ signal }) =>
      apiRequest(coachNoteSchema, coachAreaPaths.note.href({ clientId }), { signal }),
    retry: false,
  });
}

export function useSaveNote(userId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(coachNoteSchema, coachAreaPaths.note.href({ clientId }), {
        method: 'PUT',
        body: { text },
      }),
    onSuccess: (note) =>
      queryClient.setQueryData(coachAreaKeys.part(userId, clientId, 'note'), note),
  });
}

export function useInvite(userId: string) {
  return useQuery({
    queryKey: coachAreaKeys.invite(userId),
    queryFn: ({ signal }) => apiRequest(inviteSchema, coachAreaPaths.invite.href(), { signal }),
  });
}

export function useNewInvite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(inviteSchema, coachAreaPaths.invite.href(), { method: 'POST' }),
    onSuccess: (invite) => queryClient.setQueryData(coachAreaKeys.invite(userId), invite),
  });
}

export function useLinkOverview(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: coachAreaKeys.links(userId),
    queryFn: ({ signal }) =>
      apiRequest(linkOverviewSchema, coachAreaPaths.links.href(), { signal }),
    enabled,
  });
}

/**
 * Keeps /coach live: a client who revokes leaves the list at once (and everything read of them is
 * dropped); a new share, a scope change or a client's message reads that client again.
 * `onRevoked` lets the open detail close.
 */
export function useCoachAreaLiveEvents(userId: string, onRevoked: (clientId: string) => void) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type !== 'coach-area.client') return;
        const { clientId, change } = event.data;
        if (change === 'revoked') {
          queryClient.setQueryData<ClientList>(coachAreaKeys.clients(userId), (list) =>
            list ? withoutClient(list, clientId) : list,
          );
          queryClient.removeQueries({ queryKey: coachAreaKeys.client(userId, clientId) });
          onRevoked(clientId);
        } else {
          void queryClient.invalidateQueries({ queryKey: coachAreaKeys.client(userId, clientId) });
        }
        void queryClient.invalidateQueries({ queryKey: coachAreaKeys.clients(userId) });
        void queryClient.invalidateQueries({ queryKey: coachAreaKeys.links(userId) });
      }),
    [onRevoked, queryClient, userId],
  );
}
