import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// The record of the daily top three's deliveries (issue: the daily top three by email, SMS and
// push), and sending today's now.

export const deliveryStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'opened',
  'failed',
  'skipped',
] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const attemptSchema = z.object({
  attempt: z.int().min(1),
  status: z.enum(['sent', 'delivered', 'opened', 'failed']),
  /** Why it failed, in words a person can act on. */
  error: z.string().nullable(),
  /** The failure will not go away by retrying (bad address, gone subscription). */
  permanent: z.boolean(),
  at: timestampSchema,
});
export type Attempt = z.infer<typeof attemptSchema>;

export const deliverySchema = z.object({
  id: z.uuid(),
  channel: deliveryChannelSchema,
  localDate: localDateSchema,
  /** "07:30", or "now" for one the user asked for from /schedule. */
  slot: z.string(),
  status: deliveryStatusSchema,
  /** Where it went: an email address, a masked phone number, or "this browser" names. */
  to: z.string().nullable(),
  scheduledFor: timestampSchema,
  sentAt: timestampSchema.nullable(),
  /** The delivery on another channel this one replaces after a permanent failure. */
  fallbackOf: z.uuid().nullable(),
  /** The task titles it carried, in order. */
  tasks: z.array(z.string()),
  attempts: z.array(attemptSchema),
  /** The last failure or skip reason. */
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const DELIVERY_PAGE_SIZE = 20;

export const deliveryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(DELIVERY_PAGE_SIZE),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const deliveryListSchema = z.object({
  deliveries: z.array(deliverySchema),
  nextCursor: z.string().nullable(),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

/** POST /api/deliveries/send-now: today's top three now, on every enabled channel. */
export const sendNowResultSchema = z.object({ deliveries: z.array(deliverySchema) });
export type SendNowResult = z.infer<typeof sendNowResultSchema>;

export const deliveryPaths = {
  deliveries: apiPath('/api/deliveries'),
  sendNow: apiPath('/api/deliveries/send-now'),
} as const;
