import {
  MAX_EVENTS_PER_BATCH,
  type SessionEvent,
  type SessionEventType,
} from '#contracts/engagement.ts';

// The first-party usage tracker of the signed-in app (ADR 027). Pure state over injected time,
// ids, timers and a sender, so its rules are tested without a browser; `bindToPage` wires it to
// the page's visibility and lifecycle events, and `use-engagement-tracker.ts` to the session.

/** What became of a batch: stored, worth sending again (offline, 5xx), or refused for good. */
export type SendOutcome = 'sent' | 'retry' | 'drop';

/** Sends one batch; with fetch keepalive, so a batch sent as the page goes away still arrives. */
export type SendEvents = (events: readonly SessionEvent[], token: string) => Promise<SendOutcome>;

export interface TrackerDeps {
  send: SendEvents;
  now: () => Date;
  newId: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Queued events go out at the latest this long after the first of them. */
  flushEveryMs?: number;
}

export const FLUSH_EVERY_MS = 15_000;
/** Events kept for a retry while the server cannot be reached; the oldest go first beyond this. */
export const MAX_QUEUED_EVENTS = 500;

export function createTracker(deps: TrackerDeps) {
  const flushEveryMs = deps.flushEveryMs ?? FLUSH_EVERY_MS;
  let token: string | null = null;
  let sessionId: string | null = null;
  let visible = true;
  let queue: SessionEvent[] = [];
  let timer: unknown = null;
  let inFlight: Promise<void> = Promise.resolve();

  const cancelTimer = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };

  /** Gives a batch that may succeed later back to the front of the queue. */
  const requeue = (batch: SessionEvent[]) => {
    queue = [...batch, ...queue].slice(-MAX_QUEUED_EVENTS);
    schedule();
  };

  /** Sends what is queued, a batch at a time, stopping at the first that must wait. */
  const sendQueued = async () => {
    while (queue.length > 0 && token) {
      const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
      queue = queue.slice(batch.length);
      const outcome = await deps.send(batch, token).catch(() => 'retry' as const);
      if (outcome === 'retry') return requeue(batch);
    }
  };

  const flush = (): Promise<void> => {
    cancelTimer();
    inFlight = inFlight.then(sendQueued);
    return inFlight;
  };

  /**
   * Sends everything now, in this task: a page being hidden or left may never run another one, so
   * nothing may wait behind a batch still in flight (keepalive carries the requests past unload).
   */
  const flushNow = (): Promise<void> => {
    cancelTimer();
    const sending: Promise<void>[] = [];
    while (queue.length > 0 && token) {
      const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
      queue = queue.slice(batch.length);
      sending.push(
        deps
          .send(batch, token)
          .catch(() => 'retry' as const)
          .then((outcome) => (outcome === 'retry' ? requeue(batch) : undefined)),
      );
    }
    return Promise.all(sending).then(() => undefined);
  };

  function schedule() {
    if (timer === null && queue.length > 0 && token) {
      timer = deps.setTimer(() => {
        timer = null;
        void flush();
      }, flushEveryMs);
    }
  }

  const record = (type: SessionEventType) => {
    if (!token || !sessionId) return;
    queue.push({ id: deps.newId(), sessionId, type, occurredAt: deps.now().toISOString() });
    if (queue.length >= MAX_EVENTS_PER_BATCH) void flush();
    else schedule();
  };

  const begin = (isVisible: boolean) => {
    sessionId = deps.newId();
    visible = true;
    record('start');
    // Opened in a background tab: the session starts hidden (and is sent at once, below).
    if (!isVisible) visibility(false);
    // The start goes out at once, so the session counts on /engagement-analytics straight away.
    else void flush();
  };

  function visibility(isVisible: boolean) {
    if (!sessionId || isVisible === visible) return;
    visible = isVisible;
    record(isVisible ? 'foreground' : 'background');
    // A hidden page may never run again: what is queued leaves now.
    if (!isVisible) void flushNow();
  }

  return {
    /** The app opened with a person, or a sign-in: a session starts (once). */
    signIn(accessToken: string, isVisible: boolean) {
      token = accessToken;
      if (!sessionId) begin(isVisible);
    },
    /** The session's token was refreshed. Null (signed out elsewhere, expired): everything is dropped. */
    setToken(accessToken: string | null) {
      if (accessToken) {
        token = accessToken;
        return;
      }
      token = null;
      sessionId = null;
      queue = [];
      cancelTimer();
    },
    /** The page became visible or hidden. */
    visibility,
    /** The page is being left (or frozen into the back-forward cache): the session ends now. */
    pageHide() {
      if (!sessionId) return Promise.resolve();
      record('end');
      sessionId = null;
      return flushNow();
    },
    /** The page came back from the back-forward cache: a new session. */
    pageShow(isVisible: boolean) {
      if (token && !sessionId) begin(isVisible);
    },
    /** Sign-out: the session ends and is sent while the token still works; then nothing more. */
    async signOut() {
      if (sessionId) {
        record('end');
        sessionId = null;
      }
      await flushNow();
      this.setToken(null);
    },
    /** Events waiting to be sent (for tests and diagnostics). */
    pending(): readonly SessionEvent[] {
      return queue;
    },
    get sessionId() {
      return sessionId;
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;

/** Wires a tracker to the page: visibility changes, page hide and a return from the cache. */
export function bindToPage(tracker: Tracker, win: Window, doc: Document): () => void {
  const isVisible = () => doc.visibilityState === 'visible';
  const onVisibility = () => tracker.visibility(isVisible());
  const onHide = () => void tracker.pageHide();
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) tracker.pageShow(isVisible());
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onHide);
  win.addEventListener('pageshow', onShow);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onHide);
    win.removeEventListener('pageshow', onShow);
  };
}
