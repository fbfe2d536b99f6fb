import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';
import { timestampSchema } from '#contracts/shared.ts';

// The admins' view of the dev outbox: what an unconfigured email, SMS or push provider would have
// sent.

export const outboxQuerySchema = z.object({
  channel: deliveryChannelSchema.optional(),
  /** Part of the recipient (case-insensitive). */
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  channel: deliveryChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  /** Absent in lists; GET /api/admin/outbox/{id} has it. */
  html: z.string().nullable().optional(),
  link: z.string().nullable(),
  template: z.string().nullable(),
  createdAt: timestampSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  nextCursor: z.string().nullable(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const adminOutboxPaths = {
  list: apiPath('/api/admin/outbox'),
  message: apiPath('/api/admin/outbox/:id'),
} as const;
