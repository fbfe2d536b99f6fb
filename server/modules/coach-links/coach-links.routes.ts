import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coachLinksPaths,
  createShareSchema,
  shareListSchema,
  shareParamsSchema,
  shareResultSchema,
  updateShareSchema,
} from '#contracts/coach-links.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { CoachLinksService } from './coach-links.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['coach-links'];

/** The person's side of sharing with a human coach (ADR 035). */
export function coachLinksRoutes(deps: {
  guard: AuthGuard;
  links: CoachLinksService;
}): FastifyPluginAsyncZod {
  const { guard, links } = deps;
  return async (app) => {
    app.get(
      coachLinksPaths.shares.pattern,
      {
        schema: {
          summary: 'The coaches you share with, and every change to your shares',
          tags,
          response: { 200: shareListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return links.list(userId);
      },
    );

    app.post(
      coachLinksPaths.shares.pattern,
      {
        schema: {
          summary: 'Share chosen scopes with a coach, by their email or invite code',
          tags,
          body: createShareSchema,
          response: { 201: shareResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const share = await links.share(userId, request.body);
        return reply.status(201).send({ share });
      },
    );

    app.patch(
      coachLinksPaths.share.pattern,
      {
        schema: {
          summary: 'Change what a share covers',
          tags,
          params: shareParamsSchema,
          body: updateShareSchema,
          response: { 200: shareResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return { share: await links.changeScopes(userId, request.params.id, request.body.scopes) };
      },
    );

    app.delete(
      coachLinksPaths.share.pattern,
      {
        schema: {
          summary: 'Stop sharing with a coach, at once',
          tags,
          params: shareParamsSchema,
          response: { 204: z.null().describe('Revoked'), ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        await links.revoke(userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
