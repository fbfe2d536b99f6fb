import type {
  ChannelSender,
  OutgoingMessage,
  SendOutcome,
} from '#server/modules/channels/channel-sender.ts';
import type {
  DevOutboxService,
  OutboxEntry,
} from '#server/modules/dev-outbox/dev-outbox.service.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';

/** What the senders log through (Fastify's logger fits). */
export interface ChannelLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/** The first http(s) URL in a text, or null. */
export function firstUrl(text: string): string | null {
  return /https?:\/\/[^\s<>"']+/.exec(text)?.[0]?.replace(/[.,;:!?)\]]+$/, '') ?? null;
}

/** The outbox entry a message becomes: what a person on a fresh machine reads instead. */
function outboxEntry(message: OutgoingMessage): OutboxEntry {
  const base = { channel: message.channel, to: message.to };
  switch (message.channel) {
    case 'email':
      return {
        ...base,
        subject: message.content.subject,
        text: message.content.text,
        html: message.content.html,
        link: firstUrl(message.content.text),
        template: message.template,
      };
    case 'sms':
      return {
        ...base,
        subject: null,
        text: message.text,
        html: null,
        link: firstUrl(message.text),
        template: message.template,
      };
    case 'push':
      return {
        ...base,
        subject: message.content.title,
        text: message.content.body,
        html: null,
        link: message.content.data.url,
        template: message.template,
      };
  }
}

/**
 * Stores messages of an unconfigured provider in dev_outbox (admins browse it in the app) and logs
 * where each went and its link, so every flow works on a fresh machine.
 */
export function createDevOutboxSender(
  channel: DeliveryChannel,
  deps: { outbox: Pick<DevOutboxService, 'record'>; log: ChannelLog },
): ChannelSender {
  return {
    channel,
    transport: 'dev-outbox',
    async send(message): Promise<SendOutcome> {
      if (message.channel !== channel) {
        return {
          ok: false,
          permanent: true,
          error: `A ${message.channel} message reached the ${channel} sender`,
        };
      }
      const row = outboxEntry(message);
      let id: string;
      try {
        id = await deps.outbox.record(row);
      } catch (error: unknown) {
        deps.log.error({ err: error, channel }, 'dev outbox: could not store a message');
        return {
          ok: false,
          permanent: false,
          error: 'Could not store the message in the dev outbox',
        };
      }
      // A phone number is personal data: the log shows its last digits only.
      const to = channel === 'sms' ? `…${row.to.slice(-2)}` : row.to;
      deps.log.info(
        { channel, to, link: row.link, template: row.template },
        `dev outbox: ${channel} stored`,
      );
      return { ok: true, providerMessageId: id };
    },
    async close() {},
  };
}
