import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contracts/errors.ts';
import {
  checkinBodySchema,
  checkinParamsSchema,
  createExperimentSchema,
  experimentDetailSchema,
  experimentListSchema,
  experimentParamsSchema,
  experimentPaths,
  updateExperimentSchema,
} from '#contracts/experiments.ts';
import { deletedSchema } from '#contracts/shared.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { CheckinsService } from './checkins.service.ts';
import type { ExperimentsService } from './experiments.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const changeErrors = { ...errors, 409: errorBodySchema };
const tags = ['experiments'];

/** /api/experiments: a person's experiments, their check-ins and results. */
export function experimentsRoutes(deps: {
  guard: AuthGuard;
  experiments: ExperimentsService;
  checkins: CheckinsService;
}): FastifyPluginAsyncZod {
  const { guard, experiments, checkins } = deps;
  return async (app) => {
    app.get(
      experimentPaths.list.pattern,
      {
        schema: {
          summary: 'The signed-in person’s experiments: running, planned, done, abandoned',
          tags,
          response: { 200: experimentListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return experiments.list(userId);
      },
    );

    app.post(
      experimentPaths.list.pattern,
      {
        schema: {
          summary: 'Create an experiment (7–28 days; planned or already running by its dates)',
          tags,
          body: createExperimentSchema,
          response: { 201: experimentDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const detail = await experiments.create(userId, request.body);
        return reply.status(201).send(detail);
      },
    );

    app.get(
      experimentPaths.one.pattern,
      {
        schema: {
          summary: 'One experiment with its check-ins and the before/after result',
          tags,
          params: experimentParamsSchema,
          response: { 200: experimentDetailSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return experiments.detail(userId, request.params.id);
      },
    );

    app.patch(
      experimentPaths.one.pattern,
      {
        schema: {
          summary: 'Change an experiment (its dates and metric only while planned)',
          tags,
          params: experimentParamsSchema,
          body: updateExperimentSchema,
          response: { 200: experimentDetailSchema, ...changeErrors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return experiments.update(userId, request.params.id, request.body);
      },
    );

    app.delete(
      experimentPaths.one.pattern,
      {
        schema: {
          summary: 'Delete an experiment and its check-ins',
          tags,
          params: experimentParamsSchema,
          response: { 200: deletedSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        await experiments.remove(userId, request.params.id);
        return { deleted: true as const };
      },
    );

    const transitions = [
      [experimentPaths.start, 'Start a planned experiment today (it keeps its length)', 'start'],
      [experimentPaths.end, 'End a running experiment early: it is done as of today', 'end'],
      [experimentPaths.abandon, 'Abandon a planned or running experiment', 'abandon'],
    ] as const;
    for (const [path, summary, action] of transitions) {
      app.post(
        path.pattern,
        {
          schema: {
            summary,
            tags,
            params: experimentParamsSchema,
            response: { 200: experimentDetailSchema, ...changeErrors },
          },
        },
        async (request) => {
          const { userId } = await guard.authenticate(request);
          return experiments[action](userId, request.params.id);
        },
      );
    }

    app.put(
      experimentPaths.checkin.pattern,
      {
        schema: {
          summary: 'Save the check-in of one local date (replaces the one sent before)',
          tags,
          params: checkinParamsSchema,
          body: checkinBodySchema,
          response: { 200: experimentDetailSchema, ...changeErrors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        const { id, date } = request.params;
        return checkins.checkin(userId, id, date, request.body);
      },
    );

    app.delete(
      experimentPaths.checkin.pattern,
      {
        schema: {
          summary: 'Remove the check-in of one local date',
          tags,
          params: checkinParamsSchema,
          response: { 200: experimentDetailSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        const { id, date } = request.params;
        return checkins.removeCheckin(userId, id, date);
      },
    );
  };
}
