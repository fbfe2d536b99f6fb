import type { z } from 'zod';
import {
  chatStreamEvents,
  coachingPaths,
  type ChatStreamEventName,
  type SendMessage,
} from '#contracts/coaching.ts';
import { errorBodySchema } from '#contracts/errors.ts';
import { ApiError, getAccessToken } from '#client/lib/api-client.ts';
import { sseBlock } from '#client/lib/event-stream.ts';

/** One event of a chat reply's stream, parsed with the contract's schema. */
export type ChatStreamEvent = {
  [K in ChatStreamEventName]: { type: K; data: z.infer<(typeof chatStreamEvents)[K]> };
}[ChatStreamEventName];

const eventNames = Object.keys(chatStreamEvents) as ChatStreamEventName[];

function isEventName(name: string): name is ChatStreamEventName {
  return (eventNames as string[]).includes(name);
}

/**
 * Parses one server-sent-events block ("event: delta\ndata: {...}") into a chat event; comments,
 * unknown names and data the contract does not accept give null (skipped, never thrown: one bad
 * block must not end a reply that is otherwise arriving).
 */
export function parseChatEventBlock(block: string): ChatStreamEvent | null {
  const parsedBlock = sseBlock(block);
  if (!parsedBlock || !isEventName(parsedBlock.name)) return null;
  const { name, json } = parsedBlock;
  const parsed = chatStreamEvents[name].safeParse(json);
  return parsed.success ? ({ type: name, data: parsed.data } as ChatStreamEvent) : null;
}

/** The events of a response body, in order, as they arrive (a block may span several chunks). */
export async function* readChatStream(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, '\n');
      let split = buffer.indexOf('\n\n');
      while (split >= 0) {
        const event = parseChatEventBlock(buffer.slice(0, split));
        buffer = buffer.slice(split + 2);
        if (event) yield event;
        split = buffer.indexOf('\n\n');
      }
    }
    // A last block the server did not end with a blank line still counts.
    const last = buffer.trim() ? parseChatEventBlock(buffer) : null;
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) {
    const { code, message, details, requestId } = parsed.data.error;
    return new ApiError(code, message, { status: response.status, details, requestId });
  }
  return new ApiError(
    response.status === 429
      ? 'rate_limited'
      : response.status >= 500
        ? 'internal'
        : 'invalid_input',
    `The server answered ${response.status}.`,
    { status: response.status },
  );
}

export interface SendChatOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  getToken?: () => Promise<string | null>;
}

/**
 * Sends the person's message (or a retry of one) and yields the reply's events as they stream.
 * A POST read with fetch, not EventSource, so the token travels in the Authorization header.
 * Throws ApiError when the server refuses before streaming (400, 404, 429…) or cannot be reached;
 * an abort (Stop) rejects with the signal's reason.
 */
export async function* sendChatMessage(
  coachId: string,
  body: SendMessage,
  options: SendChatOptions = {},
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const token = await (options.getToken ?? getAccessToken)();
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    'content-type': 'application/json',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await doFetch(coachingPaths.messages.href({ id: coachId }), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      cache: 'no-store',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error: unknown) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('upstream_failed', 'Could not reach the server. Check your connection.', {
      status: 0,
      cause: error,
    });
  }
  if (!response.ok) throw await errorOf(response);
  if (!response.body) {
    throw new ApiError('upstream_failed', 'The reply did not arrive. Try again.', {
      status: response.status,
    });
  }
  yield* readChatStream(response.body);
}
