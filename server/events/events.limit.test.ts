import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contracts/errors.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, registerErrorHandler } from '#server/errors.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { createEventBus } from './event-bus.ts';
import { eventsRoutes, STREAM_RETRY_AFTER_SECONDS } from './events.routes.ts';

// One person may hold only so many live streams at once (EVENTS_MAX_STREAMS_PER_USER); the next
// gets 429 with Retry-After, and a closed stream gives its place back.

describe('GET /api/events: streams per person', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  const guard: AuthGuard = {
    async authenticate(request) {
      const who = request.headers.authorization?.replace('Bearer ', '');
      if (who !== 'alice' && who !== 'bob') throw new AppError('unauthenticated', 'Sign in.');
      const userId = `00000000-0000-4000-8000-00000000000${who === 'alice' ? 1 : 2}`;
      return {
        userId,
        email: null,
        role: 'user',
        sessionId: userId,
        aal: 'aal1',
        isAnonymous: false,
      };
    },
  };
  const open = (who: string, signal?: AbortSignal) =>
    fetch(url, { headers: { authorization: `Bearer ${who}` }, ...(signal ? { signal } : {}) });
  /** Reads up to the `ready` event, so the stream is surely counted. */
  const ready = async (response: Response) => {
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    return reader;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const bus = createEventBus(database);
    app = Fastify({ forceCloseConnections: true });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(eventsRoutes({ guard, events: bus, maxStreamsPerUser: 2 }));
    app.addHook('onClose', async () => bus.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}/api/events`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses the stream over the cap with 429, Retry-After and a message; others are not affected', async () => {
    const first = new AbortController();
    await ready(await open('alice', first.signal));
    const second = await ready(await open('alice'));

    const refused = await open('alice');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect(errorBodySchema.parse(await refused.json()).error).toMatchObject({
      code: 'rate_limited',
      message:
        'Live updates are already open in 2 tabs or devices, the most allowed. Close one, or wait and this page will try again.',
    });

    // Bob has his own places.
    const bobs = await ready(await open('bob'));

    // A closed stream frees its place (the server notices the client went away).
    first.abort();
    let again = await open('alice');
    for (let tries = 0; again.status === 429 && tries < 100; tries += 1) {
      await again.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await open('alice');
    }
    const third = await ready(again);
    for (const reader of [second, bobs, third]) await reader.cancel();
  });
});
