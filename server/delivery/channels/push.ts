import type { Agent } from 'node:https';
import type webpush from 'web-push';
import {
  guardedAgent,
  NOT_PUBLIC,
  postThrough,
  type OutboundGuard,
  type PostResult,
} from '#server/http/outbound.ts';
import type {
  ChannelSender,
  OutgoingMessage,
  SendOutcome,
} from '#server/modules/channels/channel-sender.ts';

/** A push the browser cannot show within 12 hours is stale: tomorrow brings a new top three. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** How long a push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;

/** The reason a push fails when the push service no longer knows the subscription (404, 410). */
export const PUSH_SUBSCRIPTION_EXPIRED = "The browser's push subscription has expired";

export interface WebPushSenderOptions {
  vapid: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT: mailto: or https:. */
  subject: string;
  timeoutMs?: number;
  /** PUSH_ENDPOINT_HOSTS and the public-address rule, checked again before every send. */
  guard: OutboundGuard;
  /**
   * The push service, for tests (the outside world); by default an https POST whose connection
   * goes through the guard's lookup, so only a checked public address is connected to.
   */
  post?: (
    url: string,
    init: { headers: Record<string, string>; body: Uint8Array | null; timeoutMs: number },
  ) => Promise<PostResult>;
}

/** A push service's Topic header: at most 32 URL-safe characters (a newer push replaces an older one). */
export function pushTopic(tag: string): string | null {
  const topic = tag
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return topic === '' ? null : topic;
}

/** How one answer of a push service counts. */
export function classifyPushStatus(status: number, body: string): SendOutcome | null {
  if (status >= 200 && status < 300) return null;
  const said = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  const detail = said ? `${status}: ${said}` : String(status);
  if (status === 404 || status === 410)
    return { ok: false, permanent: true, error: PUSH_SUBSCRIPTION_EXPIRED };
  if (status === 413)
    return { ok: false, permanent: true, error: `The push message is too large (${detail})` };
  if (status === 401 || status === 403)
    return {
      ok: false,
      permanent: true,
      error: `The push service refused this server's VAPID signature (${detail})`,
    };
  if (status === 429 || status >= 500)
    return {
      ok: false,
      permanent: false,
      error: `The push service is ${status === 429 ? 'busy' : 'unavailable'} (${status}), trying again later`,
    };
  return { ok: false, permanent: true, error: `The push service refused the message (${detail})` };
}

/**
 * Web push: web-push encrypts the payload for the subscription and signs the VAPID header; the
 * request goes out through the outbound guard (an endpoint saved before the rule, or a host that
 * now resolves to a private address, is refused), with a deadline like every other provider call.
 */
export function createWebPushSender(options: WebPushSenderOptions): ChannelSender {
  const { guard } = options;
  let agent: Agent | null = null;
  const post =
    options.post ?? ((url, init) => postThrough((agent ??= guardedAgent(guard)), url, init));
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return {
    channel: 'push',
    transport: 'web-push',
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      if (message.channel !== 'push')
        return { ok: false, permanent: true, error: `A ${message.channel} message reached push` };
      let request: webpush.RequestDetails;
      try {
        // web-push loads with the first push rather than at start-up.
        const { generateRequestDetails } = (await import('web-push')).default;
        const topic = pushTopic(message.content.tag);
        request = generateRequestDetails(
          { endpoint: message.target.endpoint, keys: message.target.keys },
          JSON.stringify(message.content),
          {
            vapidDetails: { subject: options.subject, ...options.vapid },
            TTL: PUSH_TTL_SECONDS,
            urgency: 'normal',
            ...(topic ? { topic } : {}),
          },
        );
      } catch (error: unknown) {
        const why = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          permanent: true,
          error: `The browser's push subscription is not usable (${why.slice(0, 200)})`,
        };
      }
      const refused = guard.urlProblem(request.endpoint);
      if (refused) return { ok: false, permanent: true, error: `Not sent: ${refused}` };
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await post(request.endpoint, {
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          timeoutMs,
        });
        const failure = classifyPushStatus(response.status, response.body);
        if (failure) return failure;
        // Push services answer with the message's own URL.
        const location = response.headers.location;
        return { ok: true, providerMessageId: typeof location === 'string' ? location : null };
      } catch (error: unknown) {
        const { name, message, code } = error as {
          name?: string;
          message?: string;
          code?: unknown;
        };
        if (code === NOT_PUBLIC)
          return {
            ok: false,
            permanent: true,
            error: `Not sent: ${message ?? 'not a public address'}`,
          };
        if (name === 'TimeoutError' || name === 'AbortError')
          return {
            ok: false,
            permanent: false,
            error: `The push service did not answer within ${timeoutMs} ms`,
          };
        const detail = typeof code === 'string' ? ` (${code})` : '';
        return { ok: false, permanent: false, error: `Could not reach the push service${detail}` };
      }
    },
    async close() {
      agent?.destroy();
    },
  };
}
