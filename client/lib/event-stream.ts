import { errorBodySchema } from '#contracts/errors.ts';
import { eventsPaths, serverEventSchemas, type ServerEvent } from '#contracts/events.ts';
import { reportStepUpRequired } from './auth/assurance.ts';

export interface EventStreamOptions {
  /** The Bearer token for each (re)connection; null stops trying until the next attempt. */
  getToken: () => Promise<string | null>;
  onEvent: (event: ServerEvent) => void;
  /** Called on every successful (re)connection, with whether it is the first one. */
  onOpen?: (first: boolean) => void;
  /** Waits between attempts: first delay, doubled each failure, capped (milliseconds). */
  backoff?: { initialMs: number; maxMs: number };
  fetch?: typeof fetch;
}

/**
 * One server-sent-events block ("event: x\ndata: {...}") as its event name and JSON data; null for
 * a comment, a block without data or data that is not JSON. The events stream and the chat's
 * reply stream both read their blocks with it.
 */
export function sseBlock(block: string): { name: string; json: unknown } | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  try {
    return { name, json: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}

/** Parses one SSE block into a known event; anything else is null. */
export function parseEventBlock(block: string): ServerEvent | null {
  const parsedBlock = sseBlock(block);
  if (!parsedBlock || !(parsedBlock.name in serverEventSchemas)) return null;
  const { name, json } = parsedBlock;
  const schema = serverEventSchemas[name as ServerEvent['type']];
  const parsed = schema.safeParse(json);
  return parsed.success ? ({ type: name, data: parsed.data } as ServerEvent) : null;
}

/**
 * Reads /api/events with fetch (EventSource cannot send an Authorization header) and reconnects
 * with backoff whenever the stream fails or ends, e.g. when the server closes it as the token
 * expires. Returns a function that stops it for good.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 1000, maxMs: 30_000 };
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  let delay = initialMs;
  let first = true;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const readOnce = async () => {
    const token = await options.getToken();
    if (!token) throw new Error('no session');
    const response = await doFetch(eventsPaths.stream.href(), {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (response.status === 403) {
      const body = errorBodySchema.safeParse(await response.json().catch(() => null));
      if (body.data?.error.code === 'insufficient_aal') reportStepUpRequired();
    }
    if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let split = buffer.indexOf('\n\n');
      while (split >= 0) {
        const event = parseEventBlock(buffer.slice(0, split));
        buffer = buffer.slice(split + 2);
        if (event?.type === 'ready') {
          delay = initialMs;
          options.onOpen?.(first);
          first = false;
        } else if (event) {
          options.onEvent(event);
        }
        split = buffer.indexOf('\n\n');
      }
    }
  };

  void (async () => {
    while (!controller.signal.aborted) {
      try {
        await readOnce();
      } catch {
        // Offline, signed out, a restart, an expired token: polling covers the gap; try again.
      }
      if (controller.signal.aborted) return;
      await wait(delay);
      delay = Math.min(delay * 2, maxMs);
    }
  })();

  return () => controller.abort();
}
