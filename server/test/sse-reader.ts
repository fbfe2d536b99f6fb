// Server-sent events as the client reads them, for tests of /api/events.

export interface SseMessage {
  event: string;
  data: unknown;
}

/** Reads server-sent events from a fetch response, the way the client does. */
export function sseReader(response: Response) {
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const comments: string[] = [];
  let ended = false;
  return {
    comments,
    get ended() {
      return ended;
    },
    next(timeoutMs = 10_000): Promise<SseMessage | null> {
      return this.read(timeoutMs, false);
    },
    /** Reads on until a comment (a heartbeat) has arrived; false if the stream ended first. */
    async comment(timeoutMs = 5000): Promise<boolean> {
      if (comments.length > 0) return true;
      await this.read(timeoutMs, true);
      return comments.length > 0;
    },
    /** The next event; with `orComment`, also stops at the first comment (returning null). */
    async read(timeoutMs: number, orComment: boolean): Promise<SseMessage | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const split = buffer.indexOf('\n\n');
        if (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) return { event, data: JSON.parse(data) };
          if (orComment && comments.length > 0) return null;
          continue;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), remaining)),
        ]);
        if (chunk === 'timeout') throw new Error('no event in time');
        if (chunk.done) {
          ended = true;
          return null;
        }
        buffer += chunk.value;
      }
    },
    cancel: () => reader.cancel(),
  };
}
