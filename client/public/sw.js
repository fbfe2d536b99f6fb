// Trellis's service worker: shows the daily top three pushed by the server and handles the
// notification's actions ("done" completes the task through its signed link, "open" opens the
// app). It caches nothing and intercepts no request, so the app shell is never served stale.
// Plain JavaScript, served as-is from the site root (scope "/").

/* global btoa */
const sw = globalThis;

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const FALLBACK_URL = '/dashboard';

sw.addEventListener('install', () => {
  // A new version takes over at once: there is no cache for an old one to keep consistent.
  void sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

/** The push payload (server/delivery/types.ts PushContent), or a plain reminder when unreadable. */
function readPayload(event) {
  try {
    const payload = event.data ? event.data.json() : null;
    if (payload && typeof payload.title === 'string') return payload;
  } catch {
    // Not JSON: fall through to the plain reminder.
  }
  return {
    title: 'Your top three for today',
    body: event.data ? event.data.text() : 'Open Trellis to see today’s three.',
    actions: [],
    data: { url: FALLBACK_URL, completeUrl: null, deliveryId: null },
    tag: 'trellis-top-three',
  };
}

sw.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const actions = Array.isArray(payload.actions) ? payload.actions : [];
  const data = payload.data ?? { url: FALLBACK_URL, completeUrl: null };
  event.waitUntil(
    sw.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      // "done" needs a link to act on; without one only "open" is offered.
      actions: actions.filter((action) => action.action !== 'done' || data.completeUrl),
      data,
      icon: ICON,
      badge: BADGE,
    }),
  );
});

/** The token of a one-tap "done" link (`/done?token=…`), or null. */
function tokenOf(completeUrl) {
  try {
    return new URL(completeUrl, sw.location.origin).searchParams.get('token');
  } catch {
    return null;
  }
}

/** Focuses a Trellis window already open (showing `url`), or opens one. */
async function openApp(url) {
  const target = new URL(url || FALLBACK_URL, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url !== target && 'navigate' in focused) {
      return focused.navigate(target).catch(() => focused);
    }
    return focused;
  }
  return sw.clients.openWindow(target);
}

/**
 * "Done" from the notification: the task is completed through its signed link, without opening
 * the app; a short notification says so. If that fails, the /done page opens and says why.
 */
async function completeFromNotification(notification) {
  const { completeUrl } = notification.data ?? {};
  const token = completeUrl ? tokenOf(completeUrl) : null;
  if (!token) return openApp(notification.data?.url);
  try {
    const response = await fetch('/api/links/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!response.ok) return openApp(completeUrl);
    const result = await response.json();
    return sw.registration.showNotification(
      result.outcome === 'already_done' ? 'Already done' : 'Marked done',
      {
        body: result.taskTitle,
        tag: `${notification.tag || 'trellis'}-done`,
        icon: ICON,
        badge: BADGE,
        silent: true,
        data: { url: notification.data?.url ?? FALLBACK_URL, completeUrl: null },
      },
    );
  } catch {
    return openApp(completeUrl);
  }
}

sw.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  notification.close();
  event.waitUntil(
    event.action === 'done'
      ? completeFromNotification(notification)
      : openApp(notification.data?.url),
  );
});

/** A subscription's auth secret (base64url), as PushSubscription.toJSON() gives it, or null. */
function authSecretOf(subscription) {
  try {
    const auth = subscription.toJSON?.().keys?.auth;
    if (typeof auth === 'string' && auth !== '') return auth;
    const key = subscription.getKey?.('auth');
    if (!key) return null;
    const base64 = btoa(String.fromCharCode(...new Uint8Array(key)));
    return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  } catch {
    return null;
  }
}

/**
 * The push service replaced this browser's subscription. The worker has no sign-in: it proves it
 * is the browser that held the old subscription with that subscription's auth secret, which only
 * this browser and the server know (the push service never sees it), and the server moves the
 * saved browser over. Without an old subscription and its secret there is nothing to prove which
 * browser this is; the person turns notifications on again in the app, signed in.
 */
async function renewSubscription(event) {
  const old = event.oldSubscription;
  const oldAuth = old ? authSecretOf(old) : null;
  if (!old || !oldAuth) return;
  try {
    const renewed =
      event.newSubscription ??
      (await sw.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: old.options?.applicationServerKey,
      }));
    await fetch('/api/channels/push/renew', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ oldEndpoint: old.endpoint, oldAuth, subscription: renewed.toJSON() }),
    });
  } catch {
    // Notifications withdrawn or offline: the server falls back to email when pushes stop arriving.
  }
}

sw.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event));
});
