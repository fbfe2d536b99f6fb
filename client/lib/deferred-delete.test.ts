import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deferDelete,
  flushDeletes,
  pendingDeletes,
  undoDelete,
  UNDO_WINDOW_MS,
} from './deferred-delete.ts';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(() => 'toast-1'), dismiss: vi.fn() },
}));

describe('deferred delete', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides the item at once and sends the delete only when the undo window ends', async () => {
    const commit = vi.fn(() => Promise.resolve());
    deferDelete({ id: 'a', message: 'Task deleted', description: 'Run', commit });
    expect(pendingDeletes().has('a')).toBe(true);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(commit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(pendingDeletes().has('a')).toBe(false);
  });

  it('undo keeps the item: the delete is never sent', async () => {
    const commit = vi.fn(() => Promise.resolve());
    deferDelete({ id: 'b', message: 'Task deleted', description: 'Run', commit });
    undoDelete('b');
    expect(pendingDeletes().has('b')).toBe(false);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(commit).not.toHaveBeenCalled();
  });

  it('leaving the page sends what is waiting, once; a failure is reported and the item shows again', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const onError = vi.fn();
    deferDelete({ id: 'c', message: 'Task deleted', description: 'Run', commit: failing, onError });
    flushDeletes();
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
    expect(pendingDeletes().has('c')).toBe(false);
  });
});
