import type { ServerEvent } from '#contracts/events.ts';
import type { Database } from '#server/db/client.ts';

/** Every Trellis process listens on this one channel; a message names the user it is for. */
const EVENTS_CHANNEL = 'trellis_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

export type EventHandler = (event: ServerEvent) => void;

export interface EventBus {
  /**
   * Sends `event` to every subscriber of `userId` in every process on the same database. An
   * event too large for NOTIFY arrives as `stale` (read again), never not at all.
   */
  publish(userId: string, event: ServerEvent): Promise<void>;
  /** Resolves once events for `userId` are being received; the result unsubscribes. */
  subscribe(userId: string, handler: EventHandler): Promise<() => void>;
  /** Stops listening; subscribers receive nothing more. */
  close(): Promise<void>;
}

interface Envelope {
  u: string;
  e: ServerEvent;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { u, e } = value as { u?: unknown; e?: unknown };
  return (
    typeof u === 'string' &&
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { type?: unknown }).type === 'string'
  );
}

/**
 * The NOTIFY payload that carries `event` to `userId`'s subscribers on EVENTS_CHANNEL. An event too
 * large for NOTIFY becomes `stale` (read again). The notifications triggers (migration 0007) build
 * the same envelope in SQL, in the writer's transaction.
 */
function encodeEvent(userId: string, event: ServerEvent): string {
  const payload = JSON.stringify({ u: userId, e: event } satisfies Envelope);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({
    u: userId,
    e: { type: 'stale', data: { type: event.type } },
  } satisfies Envelope);
}

/**
 * The channel and payload that carry `event` to `userId`'s subscribers, for a writer that sends
 * it with pg_notify inside its own transaction (PostgreSQL delivers it on commit, and not at all
 * after a rollback), as the notifications triggers do.
 */
export function eventNotification(
  userId: string,
  event: ServerEvent,
): { channel: string; payload: string } {
  return { channel: EVENTS_CHANNEL, payload: encodeEvent(userId, event) };
}

/**
 * Per-user events over LISTEN/NOTIFY, so a stream held by one server process hears what another
 * process published. One LISTEN per process, started on the first subscription.
 */
export function createEventBus(
  database: Pick<Database, 'listen' | 'notify'>,
  options: { onError?: (error: unknown) => void } = {},
): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const deliver = (payload: string) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload);
    } catch (error: unknown) {
      options.onError?.(error);
      return;
    }
    if (!isEnvelope(envelope)) return;
    for (const handler of handlers.get(envelope.u) ?? []) {
      try {
        handler(envelope.e);
      } catch (error: unknown) {
        options.onError?.(error);
      }
    }
  };

  const ensureListening = () => {
    listening ??= database.listen(EVENTS_CHANNEL, deliver).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  };

  return {
    async publish(userId, event) {
      await database.notify(EVENTS_CHANNEL, encodeEvent(userId, event));
    },
    async subscribe(userId, handler) {
      if (closed) throw new Error('the event bus is closed');
      let set = handlers.get(userId);
      if (!set) {
        set = new Set();
        handlers.set(userId, set);
      }
      set.add(handler);
      try {
        await ensureListening();
      } catch (error: unknown) {
        set.delete(handler);
        if (set.size === 0) handlers.delete(userId);
        throw error;
      }
      return () => {
        const current = handlers.get(userId);
        current?.delete(handler);
        if (current?.size === 0) handlers.delete(userId);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
