import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  coachingPaths,
  previewSchema,
  userCoachSchema,
  type CustomizeCoach,
  type PreviewRequest,
  type UpdatePersonality,
  type UserCoach,
  type UserCoachList,
} from '#contracts/coaching.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';
import { coachesQuery } from './coaches-api.ts';
import { problemOf } from './problems.ts';

/**
 * One own coach, read from the list of the person's coaches: `data` is null when the id is not
 * one of theirs (another person's coach, or none), which the page shows as not found.
 */
export function useOwnCoach(userId: string, coachId: string) {
  return useQuery({
    ...coachesQuery(userId),
    select: (list: UserCoachList): UserCoach | null =>
      list.coaches.find((coach) => coach.id === coachId) ?? null,
    meta: { silentError: true },
  });
}

/** The saved coach in every cached list at once, then the lists and threads read afresh. */
async function storeCoach(queryClient: QueryClient, userId: string, saved: UserCoach) {
  queryClient.setQueryData<UserCoachList>(coachingKeys.coaches(userId), (list) =>
    list ? { coaches: list.coaches.map((coach) => (coach.id === saved.id ? saved : coach)) } : list,
  );
  // A thread's page carries its coach (name, tone), and the team page lists the coaches too.
  await queryClient.invalidateQueries({ queryKey: coachingKeys.all(userId) });
}

/** PATCH: the coach's name and tone, or both back to the catalogue's (`{ reset: true }`). */
export function useCustomizeCoach(userId: string, coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The page says what happened in a toast of its own words.
    meta: { silentError: true },
    mutationFn: (body: CustomizeCoach) =>
      apiRequest(userCoachSchema, coachingPaths.coach.href({ id: coachId }), {
        method: 'PATCH',
        body,
      }),
    onSuccess: (saved) => storeCoach(queryClient, userId, saved),
  });
}

/** PUT: the traits, reply length and persona note (which the crisis guard reads), or a reset. */
export function useUpdatePersonality(userId: string, coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (body: UpdatePersonality) =>
      apiRequest(userCoachSchema, coachingPaths.personality.href({ id: coachId }), {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => storeCoach(queryClient, userId, saved),
  });
}

const RESET: { reset: true } = { reset: true };

/** A toast after a save or a reset, in the page's words, from the coach as saved. */
type SavedToast = (saved: UserCoach) => { title: string; description?: string };

export interface SaveOrResetWords {
  saved: SavedToast;
  reset: SavedToast;
  /** The error toast's title for a save, and for a reset, above the server's words. */
  notSaved: string;
  notReset: string;
  /** A failed save the page explains beside its field, not in a toast. */
  explainedInPlace?: (error: Error) => boolean;
}

/**
 * Save and Reset of a coach page (name and tone, personality) over one of the mutations above:
 * while either is pending both wait; on success the page takes the saved coach (`adopt`) and a
 * toast says what changed; on failure a toast gives the server's words, unless the page explains
 * a failed save beside a field. `isError` and `error` stay readable for those fields.
 */
export function useSaveOrReset<Body>(
  mutation: UseMutationResult<UserCoach, Error, Body | { reset: true }>,
  adopt: (saved: UserCoach) => void,
  words: SaveOrResetWords,
) {
  const toastSaved = (saved: UserCoach, toastOf: SavedToast) => {
    const { title, description } = toastOf(saved);
    toast.success(title, description ? { description } : undefined);
  };
  const toastFailed = (title: string, error: Error) =>
    toast.error(title, { description: problemOf(error, 'Something went wrong. Try again.') });

  return {
    save: (body: Body) =>
      mutation.mutate(body, {
        onSuccess: (saved) => {
          adopt(saved);
          toastSaved(saved, words.saved);
        },
        onError: (error) => {
          if (words.explainedInPlace?.(error)) return;
          toastFailed(words.notSaved, error);
        },
      }),
    reset: () =>
      mutation.mutate(RESET, {
        onSuccess: (saved) => {
          adopt(saved);
          toastSaved(saved, words.reset);
        },
        onError: (error) => toastFailed(words.notReset, error),
      }),
    isPending: mutation.isPending,
    isError: mutation.isError,
    error: mutation.error,
  };
}

/**
 * A sample reply from the person's own figures in a tone and personality not yet saved. The
 * previous sample stays on screen while the next one is asked for, so the card does not flicker.
 */
export function usePreview(userId: string, coachId: string, request: PreviewRequest | null) {
  return useQuery({
    queryKey: coachingKeys.preview(userId, coachId, request ?? {}),
    queryFn: ({ signal }) =>
      apiRequest(previewSchema, coachingPaths.preview.href({ id: coachId }), {
        method: 'POST',
        body: request,
        signal,
      }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // Shown beside the sample, never as a toast: a preview is not something the person asked to save.
    meta: { silentError: true },
  });
}
