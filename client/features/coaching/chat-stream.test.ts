import { describe, expect, it, vi } from 'vitest';
import type { CoachMessage } from '#contracts/coaching.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  parseChatEventBlock,
  readChatStream,
  sendChatMessage,
  type ChatStreamEvent,
} from './chat-stream.ts';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'session-token' } },
        error: null,
      }),
    },
  }),
}));

const COACH = '00000000-0000-4000-8000-0000000000c1';

const stored: CoachMessage = {
  id: '00000000-0000-4000-8000-000000000001',
  coachId: COACH,
  author: 'person',
  kind: 'chat',
  state: 'complete',
  text: 'I keep skipping my runs',
  engine: null,
  model: null,
  notice: null,
  proposals: [],
  createdAt: '2025-03-01T09:00:00.000Z',
};
const reply: CoachMessage = {
  ...stored,
  id: '00000000-0000-4000-8000-000000000002',
  author: 'coach',
  text: 'Let us make it smaller.',
  engine: 'offline',
  model: 'offline-coach',
};

const frame = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function body(chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('parseChatEventBlock', () => {
  it('reads the contract’s events and skips comments, unknown names and bad data', () => {
    expect(parseChatEventBlock(': keep-alive')).toBeNull();
    expect(parseChatEventBlock('event: delta\ndata: {"text":"Hi"}')).toEqual({
      type: 'delta',
      data: { text: 'Hi' },
    });
    expect(parseChatEventBlock('event: delta\ndata: {"text":3}')).toBeNull();
    expect(parseChatEventBlock('event: surprise\ndata: {}')).toBeNull();
    expect(parseChatEventBlock('event: delta\ndata: {oops')).toBeNull();
    expect(parseChatEventBlock(`event: done\ndata: ${JSON.stringify(reply)}`)).toEqual({
      type: 'done',
      data: reply,
    });
  });
});

describe('readChatStream', () => {
  it('yields events in order, across chunk boundaries and CRLF line ends, and a last unterminated block', async () => {
    const delta = frame('delta', { text: 'Let us ' });
    const events = await collect(
      readChatStream(
        body([
          frame('message', stored),
          ': ping\n\n',
          frame('start', { engine: 'offline', model: 'offline-coach' }).replace(/\n/g, '\r\n'),
          delta.slice(0, 9),
          delta.slice(9),
          `event: done\ndata: ${JSON.stringify(reply)}`,
        ]),
      ),
    );
    expect(events.map((event) => event.type)).toEqual(['message', 'start', 'delta', 'done']);
    expect(events[2]).toEqual({ type: 'delta', data: { text: 'Let us ' } });
  });
});

describe('sendChatMessage', () => {
  it('POSTs the message with the token in the Authorization header and streams the answer', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(body([frame('message', stored), frame('delta', { text: 'Hi' })]), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    const events = await collect(
      sendChatMessage(COACH, { text: 'I keep skipping my runs' }, { fetch: fetchMock }),
    );
    expect(events.map((event) => event.type)).toEqual(['message', 'delta']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/coach/coaches/${COACH}/messages`);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer session-token' });
    expect(JSON.parse(init?.body as string)).toEqual({ text: 'I keep skipping my runs' });
  });

  it('throws the server’s error when it refuses before streaming (a rate limit)', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'rate_limited',
            message: 'You have sent 20 messages in a minute; wait a moment.',
            requestId: 'r1',
          },
        },
        { status: 429 },
      ),
    );
    const refused = collect(sendChatMessage(COACH, { text: 'again' }, { fetch: fetchMock }));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'You have sent 20 messages in a minute; wait a moment.',
    });
  });

  it('says the server could not be reached, but an abort stays an abort', async () => {
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      collect(sendChatMessage(COACH, { text: 'hi' }, { fetch: offline })),
    ).rejects.toMatchObject({ code: 'upstream_failed', status: 0 });

    const controller = new AbortController();
    const aborted = vi.fn<typeof fetch>().mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    await expect(
      collect(
        sendChatMessage(COACH, { text: 'hi' }, { fetch: aborted, signal: controller.signal }),
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
