import type { PushSubscriptionInput } from '#contracts/channels.ts';

/** The service worker that shows pushed notifications and handles their actions. */
export const SERVICE_WORKER_URL = '/sw.js';

export type PushSupport = 'supported' | 'unsupported';

/** Whether this browser can receive web push at all (an iPhone needs the app on its home screen). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  return 'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator &&
    window.isSecureContext !== false
    ? 'supported'
    : 'unsupported';
}

/** The notification permission the browser holds for this site. */
export function pushPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** A VAPID key as PushManager.subscribe takes it: base64url → bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Registers the service worker (idempotent) and waits until it is active. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The person (or an earlier choice) did not allow notifications: 'denied', or 'default' when the prompt was dismissed. */
export class PushPermissionDenied extends Error {
  constructor(readonly permission: NotificationPermission) {
    super('Notifications are not allowed for this site.');
    this.name = 'PushPermissionDenied';
  }
}

/**
 * Asks the browser's permission, registers the service worker and subscribes this device with the
 * server's VAPID key. Resolves to what the server stores; throws PushPermissionDenied when the
 * person (or an earlier choice) says no.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied(permission);
  const registration = await registerServiceWorker();
  const key = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another server key cannot receive this server's pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** This device's current push endpoint, if it has one (to tell "this device" in the list). */
export async function currentEndpoint(): Promise<string | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}
