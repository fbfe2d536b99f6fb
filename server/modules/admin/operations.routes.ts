import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOperationsPaths as paths,
  aiAdminQuerySchema,
  aiAdminSchema,
  aiEngineChoiceSchema,
  auditPageSchema,
  auditQuerySchema,
  broadcastResultSchema,
  broadcastSchema,
  deliveryLookupQuerySchema,
  deliveryReportQuerySchema,
  deliveryReportSchema,
  engineInUseSchema,
  engineOptionSchema,
  systemStatusSchema,
} from '#contracts/admin-operations.ts';
import { deliveryListQuerySchema, deliveryListSchema } from '#contracts/deliveries.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { AiAdminService } from './ai-admin.service.ts';
import type { OperationsService } from './operations.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['admin'];

/**
 * /api/admin/system, deliveries, ai, audit and broadcasts (admins only: the services check the
 * role), and /api/coaching/engine for every signed-in person.
 */
export function operationsRoutes(deps: {
  guard: AuthGuard;
  operations: OperationsService;
  ai: AiAdminService;
}): FastifyPluginAsyncZod {
  const { guard, operations, ai } = deps;
  return async (app) => {
    app.get(
      paths.system.pattern,
      {
        schema: {
          summary: 'Version, database, migrations, readiness, delivery worker, queue, transports',
          tags,
          response: { 200: systemStatusSchema, ...errors },
        },
      },
      async (request) => operations.system(await guard.authenticate(request)),
    );

    app.get(
      paths.deliveries.pattern,
      {
        schema: {
          summary: 'Deliveries by channel and status over a period, and recent failures',
          tags,
          querystring: deliveryReportQuerySchema,
          response: { 200: deliveryReportSchema, ...errors },
        },
      },
      async (request) =>
        operations.deliveryReport(await guard.authenticate(request), request.query.period),
    );

    app.get(
      paths.deliveryLookup.pattern,
      {
        schema: {
          summary: "One person's deliveries, by their email address",
          tags,
          querystring: deliveryLookupQuerySchema.extend(deliveryListQuerySchema.shape),
          response: { 200: deliveryListSchema, ...errors },
        },
      },
      async (request) => {
        const { email, ...query } = request.query;
        return operations.deliveriesOf(await guard.authenticate(request), email, query);
      },
    );

    app.get(
      paths.ai.pattern,
      {
        schema: {
          summary: 'The configured and active AI engine, the engines available, usage per engine',
          tags,
          querystring: aiAdminQuerySchema,
          response: { 200: aiAdminSchema, ...errors },
        },
      },
      async (request) => ai.overview(await guard.authenticate(request), request.query.period),
    );

    app.put(
      paths.aiEngine.pattern,
      {
        schema: {
          summary: "Chooses the coaches' engine among those available, from the next call on",
          tags,
          body: aiEngineChoiceSchema,
          response: { 200: engineOptionSchema, ...errors },
        },
      },
      async (request) => ai.choose(await guard.authenticate(request), request.body.engine),
    );

    app.get(
      paths.audit.pattern,
      {
        schema: {
          summary: 'The audit log, newest first, filtered and keyset-paged',
          tags,
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errors },
        },
      },
      async (request) => operations.audit(await guard.authenticate(request), request.query),
    );

    app.post(
      paths.broadcasts.pattern,
      {
        schema: {
          summary: 'Sends an in-app notification to every account, or to every account of a role',
          tags,
          body: broadcastSchema,
          response: { 200: broadcastResultSchema, ...errors },
        },
      },
      async (request) => operations.broadcast(await guard.authenticate(request), request.body),
    );

    app.get(
      paths.engineInUse.pattern,
      {
        schema: {
          summary: 'The engine the coaches use now (any signed-in person)',
          tags: ['coaching'],
          response: { 200: engineInUseSchema, ...errors },
        },
      },
      async (request) => {
        await guard.authenticate(request);
        return ai.inUse();
      },
    );
  };
}
