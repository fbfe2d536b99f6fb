import type { ServerEvent } from '#contracts/events.ts';

// The one /api/events stream of a signed-in tab is opened by the notifications bell; any screen
// that shows live data listens here instead of opening a second stream. Features stay apart: the
// bell hands every event on, and each screen takes the events it knows.

type Listener = (event: ServerEvent) => void;

const listeners = new Set<Listener>();

/** Hands an event of the stream to every listener (the stream's reader calls this). */
export function publishLiveEvent(event: ServerEvent): void {
  for (const listener of listeners) listener(event);
}

/** Listens to the stream's events; returns the function that stops listening. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
