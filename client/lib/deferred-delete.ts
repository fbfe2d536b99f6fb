import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';

/**
 * Deleting with undo: the item leaves the screen at once and a toast offers "Undo" for a few
 * seconds; only when that time is up is the DELETE sent. Undo therefore restores nothing on the
 * server, it simply never deletes. Leaving the page sends every delete still waiting.
 *
 * Screens hide what `usePendingDeletes()` holds, so a refetch in the meantime cannot bring the
 * item back.
 */

export const UNDO_WINDOW_MS = 6000;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  commit: () => Promise<unknown>;
  toastId: string | number;
}

const pending = new Map<string, Pending>();
let snapshot: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function changed() {
  snapshot = new Set(pending.keys());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids whose delete is waiting out its undo window. */
export function usePendingDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

export function pendingDeletes(): ReadonlySet<string> {
  return snapshot;
}

async function run(id: string) {
  const item = pending.get(id);
  if (!item) return;
  clearTimeout(item.timer);
  try {
    await item.commit();
  } finally {
    // Stays hidden until the delete has answered (and the lists were read again).
    pending.delete(id);
    changed();
  }
}

export interface DeferredDelete {
  /** The item's id: one pending delete per id. */
  id: string;
  /** "Task deleted". */
  message: string;
  /** The item's title. */
  description: string;
  /** Sends the delete (and refreshes what shows it); a failure is reported by `onError`. */
  commit: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}

export function deferDelete({ id, message, description, commit, onError }: DeferredDelete) {
  if (pending.has(id)) return;
  const guarded = () =>
    commit().catch((error: unknown) => {
      onError?.(error);
    });
  const toastId = toast.success(message, {
    description,
    duration: UNDO_WINDOW_MS,
    action: { label: 'Undo', onClick: () => undoDelete(id) },
  });
  pending.set(id, {
    timer: setTimeout(() => void run(id), UNDO_WINDOW_MS),
    commit: guarded,
    toastId,
  });
  changed();
}

/** Keeps the item: its delete is never sent. */
export function undoDelete(id: string) {
  const item = pending.get(id);
  if (!item) return;
  clearTimeout(item.timer);
  pending.delete(id);
  toast.dismiss(item.toastId);
  changed();
}

/** Sends every waiting delete now (the page is being left). */
export function flushDeletes() {
  for (const id of [...pending.keys()]) void run(id);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushDeletes);
}
