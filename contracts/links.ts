import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';

// The signed links in messages: they work without sign-in, the token is the proof.

export const linkTokenBodySchema = z.object({ token: z.string().min(20).max(2000) });

export const completeLinkResultSchema = z.object({
  taskTitle: z.string(),
  /** 'done' now, or 'already_done' when it was closed before. */
  outcome: z.enum(['done', 'already_done']),
});
export type CompleteLinkResult = z.infer<typeof completeLinkResultSchema>;

export const unsubscribeResultSchema = z.object({ channel: deliveryChannelSchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const linkPaths = {
  complete: apiPath('/api/links/complete'),
  unsubscribe: apiPath('/api/links/unsubscribe'),
} as const;
