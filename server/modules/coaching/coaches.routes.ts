import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueSchema,
  coachingPaths,
  createUserCoachSchema,
  crisisRefusalSchema,
  customizeCoachSchema,
  previewRequestSchema,
  previewSchema,
  teamOrderSchema,
  updatePersonalitySchema,
  userCoachListSchema,
  userCoachParamsSchema,
  userCoachSchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { CoachesService } from './coaches.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['coach'];

/** The coach catalogue, the person's own coaches (name, tone, personality) and the team's order. */
export function coachesRoutes(deps: {
  guard: AuthGuard;
  coaches: CoachesService;
}): FastifyPluginAsyncZod {
  const { guard, coaches } = deps;
  return async (app) => {
    app.get(
      coachingPaths.catalogue.pattern,
      {
        schema: {
          summary: 'The coaches anyone can add: one AI coach per domain',
          tags,
          response: { 200: catalogueSchema, ...errors },
        },
      },
      async (request) => {
        await guard.authenticate(request);
        return coaches.catalogue();
      },
    );

    app.get(
      coachingPaths.coaches.pattern,
      {
        schema: {
          summary: 'Your own coaches: the team first in its order, then the others',
          tags,
          response: { 200: userCoachListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return coaches.list(userId);
      },
    );

    app.post(
      coachingPaths.coaches.pattern,
      {
        schema: {
          summary: 'Your copy of a catalogue coach: 201 when created, 200 with the one you have',
          tags,
          body: createUserCoachSchema,
          response: { 200: userCoachSchema, 201: userCoachSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const { coach, created } = await coaches.create(userId, request.body);
        return reply.status(created ? 201 : 200).send(coach);
      },
    );

    app.patch(
      coachingPaths.coach.pattern,
      {
        schema: {
          summary: 'Rename a coach or change its tone, or reset both (`{ reset: true }`)',
          tags,
          params: userCoachParamsSchema,
          body: customizeCoachSchema,
          response: { 200: userCoachSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return coaches.customize(userId, request.params.id, request.body);
      },
    );

    app.put(
      coachingPaths.personality.pattern,
      {
        schema: {
          summary:
            "Set a coach's traits, reply length and persona note (422 with the crisis response when the note needs it; nothing is saved)",
          tags,
          params: userCoachParamsSchema,
          body: updatePersonalitySchema,
          response: { 200: userCoachSchema, 422: crisisRefusalSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const result = await coaches.setPersonality(userId, request.params.id, request.body);
        return 'crisis' in result ? reply.status(422).send(result) : reply.send(result.coach);
      },
    );

    app.post(
      coachingPaths.preview.pattern,
      {
        schema: {
          summary: 'A sample reply in a tone and personality not yet saved',
          tags,
          params: userCoachParamsSchema,
          body: previewRequestSchema,
          response: { 200: previewSchema, 422: crisisRefusalSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const result = await coaches.preview(userId, request.params.id, request.body);
        return 'crisis' in result ? reply.status(422).send(result) : reply.send(result);
      },
    );

    app.put(
      coachingPaths.teamOrder.pattern,
      {
        schema: {
          summary: 'Order your team: every coach on it, once',
          tags,
          body: teamOrderSchema,
          response: { 200: userCoachListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return coaches.orderTeam(userId, request.body.coachIds);
      },
    );
  };
}
