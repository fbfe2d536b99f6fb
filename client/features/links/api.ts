import type { DeliveryChannel } from '#contracts/channels.ts';
import { completeLinkResultSchema, linkPaths, unsubscribeResultSchema } from '#contracts/links.ts';
import { apiRequest } from '#client/lib/api-client.ts';

// The signed-link routes take no sign-in: the token is the authority.
export function completeByLink(token: string, options: { evenIfSkipped?: boolean } = {}) {
  return apiRequest(completeLinkResultSchema, linkPaths.complete.href(), {
    method: 'POST',
    body: { token, ...(options.evenIfSkipped ? { evenIfSkipped: true } : {}) },
  });
}

export function unsubscribeByLink(token: string) {
  return apiRequest(unsubscribeResultSchema, linkPaths.unsubscribe.href(), {
    method: 'POST',
    body: { token },
  });
}

const channelCodes: Record<string, DeliveryChannel> = { e: 'email', s: 'sms', p: 'push' };

/**
 * The channel an unsubscribe link names, read from its (unverified) payload only to word the
 * button; the server checks the signature when the button is pressed. Null when unreadable.
 */
export function channelOfUnsubscribeToken(token: string): DeliveryChannel | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof json !== 'object' || json === null || !('c' in json)) return null;
    return typeof json.c === 'string' ? (channelCodes[json.c] ?? null) : null;
  } catch {
    return null;
  }
}

/** How a channel is named in "Unsubscribe from daily … messages". */
export const channelWords: Record<DeliveryChannel, string> = {
  email: 'email',
  sms: 'SMS',
  push: 'push',
};
