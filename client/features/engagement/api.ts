import { engagementPaths } from '#contracts/engagement.ts';
import type { SendEvents } from './tracker.ts';

// The tracker's one call to the API. /engagement-analytics's summary is read by the analytics
// feature (client/features/analytics/engagement-api.ts), which draws the screen.

/**
 * Sends a batch of session events with the token in the Authorization header (a beacon cannot
 * carry one) and keepalive, so a batch sent as the page goes away still arrives. A refusal for
 * good (400, 401, 403, 413) is not retried; an unreachable server or a 5xx is.
 */
export const sendSessionEvents: SendEvents = async (events, token) => {
  try {
    const response = await fetch(engagementPaths.events.href(), {
      method: 'POST',
      keepalive: true,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events, sentAt: new Date().toISOString() }),
    });
    if (response.ok) return 'sent';
    return response.status >= 500 || response.status === 429 ? 'retry' : 'drop';
  } catch {
    return 'retry';
  }
};
