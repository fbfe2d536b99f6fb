import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  experimentDetailSchema,
  experimentListSchema,
  experimentPaths,
  type CheckinBody,
  type CreateExperiment,
  type ExperimentDetail,
} from '#contracts/experiments.ts';
import { goalListSchema, goalPaths } from '#contracts/goals.ts';
import { deletedSchema } from '#contracts/shared.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const experimentKeys = {
  /** Everything of one person's experiments (the list and every detail). */
  all: (userId: string) => ['experiments', userId] as const,
  /** GET /api/experiments. */
  list: (userId: string) => ['experiments', userId, 'list'] as const,
  /** GET /api/experiments/{id}: the experiment, its check-ins and result. */
  detail: (userId: string, id: string) => ['experiments', userId, 'detail', id] as const,
  /** The active goals an experiment may name. */
  goals: (userId: string) => ['experiments', userId, 'goals'] as const,
};

export function experimentsQuery(userId: string) {
  return queryOptions({
    queryKey: experimentKeys.list(userId),
    queryFn: ({ signal }) =>
      apiRequest(experimentListSchema, experimentPaths.list.href(), { signal }),
    // The page shows its own error state.
    meta: { silentError: true },
  });
}

export function useExperiments(userId: string) {
  return useQuery(experimentsQuery(userId));
}

export function useExperiment(userId: string, id: string) {
  return useQuery({
    queryKey: experimentKeys.detail(userId, id),
    queryFn: ({ signal }) =>
      apiRequest(experimentDetailSchema, experimentPaths.one.href({ id }), { signal }),
    meta: { silentError: true },
  });
}

/** Every write answers with the experiment's detail: keep it, and read the list again. */
function useExperimentWrite<Input>(
  userId: string,
  call: (input: Input) => Promise<ExperimentDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: call,
    onSuccess: async (detail) => {
      queryClient.setQueryData(experimentKeys.detail(userId, detail.experiment.id), detail);
      await queryClient.invalidateQueries({ queryKey: experimentKeys.list(userId) });
    },
  });
}

export function useCreateExperiment(userId: string) {
  return useExperimentWrite(userId, (body: CreateExperiment) =>
    apiRequest(experimentDetailSchema, experimentPaths.list.href(), { method: 'POST', body }),
  );
}

export interface CheckinInput extends CheckinBody {
  id: string;
  date: string;
}

/** Saves one day's check-in (a resend replaces it). */
export function useCheckin(userId: string) {
  return useExperimentWrite(userId, ({ id, date, ...body }: CheckinInput) =>
    apiRequest(experimentDetailSchema, experimentPaths.checkin.href({ id, date }), {
      method: 'PUT',
      body,
    }),
  );
}

export type ExperimentTransition = 'start' | 'end' | 'abandon';

export function useTransition(userId: string) {
  return useExperimentWrite(
    userId,
    ({ id, action }: { id: string; action: ExperimentTransition }) =>
      apiRequest(experimentDetailSchema, experimentPaths[action].href({ id }), { method: 'POST' }),
  );
}

export function useDeleteExperiment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentError: true },
    mutationFn: (id: string) =>
      apiRequest(deletedSchema, experimentPaths.one.href({ id }), { method: 'DELETE' }),
    onSuccess: async (_deleted, id) => {
      queryClient.removeQueries({ queryKey: experimentKeys.detail(userId, id) });
      await queryClient.invalidateQueries({ queryKey: experimentKeys.list(userId) });
    },
  });
}

/** The person's active goals, for the form's optional goal. */
export function useGoalChoices(userId: string) {
  return useQuery({
    queryKey: experimentKeys.goals(userId),
    queryFn: ({ signal }) =>
      apiRequest(goalListSchema, `${goalPaths.goals.href()}?status=active`, { signal }),
    select: (list) => list.goals.map((goal) => ({ id: goal.id, title: goal.title })),
    meta: { silentError: true },
  });
}
