import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '#contracts/engagement.ts';
import { bindToPage, createTracker, FLUSH_EVERY_MS, type SendOutcome } from './tracker.ts';

interface Sent {
  events: readonly SessionEvent[];
  token: string;
}

function setup(outcomes: SendOutcome[] | (() => SendOutcome) = []) {
  const sent: Sent[] = [];
  let id = 0;
  const tracker = createTracker({
    send: (events, token) => {
      sent.push({ events: [...events], token });
      return Promise.resolve(
        typeof outcomes === 'function' ? outcomes() : (outcomes.shift() ?? 'sent'),
      );
    },
    now: () => new Date(),
    newId: () => `id-${++id}`,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  const types = () => sent.flatMap((batch) => batch.events.map((event) => event.type));
  return { tracker, sent, types };
}

/** jsdom's document.visibilityState is fixed at "visible": tests set what a browser would. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('engagement tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-11T13:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
  });

  it('starts a session on sign-in, sent at once; later events wait for the flush interval', async () => {
    const { tracker, sent } = setup();
    tracker.signIn('token-1', true);
    tracker.signIn('token-1', true); // the layout re-rendering starts nothing new
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      {
        token: 'token-1',
        events: [
          {
            id: 'id-2',
            sessionId: 'id-1',
            type: 'start',
            occurredAt: '2025-03-11T13:00:00.000Z',
          },
        ],
      },
    ]);
    vi.setSystemTime(new Date('2025-03-11T13:05:00.000Z'));
    tracker.visibility(false);
    await vi.advanceTimersByTimeAsync(0);
    tracker.visibility(true);
    expect(tracker.pending().map((e) => e.type)).toEqual(['foreground']);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(sent.map((batch) => batch.events.map((e) => e.type))).toEqual([
      ['start'],
      ['background'],
      ['foreground'],
    ]);
  });

  it('sends background at once, foreground with the next batch, by visibility', async () => {
    const { tracker, sent, types } = setup();
    const unbind = bindToPage(tracker, window, document);
    tracker.signIn('token-1', true);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.token).toBe('token-1');
    expect(types()).toEqual(['start', 'background']);

    setVisibility('hidden'); // no change, no event
    setVisibility('visible');
    expect(tracker.pending().map((e) => e.type)).toEqual(['foreground']);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(types()).toEqual(['start', 'background', 'foreground']);
    unbind();
  });

  it('ends the session on page hide and starts a new one back from the cache', async () => {
    const { tracker, sent, types } = setup();
    const unbind = bindToPage(tracker, window, document);
    tracker.signIn('token-1', true);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(types()).toEqual(['start', 'end']);
    const first = sent[0]?.events[0]?.sessionId;

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(tracker.pending()).toHaveLength(1);
    expect(tracker.pending()[0]?.sessionId).not.toBe(first);
    unbind();
  });

  it('a session opened in a background tab starts hidden', async () => {
    const { tracker, types } = setup();
    tracker.signIn('token-1', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(types()).toEqual(['start', 'background']);
  });

  it('sends the end on sign-out with the token, then nothing while signed out', async () => {
    const { tracker, sent, types } = setup();
    const unbind = bindToPage(tracker, window, document);
    tracker.signIn('token-1', true);
    tracker.setToken('token-2'); // refreshed
    await tracker.signOut();
    expect(types()).toEqual(['start', 'end']);
    expect(sent.every((batch) => batch.token === 'token-2')).toBe(true);

    setVisibility('hidden');
    setVisibility('visible');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS * 4);
    expect(sent).toHaveLength(1);
    expect(tracker.pending()).toEqual([]);
    unbind();
  });

  it('drops what is queued when the session goes away without a sign-out here', async () => {
    const { tracker, sent } = setup();
    tracker.signIn('token-1', true);
    tracker.setToken(null);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(sent).toEqual([]);
  });

  it('keeps a batch the server could not take for the next flush, the same ids (stored once)', async () => {
    const { tracker, sent } = setup(['retry', 'sent']);
    tracker.signIn('token-1', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(tracker.pending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.events).toEqual(sent[0]?.events);
    expect(tracker.pending()).toEqual([]);
  });

  it('holds events while the server cannot be reached, then sends batches of at most 50', async () => {
    let online = false;
    const { tracker, sent } = setup(() => (online ? 'sent' : 'retry'));
    tracker.signIn('token-1', true);
    for (let i = 0; i < 60; i += 1) tracker.visibility(i % 2 === 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(tracker.pending()).toHaveLength(61);

    online = true;
    sent.length = 0;
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(sent.map((batch) => batch.events.length)).toEqual([50, 11]);
    expect(new Set(sent.flatMap((batch) => batch.events.map((e) => e.id))).size).toBe(61);
    expect(tracker.pending()).toEqual([]);
  });

  it('drops a batch the server refuses for good', async () => {
    const { tracker, sent } = setup(['drop']);
    tracker.signIn('token-1', true);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(sent).toHaveLength(1);
    expect(tracker.pending()).toEqual([]);
  });
});
