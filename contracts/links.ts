import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { deliveryChannelSchema } from '#contracts/channels.ts';

// The signed links in messages: they work without sign-in, the token is the proof.

export const linkTokenBodySchema = z.object({ token: z.string().min(20).max(2000) });

export const completeLinkBodySchema = linkTokenBodySchema.extend({
  /** Complete it even though the person skipped it in the app (they said yes when asked). */
  evenIfSkipped: z.boolean().optional(),
});

export const completeLinkResultSchema = z.object({
  taskTitle: z.string(),
  /**
   * 'done' now, 'already_done' when it was done before, or 'skipped' when the person skipped it in
   * the app since the message went out: nothing changed, and the page asks before completing it.
   */
  outcome: z.enum(['done', 'already_done', 'skipped']),
});
export type CompleteLinkResult = z.infer<typeof completeLinkResultSchema>;

export const unsubscribeResultSchema = z.object({ channel: deliveryChannelSchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const linkPaths = {
  complete: apiPath('/api/links/complete'),
  unsubscribe: apiPath('/api/links/unsubscribe'),
} as const;
