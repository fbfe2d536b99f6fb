import { LinkError, type LinkClaims } from './link-claims.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { CompleteLinkResult, UnsubscribeResult } from '#contracts/links.ts';
import type { TaskAction, TaskActionResult } from '#contracts/tasks.ts';

import { AppError } from '#server/errors.ts';
import type { RateLimiter, RateRule } from '#server/lib/rate-limiter.ts';

export interface LinksServiceDeps {
  clock: () => Date;
  /** Checks a link's signature and expiry; throws a LinkError when forged or expired. */
  verifyLink: (token: string) => Promise<LinkClaims>;
  /** The tasks service's act, scoped to the user the link was made for. */
  actOnTask: (userId: string, taskId: string, action: TaskAction) => Promise<TaskActionResult>;
  /** A task's title and status, or null when the user has no such task. */
  findTask: (userId: string, taskId: string) => Promise<{ title: string; status: string } | null>;
  /** Records that the message a link came from was opened (its reader followed the link). */
  markOpened: (userId: string, deliveryId: string) => Promise<unknown>;
  /** Turns a channel off for the user, remembering the unsubscribe. */
  unsubscribe: (userId: string, channel: DeliveryChannel) => Promise<void>;
  limiter: RateLimiter;
}

export const linkMessages = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired. Open Trellis to mark the task done.',
  expiredUnsubscribe:
    'This link has expired. Open Trellis and turn the channel off in Settings → Notifications.',
  taskGone: 'This task no longer exists.',
} as const;

const linkRule: RateRule = {
  name: 'links_ip',
  limit: 60,
  windowSeconds: 600,
  message: 'Too many links opened from this network. Wait a few minutes and try again.',
};

/**
 * The signed links in messages, followed without signing in: complete a task with one tap, or
 * unsubscribe a channel (also RFC 8058 one-click from mail clients). A link acts only for the
 * user it was made for, and only as its kind says.
 */
export function createLinksService(deps: LinksServiceDeps) {
  async function claimsOf(
    token: string,
    kind: LinkClaims['kind'],
    expired: string,
  ): Promise<LinkClaims> {
    let claims: LinkClaims;
    try {
      claims = await deps.verifyLink(token);
    } catch (error: unknown) {
      if (!(error instanceof LinkError)) throw error;
      throw new AppError(
        'invalid_input',
        error.reason === 'expired' ? expired : linkMessages.invalid,
      );
    }
    if (claims.kind !== kind) throw new AppError('invalid_input', linkMessages.invalid);
    return claims;
  }

  return {
    /**
     * Completes the task the link names. A task the person skipped in the app since the message
     * went out is left alone unless they confirm (`evenIfSkipped`): skipping was a choice, and a
     * tap on an old message should not undo it silently.
     */
    async complete(
      token: string,
      ip: string,
      options: { evenIfSkipped?: boolean } = {},
    ): Promise<CompleteLinkResult> {
      await deps.limiter.hit(`ip:${ip}`, linkRule);
      const claims = await claimsOf(token, 'complete', linkMessages.expired);
      if (claims.kind !== 'complete') throw new AppError('invalid_input', linkMessages.invalid);
      await deps.markOpened(claims.userId, claims.deliveryId);
      if (!options.evenIfSkipped) {
        const current = await deps.findTask(claims.userId, claims.taskId);
        if (!current) throw new AppError('not_found', linkMessages.taskGone);
        if (current.status === 'skipped') return { taskTitle: current.title, outcome: 'skipped' };
      }
      const before = deps.clock().getTime();
      let result: TaskActionResult;
      try {
        result = await deps.actOnTask(claims.userId, claims.taskId, { action: 'complete' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          throw new AppError('not_found', linkMessages.taskGone);
        }
        throw error;
      }
      const { task } = result;
      // Completing a done task changes nothing: its completion time stays the earlier one.
      const completedNow = task.completedAt !== null && Date.parse(task.completedAt) >= before;
      return { taskTitle: task.title, outcome: completedNow ? 'done' : 'already_done' };
    },

    async unsubscribe(token: string, ip: string): Promise<UnsubscribeResult> {
      await deps.limiter.hit(`ip:${ip}`, linkRule);
      const claims = await claimsOf(token, 'unsubscribe', linkMessages.expiredUnsubscribe);
      if (claims.kind !== 'unsubscribe') throw new AppError('invalid_input', linkMessages.invalid);
      await deps.unsubscribe(claims.userId, claims.channel);
      return { channel: claims.channel };
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
