import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addTeamMemberSchema,
  assessmentPaths,
  assessmentSchema,
  completeAssessmentSchema,
  completedAssessmentSchema,
  recommendationsSchema,
  saveAssessmentSchema,
  startAssessmentSchema,
  teamDomainParamsSchema,
  teamMemberSchema,
  teamRemovedSchema,
  teamSchema,
} from '#contracts/assessments.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { idParamsSchema } from '#contracts/shared.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { AssessmentsService } from './assessments.service.ts';
import type { TeamService } from './team.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['coach'];

/** The coaching assessments, the coaches recommended from them, and the person's coach team. */
export function assessmentsRoutes(deps: {
  guard: AuthGuard;
  assessments: AssessmentsService;
  team: TeamService;
}): FastifyPluginAsyncZod {
  const { guard, assessments, team } = deps;
  return async (app) => {
    app.post(
      assessmentPaths.start.pattern,
      {
        schema: {
          summary: 'Resume the unfinished assessment of a kind (200) or start one (201)',
          tags,
          body: startAssessmentSchema,
          response: { 200: assessmentSchema, 201: assessmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const { assessment, created } = await assessments.start(userId, request.body.kind);
        return reply.status(created ? 201 : 200).send(assessment);
      },
    );

    app.get(
      assessmentPaths.one.pattern,
      {
        schema: {
          summary: 'One of your assessments, with the answers given so far',
          tags,
          params: idParamsSchema,
          response: { 200: assessmentSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return assessments.get(userId, request.params.id);
      },
    );

    app.put(
      assessmentPaths.one.pattern,
      {
        schema: {
          summary: 'Save the answers given so far and the step to resume at',
          tags,
          params: idParamsSchema,
          body: saveAssessmentSchema,
          response: { 200: assessmentSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return assessments.save(userId, request.params.id, request.body);
      },
    );

    app.post(
      assessmentPaths.complete.pattern,
      {
        schema: {
          summary: 'Finish an assessment once every question is answered; answers the coaches',
          tags,
          params: idParamsSchema,
          body: completeAssessmentSchema.nullish(),
          response: { 200: completedAssessmentSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return assessments.complete(userId, request.params.id, request.body?.answers);
      },
    );

    app.get(
      assessmentPaths.recommendations.pattern,
      {
        schema: {
          summary: 'The coaches ranked from your latest completed assessment',
          tags,
          response: { 200: recommendationsSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return assessments.recommendations(userId);
      },
    );

    app.get(
      assessmentPaths.team.pattern,
      {
        schema: {
          summary: 'The coaches on your team',
          tags,
          response: { 200: teamSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return team.list(userId);
      },
    );

    app.post(
      assessmentPaths.team.pattern,
      {
        schema: {
          summary: "Add a domain's coach to your team in a tone (or change its tone)",
          tags,
          body: addTeamMemberSchema,
          response: { 200: teamMemberSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return team.add(userId, request.body);
      },
    );

    app.delete(
      assessmentPaths.teamMember.pattern,
      {
        schema: {
          summary: "Take a domain's coach off your team",
          tags,
          params: teamDomainParamsSchema,
          response: { 200: teamRemovedSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return team.remove(userId, request.params.domain);
      },
    );
  };
}
