import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryChannels, type Channels } from '#contracts/delivery.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import type { Db } from '#server/db/client.ts';
import type { ChannelSender } from '#server/modules/channels/channel-sender.ts';
import { channelsRoutes } from '#server/modules/channels/channels.routes.ts';
import { createChannelsService } from '#server/modules/channels/channels.service.ts';
import type { ChannelStates } from '#server/modules/channels/recipients.ts';
import { devOutboxRoutes } from '#server/modules/dev-outbox/dev-outbox.routes.ts';
import { createDevOutboxService } from '#server/modules/dev-outbox/dev-outbox.service.ts';
import type { LinkSigner } from '#server/modules/links/link-claims.ts';
import { linksRoutes } from '#server/modules/links/links.routes.ts';
import { createLinksService } from '#server/modules/links/links.service.ts';
import { onboardingRoutes } from '#server/modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from '#server/modules/onboarding/onboarding.service.ts';
import type { DayContract, SlotOccurrence } from '#server/modules/schedule/day-contract.ts';
import { scheduleRoutes } from '#server/modules/schedule/schedule.routes.ts';
import { createScheduleService } from '#server/modules/schedule/schedule.service.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';
import { deliveriesRoutes } from './deliveries.routes.ts';
import { createDeliveriesService, markOpened } from './deliveries.service.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';

/**
 * What the delivery API needs from the delivery engine (server/delivery/delivery.module.ts),
 * declared here so the modules never import the engine: app.ts hands the engine in.
 */
export interface DeliveryEngine {
  /** Recomputes when the user's next delivery is due; inside `tx` when given. */
  refreshSchedule(userId: string, tx?: Db): Promise<unknown>;
  /** Which channels can deliver to the user now. */
  activeChannels(userId: string, tx?: Db): Promise<ChannelStates>;
  /** Queues today's top three now on every active channel; the ids of the deliveries made. */
  sendNow(userId: string): Promise<string[]>;
  /** Checks signed links (a LinkError when forged or expired). */
  linkSigner: Pick<LinkSigner, 'verify'>;
}

export interface DeliveryApiDeps {
  db: Db;
  clock: () => Date;
  guard: AuthGuard;
  engine: DeliveryEngine;
  /** The SMS sender (for verification codes), the providers in use and the VAPID public key. */
  senders: { sms: ChannelSender; transports: Channels['transports']; vapidPublicKey: string };
  /** The day-contract arithmetic: the slots ahead (upcoming in #server/modules/schedule/day-contract.ts). */
  upcoming: (contract: DayContract, from: Date, days?: number) => SlotOccurrence[];
  verificationSmsText: (code: string) => string;
  /** Completing a task from a one-tap link goes through the tasks service. */
  tasks: Pick<TasksService, 'act'>;
  log: { warn(details: object, message: string): void };
}

/**
 * The daily delivery's product API: the day contract (/api/schedule), channels, onboarding, the
 * record of deliveries, the signed links in messages and the admins' dev outbox.
 */
export function createDeliveryApi(deps: DeliveryApiDeps) {
  const { db, clock, guard, engine } = deps;
  const limiter = createRateLimiter({ db, clock, namespace: 'delivery.' });
  const refreshSchedule = (userId: string, tx: Db) => engine.refreshSchedule(userId, tx);
  const activeChannels = async (userId: string, tx?: Db) => {
    const states = await engine.activeChannels(userId, tx);
    return deliveryChannels.filter((channel) => states[channel].active);
  };

  const schedule = createScheduleService({
    db,
    clock,
    upcoming: deps.upcoming,
    activeChannels,
    refreshSchedule,
  });
  const channels = createChannelsService({
    db,
    clock,
    sms: deps.senders.sms,
    transports: deps.senders.transports,
    vapidPublicKey: deps.senders.vapidPublicKey,
    verificationSmsText: deps.verificationSmsText,
    refreshSchedule,
    limiter,
    log: deps.log,
  });
  const deliveries = createDeliveriesService({
    db,
    activeChannels,
    sendNow: (userId) => engine.sendNow(userId),
    limiter,
  });
  const links = createLinksService({
    clock,
    verifyLink: (token) => engine.linkSigner.verify(token),
    actOnTask: (userId, taskId, action) => deps.tasks.act(userId, taskId, action),
    markOpened: (userId, deliveryId) => markOpened(db, userId, deliveryId, clock()),
    unsubscribe: (userId, channel) => channels.unsubscribe(userId, channel),
    limiter,
  });
  const onboarding = createOnboardingService({ db, clock });
  const outbox = createDevOutboxService({ db });

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(scheduleRoutes({ guard, schedule }));
    await app.register(channelsRoutes({ guard, channels }));
    await app.register(deliveriesRoutes({ guard, deliveries }));
    await app.register(onboardingRoutes({ guard, onboarding }));
    await app.register(linksRoutes({ links }));
    await app.register(devOutboxRoutes({ guard, outbox }));
  };
  return { schedule, channels, deliveries, links, onboarding, outbox, routes };
}
