import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assessmentPaths,
  assessmentSchema,
  completedAssessmentSchema,
  recommendationsSchema,
  teamMemberSchema,
  teamRemovedSchema,
  teamSchema,
  type AssessmentKind,
  type DraftAnswers,
  type SaveAssessment,
  type Team,
} from '#contracts/assessments.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { applyTeamChange, type TeamChange } from './team-state.ts';

export const coachingKeys = {
  /** Everything of one user's coaching (assessments, recommendations, team). */
  all: (userId: string) => ['coaching', userId] as const,
  /** The unfinished assessment of a kind, opened (or started) by the wizard. */
  draft: (userId: string, kind: AssessmentKind) => ['coaching', userId, 'draft', kind] as const,
  recommendations: (userId: string) => ['coaching', userId, 'recommendations'] as const,
  team: (userId: string) => ['coaching', userId, 'team'] as const,
  /** The coach catalogue (the same for everyone). */
  catalogue: () => ['coaching', 'catalogue'] as const,
  /** The person's own coaches (GET /api/coach/coaches). */
  coaches: (userId: string) => ['coaching', userId, 'coaches'] as const,
  /** The pages of one thread. */
  messages: (userId: string, coachId: string) => ['coaching', userId, 'messages', coachId] as const,
  memories: (userId: string) => ['coaching', userId, 'memories'] as const,
  reflections: (userId: string) => ['coaching', userId, 'reflections'] as const,
  consultations: (userId: string) => ['coaching', userId, 'consultations'] as const,
  preferences: (userId: string) => ['coaching', userId, 'preferences'] as const,
  history: (userId: string, filters: object) => ['coaching', userId, 'history', filters] as const,
  /** A sample reply of one own coach in a tone and personality not yet saved. */
  preview: (userId: string, coachId: string, request: object) =>
    ['coaching', userId, 'preview', coachId, request] as const,
};

/**
 * The wizard's assessment: the unfinished one of this kind, or a new one. The call is a POST
 * because it may start one, but asking twice gives the same assessment, so it reads like a query.
 */
export function draftQuery(userId: string, kind: AssessmentKind) {
  return queryOptions({
    queryKey: coachingKeys.draft(userId, kind),
    queryFn: ({ signal }) =>
      apiRequest(assessmentSchema, assessmentPaths.start.href(), {
        method: 'POST',
        body: { kind },
        signal,
      }),
    // The wizard keeps its own copy of the answers while it is open; read afresh on each visit.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    meta: { silentError: true },
  });
}

export function useAssessmentDraft(userId: string, kind: AssessmentKind) {
  return useQuery(draftQuery(userId, kind));
}

/** PUT: the answers of the step just left and the step to resume at. */
export function useSaveAssessment(userId: string, kind: AssessmentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    // The wizard says beside its buttons whether the answers are saved.
    meta: { silentError: true },
    mutationFn: ({ id, ...save }: SaveAssessment & { id: string }) =>
      apiRequest(assessmentSchema, assessmentPaths.one.href({ id }), { method: 'PUT', body: save }),
    onSuccess: (saved) => queryClient.setQueryData(coachingKeys.draft(userId, kind), saved),
  });
}

/** Finishes the assessment; the recommendations it answers are the page's next read. */
export function useCompleteAssessment(userId: string, kind: AssessmentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: ({ id, answers }: { id: string; answers: DraftAnswers }) =>
      apiRequest(completedAssessmentSchema, assessmentPaths.complete.href({ id }), {
        method: 'POST',
        body: { answers },
      }),
    onSuccess: (done) => {
      queryClient.setQueryData(coachingKeys.recommendations(userId), done.recommendations);
      queryClient.removeQueries({ queryKey: coachingKeys.draft(userId, kind) });
    },
  });
}

export function useRecommendations(userId: string) {
  return useQuery({
    queryKey: coachingKeys.recommendations(userId),
    queryFn: ({ signal }) =>
      apiRequest(recommendationsSchema, assessmentPaths.recommendations.href(), { signal }),
    meta: { silentError: true },
  });
}

export function useTeam(userId: string) {
  return useQuery({
    queryKey: coachingKeys.team(userId),
    queryFn: ({ signal }) => apiRequest(teamSchema, assessmentPaths.team.href(), { signal }),
    meta: { silentError: true },
  });
}

/** Adds a coach to the team or takes one off, shown at once and undone if the server refuses. */
export function useChangeTeam(userId: string) {
  const queryClient = useQueryClient();
  const key = coachingKeys.team(userId);
  return useMutation({
    mutationFn: async (change: TeamChange): Promise<void> => {
      await (change.type === 'add'
        ? apiRequest(teamMemberSchema, assessmentPaths.team.href(), {
            method: 'POST',
            body: { domain: change.domain, tone: change.tone },
          })
        : apiRequest(
            teamRemovedSchema,
            assessmentPaths.teamMember.href({ domain: change.domain }),
            { method: 'DELETE' },
          ));
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Team>(key);
      if (previous) queryClient.setQueryData(key, applyTeamChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
