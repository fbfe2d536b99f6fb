import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// client/public/sw.js run as a browser would run it, in a scope of its own whose outside world
// (notifications, windows, the network) the test records.

// Vitest runs from the repository root.
const source = readFileSync(resolve('client/public/sw.js'), 'utf8');
const ORIGIN = 'https://trellis.example';

type Listener = (event: unknown) => void;

interface FakeWindow {
  url: string;
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow>;
}

function startWorker(
  options: {
    fetch?: typeof fetch;
    windows?: FakeWindow[];
    subscribe?: () => Promise<unknown>;
  } = {},
) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(
    async (_title: string, _options: Record<string, unknown>) => undefined,
  );
  const openWindow = vi.fn(async (_url: string) => null);
  const fetchMock = vi.fn(options.fetch ?? (async () => new Response('{}')));
  const subscribe = vi.fn(options.subscribe ?? (async () => null));
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    location: { origin: ORIGIN },
    registration: { showNotification, pushManager: { subscribe } },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => options.windows ?? []),
      openWindow,
    },
    fetch: fetchMock,
    URL,
    JSON,
    btoa,
    console,
  };
  runInContext(source, createContext(scope));

  /** Dispatches an event and waits for what it asked the browser to wait for. */
  const dispatch = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({
      ...event,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
  };
  return { dispatch, showNotification, openWindow, fetchMock, subscribe, scope };
}

const pushContent = {
  title: 'Your top three for Monday',
  body: '1. Run 5 km\n2. Call Sam\n3. Write a page',
  actions: [
    { action: 'done', title: 'Done' },
    { action: 'open', title: 'Open' },
  ],
  data: {
    url: `${ORIGIN}/tasks`,
    completeUrl: `${ORIGIN}/done?token=header.payload.signature`,
    deliveryId: 'd-1',
  },
  tag: 'top-three-2025-03-10',
};

const pushEvent = (payload: unknown) => ({
  data: {
    json: (): unknown => (typeof payload === 'string' ? JSON.parse(payload) : payload),
    text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
  },
});

function click(action: string, data: object = pushContent.data) {
  return { action, notification: { data, tag: pushContent.tag, close: vi.fn() } };
}

describe('the service worker', () => {
  it('takes over at once on install and activation', async () => {
    const worker = startWorker();
    await worker.dispatch('install', {});
    await worker.dispatch('activate', {});
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  it('shows the pushed top three with its actions, data, icon and badge', async () => {
    const worker = startWorker();
    await worker.dispatch('push', pushEvent(pushContent));
    expect(worker.showNotification).toHaveBeenCalledWith('Your top three for Monday', {
      body: pushContent.body,
      tag: pushContent.tag,
      actions: pushContent.actions,
      data: pushContent.data,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    });
  });

  it('offers no "done" without a link to complete, and shows a plain reminder for a payload it cannot read', async () => {
    const worker = startWorker();
    await worker.dispatch(
      'push',
      pushEvent({ ...pushContent, data: { ...pushContent.data, completeUrl: null } }),
    );
    expect(worker.showNotification.mock.calls[0]?.[1].actions).toEqual([
      { action: 'open', title: 'Open' },
    ]);
    await worker.dispatch('push', pushEvent('not json'));
    expect(worker.showNotification.mock.calls[1]?.[0]).toBe('Your top three for today');
    expect(worker.showNotification.mock.calls[1]?.[1].body).toBe('not json');
  });

  it('"done" completes the task through its signed link and says so, without opening a window', async () => {
    const worker = startWorker({
      fetch: async () =>
        new Response(JSON.stringify({ taskTitle: 'Run 5 km', outcome: 'done' }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    const event = click('done');
    await worker.dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(worker.fetchMock).toHaveBeenCalledWith(
      '/api/links/complete',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ token: 'header.payload.signature' }),
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith(
      'Marked done',
      expect.objectContaining({ body: 'Run 5 km', tag: `${pushContent.tag}-done`, silent: true }),
    );
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('"done" that the server refuses opens the /done page, which says why', async () => {
    const worker = startWorker({
      fetch: async () => new Response('{"error":{}}', { status: 400 }),
    });
    await worker.dispatch('notificationclick', click('done'));
    expect(worker.openWindow).toHaveBeenCalledWith(pushContent.data.completeUrl);
    expect(worker.showNotification).not.toHaveBeenCalled();
  });

  it('a tap focuses an open Trellis window on the message’s page, or opens one', async () => {
    const open: FakeWindow = {
      url: `${ORIGIN}/dashboard`,
      focus: vi.fn(async () => open),
      navigate: vi.fn(async () => open),
    };
    const withWindow = startWorker({ windows: [open] });
    await withWindow.dispatch('notificationclick', click('open'));
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/tasks`);
    expect(withWindow.openWindow).not.toHaveBeenCalled();

    const without = startWorker();
    await without.dispatch('notificationclick', click(''));
    expect(without.openWindow).toHaveBeenCalledWith(`${ORIGIN}/tasks`);
  });

  describe('a subscription the push service replaced', () => {
    const oldEndpoint = 'https://fcm.googleapis.com/fcm/send/old';
    const applicationServerKey = new Uint8Array([4, 1, 2, 3]).buffer;
    const oldAuth = 'oldAuthSecret';
    const oldSubscription = {
      endpoint: oldEndpoint,
      options: { applicationServerKey },
      toJSON: () => ({ endpoint: oldEndpoint, keys: { p256dh: 'BOldKey', auth: oldAuth } }),
    };
    const fresh = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      expirationTime: null,
      keys: { p256dh: 'BNewKey', auth: 'newAuth' },
    };
    /** The one request the worker made: a POST of `body` to the renewal route. */
    const expectRenewal = (worker: ReturnType<typeof startWorker>, body: object) => {
      expect(worker.fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = worker.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/channels/push/renew');
      expect(init.method).toBe('POST');
      expect(init.body).toBe(JSON.stringify(body));
    };

    it('sends the old endpoint and its auth secret (the proof) with the new subscription the browser gave', async () => {
      const worker = startWorker({ fetch: async () => new Response(null, { status: 204 }) });
      await worker.dispatch('pushsubscriptionchange', {
        oldSubscription,
        newSubscription: { toJSON: () => fresh },
      });
      expect(worker.subscribe).not.toHaveBeenCalled();
      expectRenewal(worker, { oldEndpoint, oldAuth, subscription: fresh });
    });

    it('subscribes again with the old key when the browser gave no new subscription', async () => {
      const worker = startWorker({
        fetch: async () => new Response(null, { status: 204 }),
        subscribe: async () => ({ toJSON: () => fresh }),
      });
      await worker.dispatch('pushsubscriptionchange', { oldSubscription, newSubscription: null });
      expect(worker.subscribe).toHaveBeenCalledWith({
        userVisibleOnly: true,
        applicationServerKey,
      });
      expectRenewal(worker, { oldEndpoint, oldAuth, subscription: fresh });
    });

    it('reads the auth secret from getKey when the old subscription has no toJSON', async () => {
      const worker = startWorker({ fetch: async () => new Response(null, { status: 204 }) });
      await worker.dispatch('pushsubscriptionchange', {
        oldSubscription: {
          endpoint: oldEndpoint,
          options: { applicationServerKey },
          getKey: (name: string) => (name === 'auth' ? new Uint8Array([251, 255, 1]).buffer : null),
        },
        newSubscription: { toJSON: () => fresh },
      });
      expectRenewal(worker, { oldEndpoint, oldAuth: '-_8B', subscription: fresh });
    });

    it('sends nothing when the old subscription has no auth secret to prove it', async () => {
      const worker = startWorker({ fetch: async () => new Response(null, { status: 204 }) });
      await worker.dispatch('pushsubscriptionchange', {
        oldSubscription: { endpoint: oldEndpoint, options: { applicationServerKey } },
        newSubscription: { toJSON: () => fresh },
      });
      expect(worker.fetchMock).not.toHaveBeenCalled();
    });

    it('does nothing without an old subscription, and gives up quietly when notifications were withdrawn', async () => {
      const worker = startWorker({
        subscribe: async () => {
          throw new Error('NotAllowedError');
        },
      });
      await worker.dispatch('pushsubscriptionchange', {
        oldSubscription: null,
        newSubscription: { toJSON: () => fresh },
      });
      await worker.dispatch('pushsubscriptionchange', { oldSubscription, newSubscription: null });
      expect(worker.subscribe).toHaveBeenCalledTimes(1);
      expect(worker.fetchMock).not.toHaveBeenCalled();
    });
  });
});
