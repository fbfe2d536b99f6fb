import type { DeliveryChannel } from '#contracts/channels.ts';

// What a channel sender (server/delivery/channels: SMTP, the HTTP SMS provider, web push or the
// dev outbox) takes and answers. Declared here because the channels module sends verification
// codes through the same sender the delivery worker uses.

/** What a sender reports for one attempt. */
export type SendOutcome =
  { ok: true; providerMessageId: string | null } | { ok: false; permanent: boolean; error: string };

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
}

export interface PushContent {
  title: string;
  body: string;
  /** The service worker's notification actions (done, open). */
  actions: Array<{ action: string; title: string }>;
  /** What the service worker needs to act: the URL to open and the one-tap complete URL. */
  data: { url: string; completeUrl: string | null; deliveryId: string };
  tag: string;
}

/** A push subscription as web-push takes it. */
export interface PushTarget {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One message to one recipient on one channel. */
export type OutgoingMessage =
  | {
      channel: 'email';
      deliveryId: string;
      /** Stable per delivery: the Message-ID, so a retry of the same delivery is recognisable. */
      idempotencyKey: string;
      to: string;
      content: EmailContent;
      template: string;
    }
  | {
      channel: 'sms';
      deliveryId: string;
      idempotencyKey: string;
      to: string;
      text: string;
      template: string;
    }
  | {
      channel: 'push';
      deliveryId: string;
      idempotencyKey: string;
      /** The user's address, for the dev outbox's "to". */
      to: string;
      target: PushTarget;
      content: PushContent;
      template: string;
    };

export interface ChannelSender {
  readonly channel: DeliveryChannel;
  /** 'smtp' | 'http' | 'web-push', or 'dev-outbox' when the provider is not configured. */
  readonly transport: string;
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): Promise<void>;
}
