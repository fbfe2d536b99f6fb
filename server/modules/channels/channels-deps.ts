import { type Channels } from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import type { RateLimiter } from '#server/lib/rate-limiter.ts';
import type { ChannelSender } from './channel-sender.ts';

/** What the channels services are made from (assembled by the deliveries module). */
export interface ChannelsServiceDeps {
  db: Db;
  clock: () => Date;
  /** Sends the verification code (the dev outbox when no SMS provider is configured). */
  sms: ChannelSender;
  /** Which provider each channel uses, as the senders were built. */
  transports: Channels['transports'];
  /** The server's VAPID public key (base64url). */
  vapidPublicKey: string;
  /** The text of the verification SMS. */
  verificationSmsText: (code: string) => string;
  /** Recomputes when the user's next delivery is due, inside the caller's transaction. */
  refreshSchedule: (userId: string, tx: Db) => Promise<unknown>;
  /**
   * Why the server will not send to a push endpoint (not https on 443, a host off
   * PUSH_ENDPOINT_HOSTS, a private address after DNS), as the person reads it; null when it will.
   */
  checkPushEndpoint: (endpoint: string) => Promise<string | null>;
  limiter: RateLimiter;
  log: { warn(details: object, message: string): void };
}
