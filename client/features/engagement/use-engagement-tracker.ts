import { useCallback, useEffect } from 'react';
import { bindToPage, createTracker, type Tracker } from './tracker.ts';
import { sendSessionEvents } from './api.ts';

// The tracker's one instance in the tab, tied to the signed-in layout.

let instance: Tracker | null = null;
function tracker(): Tracker {
  instance ??= createTracker({
    send: sendSessionEvents,
    now: () => new Date(),
    newId: () => crypto.randomUUID(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  return instance;
}

/** Sign-out waits at most this long for the session's end to be sent. */
const END_WAIT_MS = 1_500;

/**
 * Tracks the signed-in person's sessions while `accessToken` is set: a start when the app opens
 * with them (or they sign in), background and foreground as the page hides and shows, an end when
 * the page is left. Returns `endSession`, which sign-out awaits before the token is revoked.
 */
export function useEngagementTracker(accessToken: string | null): () => Promise<void> {
  useEffect(() => {
    const current = tracker();
    if (accessToken) current.signIn(accessToken, document.visibilityState === 'visible');
    else current.setToken(null);
  }, [accessToken]);

  useEffect(() => bindToPage(tracker(), window, document), []);

  return useCallback(
    () =>
      Promise.race([
        tracker().signOut(),
        new Promise<void>((resolve) => setTimeout(resolve, END_WAIT_MS)),
      ]),
    [],
  );
}
