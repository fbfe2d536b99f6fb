import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { coachMessageSchema } from './coaching.ts';
import { notificationSchema } from './notifications.ts';

// GET /api/events: server-sent events for the signed-in user (Authorization header, never a token
// in the URL). Each message is `event: <name>` and `data: <JSON>`; comments (": ping") keep the
// connection open through proxies.

export const eventsPaths = { stream: apiPath('/api/events') } as const;
/** A comment line every this often, so idle proxies and load balancers keep the stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;

export const serverEventSchemas = {
  /** First message of every stream: the subscription is live. */
  ready: z.object({}),
  /** A notification was created for this user. */
  'notification.created': notificationSchema,
  /** Notifications changed elsewhere (read, unread, deleted, read-all): read the list again. */
  'notifications.changed': z.object({ unreadCount: z.number().int().min(0) }),
  /**
   * A coach wrote in one of the person's threads (a reply, a check-in, the crisis response):
   * its `coachId` names the thread. A message too large for an event arrives as `stale`.
   */
  'coach.message': coachMessageSchema,
  /**
   * To a human coach (ADR 035): a client shared, changed what they share, revoked the share (the
   * coach's open pages drop them at once) or wrote in the thread.
   */
  'coach-area.client': z.object({
    clientId: z.uuid(),
    change: z.enum(['shared', 'scopes', 'revoked', 'message']),
  }),
  /** An event was too large to carry: read again whatever `type` describes. */
  stale: z.object({ type: z.string() }),
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEvent = {
  [K in ServerEventName]: { type: K; data: z.infer<(typeof serverEventSchemas)[K]> };
}[ServerEventName];
