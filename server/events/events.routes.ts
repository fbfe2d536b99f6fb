import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENTS_HEARTBEAT_MS, eventsPaths, type ServerEvent } from '#contracts/events.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import { AppError } from '#server/errors.ts';
import type { EventBus } from './event-bus.ts';

export interface EventsRoutesDeps {
  guard: AuthGuard;
  events: EventBus;
  /** Tests shorten it. */
  heartbeatMs?: number;
  /** Streams one person may hold open at once in this process (EVENTS_MAX_STREAMS_PER_USER). */
  maxStreamsPerUser?: number;
}

/** What a refused stream asks the client to wait, in seconds. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

function frame(event: ServerEvent): string {
  // JSON never holds a raw newline, so one data line carries the whole event.
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * GET /api/events: the signed-in user's live events as server-sent events. The token travels in
 * the Authorization header (clients read the stream with fetch, not EventSource, which cannot
 * send one). Every heartbeat checks the session again: once the token expires or the session
 * ends, the stream closes and the client reconnects with a fresh token.
 */
export function eventsRoutes(deps: EventsRoutesDeps): FastifyPluginAsyncZod {
  const heartbeatMs = deps.heartbeatMs ?? EVENTS_HEARTBEAT_MS;
  const maxStreams = deps.maxStreamsPerUser ?? 10;
  return async (app) => {
    const open = new Set<() => void>();
    // Open streams per person: each holds a connection, a subscription and a heartbeat timer.
    const perUser = new Map<string, number>();
    // app.close() waits for open connections; a stream never ends by itself, so end them first.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get(
      eventsPaths.stream.pattern,
      {
        // Compression would buffer events until a block fills.
        compress: false,
        schema: {
          summary: 'Live events for the signed-in user (text/event-stream)',
          description:
            'Server-sent events: `ready` once subscribed, then `notification.created`, `notifications.changed` and `stale`; a `: ping` comment every 25 s. Read it with fetch so the Bearer token goes in the Authorization header.',
          tags: ['events'],
        },
      },
      async (request, reply) => {
        const { userId } = await deps.guard.authenticate(request);
        const held = perUser.get(userId) ?? 0;
        if (held >= maxStreams) {
          throw new AppError(
            'rate_limited',
            `Live updates are already open in ${held} tabs or devices, the most allowed. Close one, or wait and this page will try again.`,
            { retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS },
          );
        }
        perUser.set(userId, held + 1);
        const stream = new PassThrough();
        let ended = false;
        const write = (chunk: string) => {
          if (!ended) stream.write(chunk);
        };
        const release = () => {
          const left = (perUser.get(userId) ?? 1) - 1;
          if (left > 0) perUser.set(userId, left);
          else perUser.delete(userId);
        };
        let unsubscribe: () => void;
        try {
          unsubscribe = await deps.events.subscribe(userId, (event) => write(frame(event)));
        } catch (error: unknown) {
          release();
          throw error;
        }
        const heartbeat = setInterval(() => {
          deps.guard.authenticate(request).then(
            () => write(': ping\n\n'),
            () => end(),
          );
        }, heartbeatMs);
        heartbeat.unref();
        const end = () => {
          if (ended) return;
          ended = true;
          release();
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(end);
          stream.end();
        };
        open.add(end);
        // The response closes when the client goes away (or once the stream has ended).
        reply.raw.once('close', end);

        write(frame({ type: 'ready', data: {} }));
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
}
