import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { coachMemorySchema, coachingPaths, memoryListSchema } from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';
import {
  applyMemoryChange,
  withAdded,
  type MemoryChange,
  type MemoryList,
} from './memory-state.ts';

/** A delete answers nothing the screen needs (its 2xx is the news). */
const memoryDeletedSchema = z.unknown();

/** What the person's coaches keep about them, newest first. */
export function useMemories(userId: string) {
  return useQuery({
    queryKey: coachingKeys.memories(userId),
    queryFn: ({ signal }) =>
      apiRequest(memoryListSchema, coachingPaths.memories.href(), { signal }),
    meta: { silentError: true },
  });
}

/** Adds a memory for every coach (coachId null) or for one. */
export function useAddMemory(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (body: { text: string; coachId: string | null }) =>
      apiRequest(coachMemorySchema, coachingPaths.memories.href(), { method: 'POST', body }),
    onSuccess: (memory) =>
      queryClient.setQueryData<MemoryList>(coachingKeys.memories(userId), (list) =>
        list ? withAdded(list, memory) : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.memories(userId) }),
  });
}

/** Edits or deletes a memory: shown at once, put back if the server refuses. */
export function useChangeMemory(userId: string) {
  const queryClient = useQueryClient();
  const key = coachingKeys.memories(userId);
  return useMutation({
    meta: { silentError: true },
    mutationFn: async (change: MemoryChange): Promise<void> => {
      await (change.kind === 'update'
        ? apiRequest(coachMemorySchema, coachingPaths.memory.href({ id: change.id }), {
            method: 'PATCH',
            body: { text: change.text },
          })
        : apiRequest(memoryDeletedSchema, coachingPaths.memory.href({ id: change.id }), {
            method: 'DELETE',
          }));
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MemoryList>(key);
      if (previous) queryClient.setQueryData(key, applyMemoryChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
