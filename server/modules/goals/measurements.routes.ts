import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  measurementListQuerySchema,
  measurementListSchema,
  measurementParamsSchema,
  measurementPaths,
  measurementSchema,
  newMeasurementSchema,
} from '#contracts/measurements.ts';
import { deletedSchema, idParamsSchema } from '#contracts/shared.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { MeasurementsService } from './measurements.service.ts';
import { planningErrors as errors } from './route-errors.ts';

const tags = ['goals'];

/** Values logged against a goal's metric (ADR 026). */
export function measurementsRoutes(deps: {
  guard: AuthGuard;
  measurements: MeasurementsService;
}): FastifyPluginAsyncZod {
  const { guard, measurements } = deps;
  return async (app) => {
    app.get(
      measurementPaths.measurements.pattern,
      {
        schema: {
          summary: "The goal's metric and the values logged against it, oldest first",
          tags,
          params: idParamsSchema,
          querystring: measurementListQuerySchema,
          response: { 200: measurementListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return measurements.list(userId, request.params.id);
      },
    );

    app.post(
      measurementPaths.measurements.pattern,
      {
        schema: {
          summary: "Log a value in the goal's unit on a local date (today by default)",
          tags,
          params: idParamsSchema,
          body: newMeasurementSchema,
          response: { 201: measurementSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        return reply
          .status(201)
          .send(await measurements.log(userId, request.params.id, request.body));
      },
    );

    app.delete(
      measurementPaths.measurement.pattern,
      {
        schema: {
          summary: 'Delete a logged value',
          tags,
          params: measurementParamsSchema,
          response: { 200: deletedSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        await measurements.remove(userId, request.params.id, request.params.measurementId);
        return { deleted: true as const };
      },
    );
  };
}
