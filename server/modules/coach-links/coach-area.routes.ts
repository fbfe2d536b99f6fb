import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientAnalyticsSchema,
  clientGoalsSchema,
  clientListSchema,
  clientParamsSchema,
  clientReflectionsSchema,
  clientSummarySchema,
  clientTasksSchema,
  coachAreaPaths,
  coachMessageRequestSchema,
  coachNoteSchema,
  inviteSchema,
  linkOverviewSchema,
  saveNoteSchema,
} from '#contracts/coach-links.ts';
import {
  coachMessageSchema,
  messagePageQuerySchema,
  messagePageSchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { CoachAreaService } from './coach-area.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const tags = ['coach-area'];

/**
 * /coach's API (ADR 035), for coaches and admins (anyone else: 403). A client who does not share
 * with the caller, has revoked, or does not share the part asked for is a 404.
 */
export function coachAreaRoutes(deps: {
  guard: AuthGuard;
  area: CoachAreaService;
}): FastifyPluginAsyncZod {
  const { guard, area } = deps;
  const actor = async (request: Parameters<AuthGuard['authenticate']>[0]) => {
    const { userId, role } = await guard.authenticate(request);
    return { id: userId, role };
  };
  const client = { params: clientParamsSchema, tags };

  return async (app) => {
    app.get(
      coachAreaPaths.clients.pattern,
      {
        schema: {
          summary: 'Your clients and what each shares',
          tags,
          response: { 200: clientListSchema, ...errors },
        },
      },
      async (request) => area.clients(await actor(request)),
    );

    app.get(
      coachAreaPaths.client.pattern,
      {
        schema: {
          summary: 'One client',
          ...client,
          response: { 200: clientSummarySchema, ...errors },
        },
      },
      async (request) => area.client(await actor(request), request.params.clientId),
    );

    app.get(
      coachAreaPaths.goals.pattern,
      {
        schema: {
          summary: 'A client’s goals, milestones and progress (scope: goals)',
          ...client,
          response: { 200: clientGoalsSchema, ...errors },
        },
      },
      async (request) => area.goals(await actor(request), request.params.clientId),
    );

    app.get(
      coachAreaPaths.tasks.pattern,
      {
        schema: {
          summary: 'A client’s tasks (scope: tasks)',
          ...client,
          response: { 200: clientTasksSchema, ...errors },
        },
      },
      async (request) => area.tasks(await actor(request), request.params.clientId),
    );

    app.get(
      coachAreaPaths.reflections.pattern,
      {
        schema: {
          summary: 'A client’s latest reflections (scope: reflections)',
          ...client,
          response: { 200: clientReflectionsSchema, ...errors },
        },
      },
      async (request) => area.reflections(await actor(request), request.params.clientId),
    );

    app.get(
      coachAreaPaths.analytics.pattern,
      {
        schema: {
          summary: 'A client’s last 30 days in figures (scope: analytics)',
          ...client,
          response: { 200: clientAnalyticsSchema, ...errors },
        },
      },
      async (request) => area.analytics(await actor(request), request.params.clientId),
    );

    app.get(
      coachAreaPaths.messages.pattern,
      {
        schema: {
          summary: 'The thread with a client, a page at a time',
          ...client,
          querystring: messagePageQuerySchema,
          response: { 200: messagePageSchema, ...errors },
        },
      },
      async (request) =>
        area.messages(await actor(request), request.params.clientId, request.query),
    );

    app.post(
      coachAreaPaths.messages.pattern,
      {
        schema: {
          summary: 'Write to a client in their thread',
          ...client,
          body: coachMessageRequestSchema,
          response: { 201: coachMessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const message = await area.send(
          await actor(request),
          request.params.clientId,
          request.body.text,
        );
        return reply.status(201).send(message);
      },
    );

    app.get(
      coachAreaPaths.note.pattern,
      {
        schema: {
          summary: 'Your private note on a client',
          ...client,
          response: { 200: coachNoteSchema, ...errors },
        },
      },
      async (request) => area.note(await actor(request), request.params.clientId),
    );

    app.put(
      coachAreaPaths.note.pattern,
      {
        schema: {
          summary: 'Save your private note on a client (the client never sees it)',
          ...client,
          body: saveNoteSchema,
          response: { 200: coachNoteSchema, ...errors },
        },
      },
      async (request) =>
        area.saveNote(await actor(request), request.params.clientId, request.body.text),
    );

    app.get(
      coachAreaPaths.invite.pattern,
      {
        schema: {
          summary: 'Your invite code for new clients',
          tags,
          response: { 200: inviteSchema, ...errors },
        },
      },
      async (request) => area.invite(await actor(request)),
    );

    app.post(
      coachAreaPaths.invite.pattern,
      {
        schema: {
          summary: 'A new invite code (the old one stops working)',
          tags,
          response: { 200: inviteSchema, ...errors },
        },
      },
      async (request) => area.newInvite(await actor(request)),
    );

    app.get(
      coachAreaPaths.links.pattern,
      {
        schema: {
          summary: 'Admins: every coach–client share',
          tags,
          response: { 200: linkOverviewSchema, ...errors },
        },
      },
      async (request) => area.overview(await actor(request)),
    );
  };
}
