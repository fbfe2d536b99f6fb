import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  coachingPaths,
  messagePageQuerySchema,
  messagePageSchema,
  proposalDecisionSchema,
  proposalParamsSchema,
  proposalResultSchema,
  sendMessageSchema,
  userCoachParamsSchema,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import { trustedJson } from '#server/http/trusted-json.ts';
import type { ChatProposalsService } from './chat-proposals.service.ts';
import type { ChatEmit } from './chat-reply.ts';
import type { ChatService } from './chat.service.ts';

export interface ChatRoutesDeps {
  guard: AuthGuard;
  chat: Pick<ChatService, 'page' | 'send' | 'markRead'>;
  proposals: Pick<ChatProposalsService, 'decide'>;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const tags = ['coaching'];

/**
 * The chat with an own coach (ADR 034): the paged thread, a message answered as server-sent
 * events over the POST (read with fetch, the token in the Authorization header), marking the
 * thread read, and deciding a proposal.
 */
export function chatRoutes(deps: ChatRoutesDeps): FastifyPluginAsyncZod {
  const { guard, chat, proposals } = deps;
  return async (app) => {
    app.get(
      coachingPaths.messages.pattern,
      {
        schema: {
          summary: 'A page of the conversation with an own coach, oldest first within the page',
          tags,
          params: userCoachParamsSchema,
          querystring: messagePageQuerySchema,
          response: { 200: messagePageSchema, ...errors },
        },
        // Every open chat reads this page; the body is built from typed views (trusted-json.ts).
        serializerCompiler: trustedJson,
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return chat.page(userId, request.params.id, request.query);
      },
    );

    app.post(
      coachingPaths.messages.pattern,
      {
        // Compression would hold the reply's tokens back until a block fills.
        compress: false,
        schema: {
          summary: 'Write to an own coach; the reply streams back (text/event-stream)',
          description:
            'Server-sent events: `message` (the stored message), `start`, `delta`s of the reply, then `done` (the stored reply with its proposals), `crisis` (the help response) or `error` (the message is kept; retry with `retryOf`). Refusals before the stream (400, 404, 429) are JSON error bodies.',
          tags,
          params: userCoachParamsSchema,
          body: sendMessageSchema,
          response: {
            200: z.unknown().describe('text/event-stream: the events of chatStreamEvents'),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        const turn = await chat.send(userId, request.params.id, request.body, {
          ip: request.ip,
        });
        const stream = new PassThrough();
        const stop = new AbortController();
        let ended = false;
        const emit: ChatEmit = (name, data) => {
          // JSON never holds a raw newline, so one data line carries the whole event.
          if (!ended) stream.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
        };
        // The person stopped the reply (or went away): the coach stops too.
        reply.raw.once('close', () => {
          if (!ended) stop.abort();
        });
        void turn.reply(emit, stop.signal).finally(() => {
          ended = true;
          stream.end();
        });
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );

    app.post(
      coachingPaths.read.pattern,
      {
        schema: {
          summary: "Mark the conversation read, and the coach's message notifications",
          tags,
          params: userCoachParamsSchema,
          response: { 204: z.null().describe('Read'), ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = await guard.authenticate(request);
        await chat.markRead(userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      coachingPaths.proposal.pattern,
      {
        schema: {
          summary: "Accept or decline a coach's proposal (accepting writes the task or experiment)",
          tags,
          params: proposalParamsSchema,
          body: proposalDecisionSchema,
          response: { 200: proposalResultSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = await guard.authenticate(request);
        return proposals.decide(userId, request.params.id, request.body.decision);
      },
    );
  };
}
