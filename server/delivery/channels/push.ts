import type webpush from 'web-push';
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
  fetch?: typeof fetch;
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
 * request goes out with fetch, so it has a deadline like every other provider call.
 */
export function createWebPushSender(options: WebPushSenderOptions): ChannelSender {
  const doFetch = options.fetch ?? fetch;
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
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          // fetch sets the length itself.
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await doFetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await response.text().catch(() => '');
        const failure = classifyPushStatus(response.status, body);
        if (failure) return failure;
        // Push services answer with the message's own URL.
        return { ok: true, providerMessageId: response.headers.get('location') };
      } catch (error: unknown) {
        const name = error instanceof Error ? error.name : '';
        if (name === 'TimeoutError' || name === 'AbortError')
          return {
            ok: false,
            permanent: false,
            error: `The push service did not answer within ${timeoutMs} ms`,
          };
        const cause =
          error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
        const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
        return { ok: false, permanent: false, error: `Could not reach the push service${code}` };
      }
    },
    async close() {},
  };
}
