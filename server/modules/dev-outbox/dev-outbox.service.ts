import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { OutboxList, OutboxMessage, outboxQuerySchema } from '#contracts/admin-outbox.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { deliveryChannels } from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { keysetPage } from '#server/http/page-cursor.ts';
import * as repo from './dev-outbox.repo.ts';

function channelOf(value: string): DeliveryChannel {
  // Rows are written by the senders of these three channels only.
  return (deliveryChannels as readonly string[]).includes(value)
    ? (value as DeliveryChannel)
    : 'email';
}

function toMessage(row: repo.ListedOutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: channelOf(row.channel),
    to: row.to,
    subject: row.subject,
    text: row.text,
    link: row.link,
    template: row.template,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message an unconfigured provider keeps instead of sending it. */
export interface OutboxEntry {
  channel: DeliveryChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** The link a person on a fresh machine follows (sign-in, confirm, complete a task). */
  link: string | null;
  template: string;
}

/**
 * The dev outbox: `record` is the door of the transports that stand in for an unconfigured
 * provider (email, SMS, push); `list` and `get` are the admins' view of every message they kept,
 * other people's links included, which is why only admins may read it.
 */
export function createDevOutboxService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Stores one message; its id. */
    async record(entry: OutboxEntry): Promise<string> {
      const id = randomUUID();
      await repo.insertOutboxMessage(db, { id, ...entry });
      return id;
    },

    async list(query: z.output<typeof outboxQuerySchema>): Promise<OutboxList> {
      const { page, nextCursor } = await keysetPage(
        query,
        (window) =>
          repo.listOutbox(db, {
            ...window,
            ...(query.channel ? { channel: query.channel } : {}),
            ...(query.to ? { to: query.to } : {}),
          }),
        (row) => ({ at: row.createdAt, id: row.id }),
      );
      return { messages: page.map(toMessage), nextCursor };
    },

    async get(id: string): Promise<OutboxMessage> {
      const row = await repo.findOutboxMessage(db, id);
      if (!row) throw new AppError('not_found', 'No outbox message has this id.');
      return { ...toMessage(row), html: row.html };
    },
  };
}

export type DevOutboxService = ReturnType<typeof createDevOutboxService>;
