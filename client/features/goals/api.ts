import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refineGoalResponseSchema } from '#contracts/coach.ts';
import {
  goalDetailSchema,
  goalListSchema,
  goalPaths,
  goalSchema,
  milestoneSchema,
  type CreateGoal,
  type GoalDetail,
  type GoalList,
  type GoalListQuery,
  type RefineGoalRequest,
  type UpdateGoal,
  type UpdateMilestone,
} from '#contracts/goals.ts';
import {
  acceptPlanResultSchema,
  breakdownResponseSchema,
  planOrderResultSchema,
  planPaths,
  type AcceptPlan,
} from '#contracts/plan.ts';
import type { Task } from '#contracts/tasks.ts';
import { deletedSchema } from '#contracts/shared.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { refreshProductData } from '#client/lib/product-data.ts';

export const goalKeys = {
  all: ['goals'] as const,
  list: (filters: GoalListQuery) => ['goals', 'list', filters] as const,
  detail: (id: string) => ['goals', 'detail', id] as const,
  breakdown: (id: string, round: number) => ['coach', 'breakdown', id, round] as const,
};

function listPath(filters: GoalListQuery): string {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.domain) search.set('domain', filters.domain);
  if (filters.pinned) search.set('pinned', filters.pinned);
  const query = search.toString();
  return query ? `${goalPaths.goals.href()}?${query}` : goalPaths.goals.href();
}

export function goalListQuery(filters: GoalListQuery) {
  return queryOptions({
    queryKey: goalKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(goalListSchema, listPath(filters), { signal }),
    // Screens show a failed read in place, with a way to try again.
    meta: { silentError: true },
  });
}

export function goalDetailQuery(id: string) {
  return queryOptions({
    queryKey: goalKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(goalDetailSchema, goalPaths.goal.href({ id }), { signal }),
    meta: { silentError: true },
  });
}

export function useGoals(filters: GoalListQuery) {
  return useQuery(goalListQuery(filters));
}

export function useGoal(id: string) {
  return useQuery(goalDetailQuery(id));
}

/**
 * The coach's breakdown of a stored goal: a proposal that writes no plan (only its record, ADR 030). Each `round` is one
 * proposal; regenerating asks for the next round, so an answer is never fetched twice by accident.
 */
export function useBreakdownProposal(id: string, round: number) {
  return useQuery({
    queryKey: goalKeys.breakdown(id, round),
    queryFn: ({ signal }) =>
      apiRequest(breakdownResponseSchema, planPaths.breakdown.href({ id }), {
        method: 'POST',
        body: {},
        signal,
      }),
    meta: { silentError: true },
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useRefineGoal() {
  return useMutation({
    meta: { silentError: true },
    mutationFn: (request: RefineGoalRequest) =>
      apiRequest(refineGoalResponseSchema, goalPaths.refineGoal.href(), {
        method: 'POST',
        body: request,
      }),
  });
}

export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (goal: CreateGoal) =>
      apiRequest(goalSchema, goalPaths.goals.href(), { method: 'POST', body: goal }),
    onSuccess: () => refreshProductData(queryClient),
  });
}

/** Edits, status changes and pins. A pin shows at once in every list of goals. */
export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: ({ id, change }: { id: string; change: UpdateGoal }) =>
      apiRequest(goalSchema, goalPaths.goal.href({ id }), { method: 'PATCH', body: change }),
    onMutate: async ({ id, change }) => {
      if (change.pinned === undefined) return undefined;
      await queryClient.cancelQueries({ queryKey: goalKeys.all });
      const lists = queryClient.getQueriesData<GoalList>({ queryKey: ['goals', 'list'] });
      for (const [key, list] of lists) {
        if (!list) continue;
        queryClient.setQueryData<GoalList>(key, {
          goals: list.goals.map((goal) =>
            goal.id === id ? { ...goal, pinned: change.pinned ?? goal.pinned } : goal,
          ),
        });
      }
      return { lists };
    },
    onError: (_error, _variables, context) => {
      for (const [key, list] of context?.lists ?? []) queryClient.setQueryData(key, list);
    },
    onSuccess: (goal) => {
      queryClient.setQueryData<GoalDetail>(goalKeys.detail(goal.id), (detail) =>
        detail ? { ...detail, goal } : detail,
      );
    },
    onSettled: () => refreshProductData(queryClient),
  });
}

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (id: string) =>
      apiRequest(deletedSchema, goalPaths.goal.href({ id }), { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: goalKeys.detail(id) });
      return refreshProductData(queryClient);
    },
  });
}

export function useUpdateMilestone(goalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: ({ milestoneId, change }: { milestoneId: string; change: UpdateMilestone }) =>
      apiRequest(milestoneSchema, goalPaths.milestone.href({ id: goalId, milestoneId }), {
        method: 'PATCH',
        body: change,
      }),
    onSettled: () => refreshProductData(queryClient),
  });
}

export function useAcceptPlan(goalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (plan: AcceptPlan) =>
      apiRequest(acceptPlanResultSchema, planPaths.plan.href({ id: goalId }), {
        method: 'POST',
        body: plan,
      }),
    onSuccess: () => refreshProductData(queryClient),
  });
}

/** Deletes a milestone (its tasks stay with the goal); the caller defers it for undo. */
export function deleteMilestoneRequest(goalId: string, milestoneId: string) {
  return apiRequest(deletedSchema, goalPaths.milestone.href({ id: goalId, milestoneId }), {
    method: 'DELETE',
    keepalive: true,
  });
}

/** Moves `id` one place up (-1) or down (+1) in `ids`; the same list when it cannot move. */
export function moved(ids: readonly string[], id: string, direction: -1 | 1): string[] {
  const index = ids.indexOf(id);
  const other = index + direction;
  if (index === -1 || other < 0 || other >= ids.length) return [...ids];
  const next = [...ids];
  next[index] = ids[other] ?? id;
  next[other] = id;
  return next;
}

function byOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        (rank.get(a.item.id) ?? ids.length + a.index) -
          (rank.get(b.item.id) ?? ids.length + b.index) || a.index - b.index,
    )
    .map(({ item }) => item);
}

/**
 * Reorders a goal's milestones, or one milestone's tasks (`milestoneId` null: those without
 * one). The page shows the new order at once; a refusal puts it back and says why.
 */
export function useOrderPlan(goalId: string) {
  const queryClient = useQueryClient();
  const key = goalKeys.detail(goalId);
  return useMutation({
    meta: { silentError: true },
    mutationFn: (
      order: { milestoneIds: string[] } | { milestoneId: string | null; taskIds: string[] },
    ) =>
      'milestoneIds' in order
        ? apiRequest(planOrderResultSchema, planPaths.milestoneOrder.href({ id: goalId }), {
            method: 'PUT',
            body: order,
          })
        : apiRequest(planOrderResultSchema, planPaths.taskOrder.href({ id: goalId }), {
            method: 'PUT',
            body: order,
          }),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<GoalDetail>(key);
      if (before) {
        queryClient.setQueryData<GoalDetail>(
          key,
          'milestoneIds' in order
            ? { ...before, milestones: byOrder(before.milestones, order.milestoneIds) }
            : { ...before, tasks: byOrder<Task>(before.tasks, order.taskIds) },
        );
      }
      return { before };
    },
    onError: (_error, _order, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
