import type { z } from 'zod';
import type { OutboxList, OutboxMessage, outboxQuerySchema } from '#contracts/admin-outbox.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { deliveryChannels } from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor } from '#server/http/page-cursor.ts';
import * as repo from './admin-outbox.repo.ts';

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

/**
 * The dev outbox as admins browse it: every message an unconfigured provider would have sent,
 * other people's links included, which is why only admins may read it.
 */
export function createAdminOutboxService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(query: z.output<typeof outboxQuerySchema>): Promise<OutboxList> {
      const rows = await repo.listOutbox(db, {
        limit: query.limit + 1,
        ...(query.channel ? { channel: query.channel } : {}),
        ...(query.to ? { to: query.to } : {}),
        ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        messages: page.map(toMessage),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.createdAt, id: last.id })
            : null,
      };
    },

    async get(id: string): Promise<OutboxMessage> {
      const row = await repo.findOutboxMessage(db, id);
      if (!row) throw new AppError('not_found', 'No outbox message has this id.');
      return { ...toMessage(row), html: row.html };
    },
  };
}

export type AdminOutboxService = ReturnType<typeof createAdminOutboxService>;
