import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  coachingPaths,
  coachMemorySchema,
  createMemorySchema,
  crisisRefusalSchema,
  memoryListSchema,
  updateMemorySchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { MemoryService } from './memory.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['coach'];
const memoryParamsSchema = z.object({ id: z.uuid({ message: 'must be a memory id (a UUID)' }) });

/** Coach memory: what the person's coaches keep about them, shown, edited and deleted here. */
export function memoryRoutes(deps: {
  guard: AuthGuard;
  memory: MemoryService;
}): FastifyPluginAsyncZod {
  const { guard, memory } = deps;
  return async (app) => {
    app.get(
      coachingPaths.memories.pattern,
      {
        schema: {
          summary: 'What your coaches remember about you, newest first',
          tags,
          response: { 200: memoryListSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return memory.list(userId);
      },
    );

    app.post(
      coachingPaths.memories.pattern,
      {
        schema: {
          summary:
            'Tell your coaches (or one of them) something to remember (409 at the limit; 422 with the crisis response, nothing saved)',
          tags,
          body: createMemorySchema,
          response: {
            201: coachMemorySchema,
            409: errorBodySchema,
            422: crisisRefusalSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const result = await memory.create(userId, request.body);
        return 'crisis' in result
          ? reply.status(422).send(result)
          : reply.status(201).send(result.memory);
      },
    );

    app.patch(
      coachingPaths.memory.pattern,
      {
        schema: {
          summary: 'Change what a memory says (422 with the crisis response, nothing saved)',
          tags,
          params: memoryParamsSchema,
          body: updateMemorySchema,
          response: { 200: coachMemorySchema, 422: crisisRefusalSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const result = await memory.update(userId, request.params.id, request.body.text);
        return 'crisis' in result ? reply.status(422).send(result) : reply.send(result.memory);
      },
    );

    app.delete(
      coachingPaths.memory.pattern,
      {
        schema: {
          summary: 'Forget a memory',
          tags,
          params: memoryParamsSchema,
          response: { 204: z.null().describe('Forgotten'), ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        await memory.remove(userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
