import { describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '#contracts/events.ts';
import { openEventStream, parseEventBlock } from './event-stream.ts';

const created = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'achievement',
  title: 'Seven days',
  message: 'A full week of check-ins.',
  read: false,
  priority: 'high',
  created_at: '2025-03-01T09:00:00.000Z',
} as const;

function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('parseEventBlock', () => {
  it('reads known events and ignores comments, unknown names and bad data', () => {
    expect(parseEventBlock(`: ping`)).toBeNull();
    expect(parseEventBlock(`event: ready\ndata: {}`)).toEqual({ type: 'ready', data: {} });
    expect(
      parseEventBlock(`event: notification.created\ndata: ${JSON.stringify(created)}`),
    ).toEqual({
      type: 'notification.created',
      data: created,
    });
    expect(parseEventBlock(`event: mystery\ndata: {}`)).toBeNull();
    expect(parseEventBlock(`event: notifications.changed\ndata: {"unreadCount":-1}`)).toBeNull();
    expect(parseEventBlock(`event: ready\ndata: {oops`)).toBeNull();
  });
});

describe('openEventStream', () => {
  it('sends the token in a header, delivers events split across chunks, and reconnects when the stream ends', async () => {
    const frame = `event: notification.created\ndata: ${JSON.stringify(created)}\n\n`;
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        streamOf(['event: ready\ndata: {}\n\n: ping\n\n', frame.slice(0, 30), frame.slice(30)]),
      )
      .mockResolvedValueOnce(new Response('no', { status: 401 }))
      .mockResolvedValueOnce(streamOf(['event: ready\ndata: {}\r\n\r\n']))
      .mockImplementation(() => new Promise<Response>(() => undefined));
    const events: ServerEvent[] = [];
    const opens: boolean[] = [];
    const stop = openEventStream({
      getToken: async () => 'token-1',
      onEvent: (event) => events.push(event),
      onOpen: (first) => opens.push(first),
      backoff: { initialMs: 5, maxMs: 20 },
      fetch: fetchMock,
    });
    await vi.waitFor(() => expect(opens).toEqual([true, false]), { timeout: 10_000 });
    stop();
    expect(events).toEqual([{ type: 'notification.created', data: created }]);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/events');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('does not connect without a session and stops for good when asked', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    const getToken = vi.fn(async () => null);
    const stop = openEventStream({
      getToken,
      onEvent: () => undefined,
      backoff: { initialMs: 5, maxMs: 5 },
      fetch: fetchMock,
    });
    await vi.waitFor(() => expect(getToken.mock.calls.length).toBeGreaterThan(1), {
      timeout: 10_000,
    });
    stop();
    const calls = getToken.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(getToken.mock.calls.length).toBe(calls);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
