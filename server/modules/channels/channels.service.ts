import { createChannelSettingsService } from './channel-settings.service.ts';
import type { ChannelsServiceDeps } from './channels-deps.ts';
import * as repo from './channels.repo.ts';
import { createPhoneVerificationService } from './phone-verification.service.ts';
import { createPushSubscriptionsService } from './push-subscriptions.service.ts';
import type { Db } from '#server/db/client.ts';
import type { RecipientFacts } from './recipients.ts';

/**
 * The user's delivery channels (/settings#notifications): email to the account address, SMS to
 * a number verified by a code, push to the browsers that subscribed. Every change recomputes the
 * user's next delivery in the same transaction. One object, assembled from one service per flow.
 */
export function createChannelsService(deps: ChannelsServiceDeps) {
  const settings = createChannelSettingsService(deps);
  return {
    ...settings,
    ...createPhoneVerificationService(deps, settings.get),
    ...createPushSubscriptionsService(deps, settings.get),
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;

// The delivery worker's door (server/delivery): plain functions that run in the worker's
// transaction, so a scheduler pass or an outcome batch stays one unit.

/** Who can receive a delivery on which channel, for many users; deleted accounts are left out. */
export function loadRecipients(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, RecipientFacts>> {
  return repo.loadRecipients(db, userIds);
}

/** Gone push subscriptions and ones that took a message, as the push service answered. */
export function recordPushResults(
  db: Db,
  results: ReadonlyArray<{ id: string; gone: boolean }>,
  now: Date,
): Promise<void> {
  return repo.recordPushResults(db, results, now);
}
