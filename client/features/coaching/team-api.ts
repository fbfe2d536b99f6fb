import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { assessmentPaths, teamRemovedSchema } from '#contracts/assessments.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import {
  consultationListSchema,
  consultationSchema,
  coachingPaths,
  proposalResultSchema,
  userCoachListSchema,
  userCoachSchema,
  type Consultation,
  type Proposal,
  type UserCoachList,
} from '#contracts/coaching.ts';
import type { z } from 'zod';
import { apiRequest } from '#client/lib/api-client.ts';
import { coachingKeys } from './api.ts';
import { withTeamOrder, withoutFromTeam } from './team-order-state.ts';

/**
 * Runs a change to the team on the cached list of own coaches at once; the list is put back if
 * the server refuses, and read afresh either way.
 */
function useOptimisticTeam<Input>(
  userId: string,
  call: (input: Input) => Promise<unknown>,
  apply: (list: UserCoachList, input: Input) => UserCoachList,
) {
  const queryClient = useQueryClient();
  const key = coachingKeys.coaches(userId);
  return useMutation({
    mutationFn: call,
    onMutate: async (input: Input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserCoachList>(key);
      if (previous) queryClient.setQueryData(key, apply(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all(userId) }),
  });
}

/** PUT /api/coach/team-order: the whole team, in its new order. */
export function useTeamOrder(userId: string) {
  return useOptimisticTeam(
    userId,
    (coachIds: string[]) =>
      apiRequest(userCoachListSchema, coachingPaths.teamOrder.href(), {
        method: 'PUT',
        body: { coachIds },
      }),
    withTeamOrder,
  );
}

/** Takes a coach off the team (by its domain, ADR 029's route); its thread and memory stay. */
export function useRemoveFromTeam(userId: string) {
  return useOptimisticTeam(
    userId,
    (coach: { id: string; domain: CoachDomain }) =>
      apiRequest(teamRemovedSchema, assessmentPaths.teamMember.href({ domain: coach.domain }), {
        method: 'DELETE',
      }),
    (list, coach) => withoutFromTeam(list, coach.id),
  );
}

/** Puts a catalogue coach on the team at the end: the person's own copy, made if need be. */
export function useAddToTeam(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (catalogueId: string) =>
      apiRequest(userCoachSchema, coachingPaths.coaches.href(), {
        method: 'POST',
        body: { catalogueId, addToTeam: true },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coachingKeys.all(userId) }),
  });
}

type ConsultationPage = z.infer<typeof consultationListSchema>;
type ConsultationPages = InfiniteData<ConsultationPage, string | null>;

/** Past consultations, newest first, a page at a time. */
export function useConsultations(userId: string) {
  return useInfiniteQuery({
    queryKey: coachingKeys.consultations(userId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        consultationListSchema,
        pageParam
          ? `${coachingPaths.consultations.href()}?cursor=${encodeURIComponent(pageParam)}`
          : coachingPaths.consultations.href(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { silentError: true },
  });
}

/** Every cached consultation changed by `change`, across the pages. */
function mapConsultations(
  pages: ConsultationPages,
  change: (consultations: Consultation[], index: number) => Consultation[],
): ConsultationPages {
  return {
    ...pages,
    pages: pages.pages.map((page, index) => ({
      ...page,
      consultations: change(page.consultations, index),
    })),
  };
}

/** "Ask the team": each relevant coach's view, the trade-offs, a way through and proposals. */
export function useConsult(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The question box says what went wrong (a limit reached, no team yet) beside it.
    meta: { silentError: true },
    mutationFn: (question: string) =>
      apiRequest(consultationSchema, coachingPaths.consultations.href(), {
        method: 'POST',
        body: { question },
      }),
    onSuccess: (consultation) => {
      // The newest goes first on the first page at once; the list is read afresh behind it.
      queryClient.setQueryData<ConsultationPages>(coachingKeys.consultations(userId), (pages) =>
        pages
          ? mapConsultations(pages, (list, index) =>
              index === 0
                ? [consultation, ...list.filter((c) => c.id !== consultation.id)]
                : list.filter((c) => c.id !== consultation.id),
            )
          : pages,
      );
      return queryClient.invalidateQueries({ queryKey: coachingKeys.consultations(userId) });
    },
  });
}

/** The proposal as decided, in every consultation that carries it. */
function withProposal(pages: ConsultationPages, proposal: Proposal): ConsultationPages {
  return mapConsultations(pages, (list) =>
    list.map((consultation) => ({
      ...consultation,
      proposals: consultation.proposals.map((p) => (p.id === proposal.id ? proposal : p)),
    })),
  );
}

/** Accepts (writes the task, the move or the experiment) or declines a coach's proposal. */
export function useDecideProposal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (input: { id: string; decision: 'accept' | 'decline' }) =>
      apiRequest(proposalResultSchema, coachingPaths.proposal.href({ id: input.id }), {
        method: 'PATCH',
        body: { decision: input.decision },
      }),
    onSuccess: async ({ proposal }) => {
      queryClient.setQueryData<ConsultationPages>(coachingKeys.consultations(userId), (pages) =>
        pages ? withProposal(pages, proposal) : pages,
      );
      if (proposal.state === 'accepted') {
        // Accepting wrote a task or an experiment: the lists that show them read afresh.
        await Promise.all(
          ['tasks', 'dashboard', 'experiments', 'goals'].map((root) =>
            queryClient.invalidateQueries({ queryKey: [root] }),
          ),
        );
      }
    },
  });
}
