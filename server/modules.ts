import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { deliveryChannels } from '#contracts/channels.ts';
import type { ConversationAi } from '#server/ai/conversation.ts';
import type { AiCallRecord, AiGateway } from '#server/ai/gateway.ts';
import { createLazyAiGateway, createLazyConversationGateway } from '#server/ai/lazy-gateway.ts';
import { useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import {
  createEngineChoice,
  ENGINE_CHOICE_KEY,
  type EngineChoice,
} from '#server/ai/engine-choice.ts';
import { aiSettingsFromEnv } from '#server/ai/settings.ts';
import { createAccountAdminService } from '#server/auth/account-admin.service.ts';
import { createAccountDeletionService } from '#server/auth/account-deletion.service.ts';
import { createAccountSessionsService } from '#server/auth/account-sessions.service.ts';
import { createAuthModule, type AuthModule } from '#server/auth/auth.module.ts';
import type { AuthGuard } from '#server/auth/guard.ts';
import { forgetOnStandingChanges } from '#server/auth/session-standing-cache.ts';
import type { MailTransport } from '#server/auth/mail/mailer.ts';
import type { Database, Db } from '#server/db/client.ts';
import { getSetting } from '#server/db/settings.repo.ts';
import type { ChannelSenders } from '#server/delivery/channels/index.ts';
import { verificationSmsText } from '#server/delivery/channels/sms.ts';
import { createDeliveryModule, type DeliveryModule } from '#server/delivery/delivery.module.ts';
import type { Env } from '#server/env.ts';
import { createEventBus, type EventBus } from '#server/events/event-bus.ts';
import { eventsRoutes } from '#server/events/events.routes.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { accountRoutes } from '#server/modules/account/account.routes.ts';
import { adminUsersRoutes } from '#server/modules/admin/users.routes.ts';
import { createAdminUsersService } from '#server/modules/admin/users.service.ts';
import { achievementsRoutes } from '#server/modules/achievements/achievements.routes.ts';
import { createAiAdminService } from '#server/modules/admin/ai-admin.service.ts';
import { operationsRoutes } from '#server/modules/admin/operations.routes.ts';
import { createOperationsService } from '#server/modules/admin/operations.service.ts';
import { createAchievementsService } from '#server/modules/achievements/achievements.service.ts';
import { createCheckinsService } from '#server/modules/experiments/checkins.service.ts';
import { createExperimentReads } from '#server/modules/experiments/experiment-reads.ts';
import { experimentsRoutes } from '#server/modules/experiments/experiments.routes.ts';
import { createExperimentsService } from '#server/modules/experiments/experiments.service.ts';
import { analyticsRoutes } from '#server/modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from '#server/modules/analytics/analytics.service.ts';
import { coachEffectivenessRoutes } from '#server/modules/analytics/coach-effectiveness.routes.ts';
import { createCoachEffectivenessService } from '#server/modules/analytics/coach-effectiveness.service.ts';
import { createWeekReview } from '#server/modules/analytics/week-review.service.ts';
import { checkInSignals } from '#server/modules/analytics/checkin-signals.service.ts';
import { historyRoutes } from '#server/modules/analytics/history.routes.ts';
import { createHistoryService } from '#server/modules/analytics/history.service.ts';
import { pushEndpointGuard, type OutboundGuard, type Resolve } from '#server/http/outbound.ts';
import { channelsRoutes } from '#server/modules/channels/channels.routes.ts';
import { createChannelsService } from '#server/modules/channels/channels.service.ts';
import { createAiUsageService } from '#server/modules/coaching/ai-usage.service.ts';
import { assessmentsRoutes } from '#server/modules/coaching/assessments.routes.ts';
import { createAssessmentsService } from '#server/modules/coaching/assessments.service.ts';
import { createCoachLinks } from '#server/modules/coach-links/coach-links.ts';
import { createChat } from '#server/modules/coaching/chat.ts';
import { checkInsPass } from '#server/modules/coaching/checkins.pass.ts';
import { seedOwnCoaches } from '#server/modules/coaching/coaches.service.ts';
import { createOwnCoaching } from '#server/modules/coaching/own-coaching.ts';
import { coachingRoutes } from '#server/modules/coaching/coaching.routes.ts';
import { createCoachingService } from '#server/modules/coaching/coaching.service.ts';
import { createSuggestionsService } from '#server/modules/coaching/suggestions.service.ts';
import { createTeamService } from '#server/modules/coaching/team.service.ts';
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from '#server/modules/dashboard/dashboard.service.ts';
import { deliveriesRoutes } from '#server/modules/deliveries/deliveries.routes.ts';
import {
  channelCounts,
  createDeliveriesService,
  markOpened,
  openedDates,
} from '#server/modules/deliveries/deliveries.service.ts';
import { engagementRoutes } from '#server/modules/engagement/engagement.routes.ts';
import { createEngagementService } from '#server/modules/engagement/engagement.service.ts';
import { devOutboxRoutes } from '#server/modules/dev-outbox/dev-outbox.routes.ts';
import { createDevOutboxService } from '#server/modules/dev-outbox/dev-outbox.service.ts';
import { createHistoryEntry } from '#server/modules/goals/goal-history.ts';
import { createGoalReads } from '#server/modules/goals/goal-reads.service.ts';
import { createPlanOrderService } from '#server/modules/goals/plan-order.service.ts';
import { goalsRoutes } from '#server/modules/goals/goals.routes.ts';
import { createGoalsService } from '#server/modules/goals/goals.service.ts';
import { createMilestonesService } from '#server/modules/goals/milestones.service.ts';
import { measurementsRoutes } from '#server/modules/goals/measurements.routes.ts';
import { createMeasurementsService } from '#server/modules/goals/measurements.service.ts';
import { monotonicClock } from '#server/modules/goals/monotonic-clock.ts';
import { createPlanService } from '#server/modules/goals/plan.service.ts';
import { createProgressService } from '#server/modules/goals/progress.service.ts';
import { insightsRoutes } from '#server/modules/insights/insights.routes.ts';
import { createInsightsService } from '#server/modules/insights/insights.service.ts';
import { weeklyInsightsPass } from '#server/modules/insights/weekly-pass.ts';
import { linksRoutes } from '#server/modules/links/links.routes.ts';
import { createLinksService } from '#server/modules/links/links.service.ts';
import { notificationsRoutes } from '#server/modules/notifications/notifications.routes.ts';
import {
  createNotificationsService,
  readCounts,
  type NotificationsService,
} from '#server/modules/notifications/notifications.service.ts';
import { onboardingRoutes } from '#server/modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from '#server/modules/onboarding/onboarding.service.ts';
import { profileRoutes } from '#server/modules/profile/profile.routes.ts';
import { createProfileService } from '#server/modules/profile/profile.service.ts';
import { upcoming } from '#server/modules/schedule/day-contract.ts';
import { scheduleRoutes } from '#server/modules/schedule/schedule.routes.ts';
import { createScheduleService } from '#server/modules/schedule/schedule.service.ts';
import { resolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import { createOccurrences } from '#server/modules/tasks/occurrences.service.ts';
import { createTaskRecords } from '#server/modules/tasks/task-records.service.ts';
import { tasksRoutes } from '#server/modules/tasks/tasks.routes.ts';
import { createTasksService } from '#server/modules/tasks/tasks.service.ts';
import { createTodayService } from '#server/modules/tasks/today.service.ts';
import { smsStatusRoutes } from '#server/modules/webhooks/sms-status.routes.ts';

// The one list of product modules: every service is built here, in one order, with the
// dependencies it is given, and every route is mounted from `routes` below. To know what is under
// /api, read this file; to add a module, see server/modules/README.md.

export interface ModulesDeps {
  env: Env;
  database: Database;
  clock: () => Date;
  /** Sign-in, tokens and account emails; `clock` unless the product's clock is moved (CLOCK_CONTROL). */
  authClock?: () => Date;
  log: FastifyBaseLogger;
  /** The app's /metrics registry (the delivery counters and queue gauge go there). */
  metrics: Registry;
  version?: string;
  /** Replaces the mail transport SMTP_URL would choose (tests capture emails with it). */
  mailTransport?: MailTransport;
  /** Replaces the AI gateway the AI_* settings would build (tests pass one with mock models). */
  ai?: AiGateway;
  /** Replaces the conversation's AI gateway the AI_* settings would build (tests: mock models). */
  conversation?: ConversationAi;
  /** Replaces the delivery channels' senders the settings would choose (tests record messages). */
  deliverySenders?: ChannelSenders;
  /** DNS for the URLs the server calls for people (push endpoints); tests pass their own. */
  resolveHost?: Resolve;
}

/** A module could not start: start-up stops with this message rather than serving without it. */
export class ModuleStartError extends Error {
  constructor(
    readonly module: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The ${module} module could not start: ${reason}`, { cause });
    this.name = 'ModuleStartError';
  }
}

async function starting<T>(module: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error: unknown) {
    throw new ModuleStartError(module, error);
  }
}

/**
 * Profile, goals, milestones, tasks, today's top three, the dashboard and the AI coach endpoints.
 * Goals, milestones and tasks are one aggregate (a plan writes tasks; a task moves its goal's
 * progress), so the services are built bottom-up, each given what it calls:
 *
 *   taskRecords ← progress ← goal reads ← occurrences ← today ← dashboard
 *   goal reads, today ← achievements ← goals, milestones, plan, tasks;  goal reads ← coaching
 *   the coach's suggestions ← goals, plan (accept them), coaching (records them)
 *   profile, goal reads ← experiments (reads, experiments, check-ins)
 */
function createPlanning(deps: {
  db: Db;
  clock: () => Date;
  ai: AiGateway;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;
  const profile = createProfileService({ db, clock });
  // One monotonic clock per table: rows written in one call keep their order.
  const taskStamp = monotonicClock(clock);
  const history = createHistoryEntry(monotonicClock(clock));
  const taskRecords = createTaskRecords({ stamp: taskStamp });
  const progress = createProgressService({
    history,
    tasks: taskRecords,
    log: deps.log,
    notify: (userId, notification) => deps.notifications.notify(userId, notification),
  });
  const reads = createGoalReads({ db, tasks: taskRecords });
  const occurrences = createOccurrences({ db, clock, stamp: taskStamp, progress });
  const today = createTodayService({
    db,
    clock,
    stamp: taskStamp,
    profile,
    goals: reads,
    occurrences,
  });
  // Reads goals, the streak's days and opened deliveries; the writers below call it in their
  // transactions.
  const achievements = createAchievementsService({
    db,
    clock,
    profile,
    goals: reads,
    today,
    openedDates: (tx, userId) => openedDates(tx, userId),
  });
  const suggestions = createSuggestionsService({ db, clock });
  const planning = { db, clock, profile, history, progress, achievements };
  const goals = createGoalsService({ ...planning, reads, suggestions, tasks: taskRecords });
  const milestones = createMilestonesService(planning);
  const plan = createPlanService({ ...planning, reads, suggestions, tasks: taskRecords });
  const measurements = createMeasurementsService({ db, clock, profile });
  const planOrder = createPlanOrderService({ db, clock, tasks: taskRecords });
  const tasks = createTasksService({
    db,
    clock,
    stamp: taskStamp,
    profile,
    goals: reads,
    progress,
    occurrences,
    days: today,
    achievements,
    notifications: deps.notifications,
    log: deps.log,
  });
  const dashboard = createDashboardService({ today, goals: reads });
  const coaching = createCoachingService({ profile, ai: deps.ai, goals: reads, suggestions });
  // Experiments may name one of the person's goals; the coach and insights call `propose`.
  const experimentReads = createExperimentReads({ db, profile, goals: reads });
  const experiments = createExperimentsService({ db, clock, goals: reads, reads: experimentReads });
  const checkins = createCheckinsService({ db, clock, reads: experimentReads });
  return {
    profile,
    reads,
    suggestions,
    goals,
    milestones,
    measurements,
    plan,
    planOrder,
    tasks,
    today,
    dashboard,
    coaching,
    achievements,
    experiments,
    checkins,
  };
}

/**
 * The daily delivery's product side: the day contract (/api/schedule), channels, the record of
 * deliveries, signed links, onboarding and the admins' dev outbox. They reach the engine only
 * through the functions handed in here.
 */
function createDeliveryApi(deps: {
  db: Db;
  clock: () => Date;
  engine: DeliveryModule;
  tasks: ReturnType<typeof createPlanning>['tasks'];
  achievements: ReturnType<typeof createPlanning>['achievements'];
  log: FastifyBaseLogger;
  pushEndpoints: OutboundGuard;
}) {
  const { db, clock, engine } = deps;
  const limiter = createRateLimiter({ db, clock, namespace: 'delivery.' });
  const refreshSchedule = (userId: string, tx: Db) => engine.refreshSchedule(userId, tx);
  const activeChannels = async (userId: string, tx?: Db) => {
    const states = await engine.activeChannels(userId, tx);
    return deliveryChannels.filter((channel) => states[channel].active);
  };
  const schedule = createScheduleService({ db, clock, upcoming, activeChannels, refreshSchedule });
  const channels = createChannelsService({
    db,
    clock,
    sms: engine.senders.sms,
    transports: engine.senders.transports,
    vapidPublicKey: engine.senders.vapidPublicKey,
    verificationSmsText,
    refreshSchedule,
    checkPushEndpoint: (endpoint) => deps.pushEndpoints.problem(endpoint),
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
    findTask: (userId, taskId) => deps.tasks.find(userId, taskId),
    // Opening a delivery may complete a week of them: the badge is awarded in the same transaction.
    markOpened: (userId, deliveryId) =>
      db.transaction(async (tx) => {
        const opened = await markOpened(tx, userId, deliveryId, clock());
        if (opened) await deps.achievements.check(tx, userId, ['deliveries']);
        return opened;
      }),
    unsubscribe: (userId, channel) => channels.unsubscribe(userId, channel),
    limiter,
  });
  // Completing onboarding creates the focus areas' coaches in the chosen tone (ADR 034).
  const onboarding = createOnboardingService({ db, clock, onCompleted: seedOwnCoaches });
  const outbox = createDevOutboxService({ db });
  return { schedule, channels, deliveries, links, onboarding, outbox };
}

/** The coaches' engine: AI_ENGINE, or the one an admin chose at run time (ADR 037). */
function engineChoiceOf(db: Db, env: Env): EngineChoice {
  return createEngineChoice({
    configured: aiSettingsFromEnv(env),
    read: () => getSetting(db, ENGINE_CHOICE_KEY),
  });
}

/**
 * The admin area's operations (ADR 016: it owns no tables; it composes the deliveries, coaching
 * and notifications modules' reads and the auth service): System, Deliveries, AI (ADR 037), Audit
 * log and Broadcast for admins, and the coach's engine in use for everyone signed in.
 */
function createAdminOperations(deps: {
  env: Env;
  database: Database;
  clock: () => Date;
  version?: string;
  delivery: DeliveryModule;
  deliveryApi: { deliveries: ReturnType<typeof createDeliveriesService> };
  engineChoice: EngineChoice;
}) {
  const { env, database, clock, delivery } = deps;
  const db = database.db;
  const operations = createOperationsService({
    db,
    clock,
    version: deps.version ?? 'dev',
    database,
    worker: {
      mode: env.DELIVERY_WORKER,
      tickMs: env.DELIVERY_TICK_MS,
      lastTick: () => delivery.lastTick(),
    },
    transports: delivery.senders.transports,
    deliveries: deps.deliveryApi.deliveries,
  });
  const ai = createAiAdminService({ db, clock, choice: deps.engineChoice });
  return { routes: (guard: AuthGuard) => operationsRoutes({ guard, operations, ai }) };
}

/**
 * The person's own account (sessions, deleting it from Settings) and the admin area's Users panel
 * (ADR 036): both through the auth service's functions, never the service-role key. Every change
 * that ends sessions or changes a role or ban makes this process's guard forget the user at once.
 */
function createAccountRoutes(deps: { db: Db; env: Env; clock: () => Date; auth: AuthModule }) {
  const { db, env, clock, auth } = deps;
  const forget = (userId: string) => auth.standing.forgetUser(userId);
  const sessions = createAccountSessionsService({ db, clock, onSessionsEnded: forget });
  const deletion = createAccountDeletionService({ db, env, clock, onDeleted: forget });
  const users = createAdminUsersService({
    db,
    clock,
    accounts: createAccountAdminService(auth.deps),
  });
  return {
    routes: accountRoutes({ guard: auth.guard, sessions, deletion }),
    adminRoutes: adminUsersRoutes({ guard: auth.guard, users }),
  };
}

/** Builds every product module; throws ModuleStartError naming the first one that cannot start. */
export async function createModules(deps: ModulesDeps) {
  const { env, database, clock, log } = deps;
  const db = database.db;

  // The Supabase-Auth-compatible service; its guard is what every product route takes. Phone
  // sign-in codes go through the delivery channels' SMS sender, built further down.
  let smsSender: ChannelSenders['sms'] | null = null;
  const auth = await starting('auth', async () => {
    const module = await createAuthModule({
      db,
      env,
      log,
      clock: deps.authClock ?? clock,
      sms: () => {
        const sender = smsSender;
        return sender ? (message) => sender.send(message) : null;
      },
      ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
      ...(deps.version ? { version: deps.version } : {}),
    });
    await module.ready().catch(async (error: unknown) => {
      await module.close();
      throw error;
    });
    return module;
  });
  const guard = auth.guard;
  const accounts = createAccountRoutes({ db, env, clock: deps.authClock ?? clock, auth });
  // Every process forgets a user's cached session standing when the database announces a change
  // (ADR 020); without the channel, what it remembers still expires within the TTL.
  const stopStandingChanges = await forgetOnStandingChanges(database, auth.standing).catch(
    (error: unknown) => {
      log.error({ err: error }, 'could not listen for session standing changes');
      return async () => undefined;
    },
  );
  const events = createEventBus(database, {
    onError: (error) => log.error({ err: error }, 'event bus'),
  });
  const notifications = createNotificationsService({ db, clock });
  useSentenceLayer(env.AI_CRISIS_SENTENCE_LAYER === 'on');
  // The AI gateways (goals and plans; the conversation). Every call is an ai_calls row and a
  // /metrics series; the per-person limits read the rows, after the crisis guard.
  const aiUsage = createAiUsageService({
    db,
    clock,
    limits: { requestsPerMinute: env.AI_REQUESTS_PER_MINUTE, tokensPerDay: env.AI_TOKENS_PER_DAY },
    metrics: deps.metrics,
    log,
  });
  // The engine in use: AI_ENGINE, or the one an admin chose (ADR 037), read at each call.
  const engineChoice = engineChoiceOf(db, env);
  const aiDeps = {
    settings: engineChoice.configured,
    current: () => engineChoice.current(),
    clock: { now: clock },
    recordCall: (record: AiCallRecord) => aiUsage.record(record),
    assertWithinLimits: (userId: string) => aiUsage.assertWithinLimits(userId),
  };
  const ai = deps.ai ?? createLazyAiGateway(aiDeps);
  const conversation = deps.conversation ?? createLazyConversationGateway(aiDeps);
  const planning = createPlanning({ db, clock, ai, notifications, log });
  // The read model (ADR 016): reads across the planning tables, writes none. The streak's days
  // come from the today flow, so the figure is the dashboard's.
  const analytics = createAnalyticsService({
    db,
    profile: planning.profile,
    doneDays: (userId) => planning.today.doneDays(userId),
  });
  const effectiveness = createCoachEffectivenessService({ db, profile: planning.profile });
  // /history's timeline reads tasks, goals and the coaching tables in one statement.
  const history = createHistoryService({ db, profile: planning.profile });
  // Weekly insights: figures from the read model, words from the offline coach, accepted
  // suggestions through the tasks service (an experiment through the experiments service); written by the delivery worker's pass below.
  const insights = createInsightsService({
    db,
    clock,
    profile: planning.profile,
    review: createWeekReview({ db, doneDays: (userId) => planning.today.doneDays(userId) }),
    tasks: planning.tasks,
    experiments: planning.experiments,
    limiter: createRateLimiter({ db, clock, namespace: 'insights.' }),
    log,
  });
  const weeklyInsights = () =>
    weeklyInsightsPass({
      db,
      clock,
      profile: planning.profile,
      insights,
      batchSize: env.DELIVERY_BATCH_SIZE,
      leaseMs: env.DELIVERY_LEASE_SECONDS * 1000,
      log,
    });
  // The tracker's session events and /engagement-analytics's figures, beside the deliveries' and
  // notifications' records (read through their modules) and /analytics's top three.
  const engagement = createEngagementService({
    db,
    clock,
    profile: planning.profile,
    analyticsSummary: (userId, query) => analytics.summary(userId, query),
    channelCounts,
    readCounts,
  });
  // The chat with an own coach: the person's figures, the streamed conversation and its proposals,
  // accepted through the tasks and experiments services.
  const chat = createChat({
    db,
    clock,
    ai: conversation,
    // Over the AI limits, the person's message is refused before it is stored (429).
    limits: aiUsage,
    profile: planning.profile,
    goals: planning.reads,
    today: planning.today,
    tasks: planning.tasks,
    experiments: planning.experiments,
    suggestions: planning.suggestions,
    log,
  });

  // Proactive check-ins: beside each scheduler pass, the first coach on a person's team writes
  // after an untouched top three or a quiet week (checkin-budget.ts), in its chat thread.
  const checkIns = () =>
    checkInsPass({
      db,
      clock,
      profile: planning.profile,
      signals: checkInSignals,
      facts: chat.facts,
      ai: conversation,
      postCheckIn: chat.postCheckIn,
      batchSize: env.DELIVERY_BATCH_SIZE,
      log,
    });
  // Daily delivery's engine. Its worker runs only where main.ts starts it (DELIVERY_WORKER).
  const delivery = await starting('delivery', () =>
    createDeliveryModule({
      db,
      database,
      env,
      clock,
      log,
      metrics: deps.metrics,
      dayPicks: resolveDayPicks,
      weeklyInsights,
      checkIns,
      ...(deps.deliverySenders ? { senders: deps.deliverySenders } : {}),
      ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
    }),
  ).catch(async (error: unknown) => {
    await Promise.all([auth.close(), events.close(), stopStandingChanges()]);
    throw error;
  });
  smsSender = delivery.senders.sms;
  const deliveryApi = createDeliveryApi({
    db,
    clock,
    engine: delivery,
    tasks: planning.tasks,
    achievements: planning.achievements,
    log,
    // The same rule the push sender applies again at each send (server/http/outbound.ts).
    pushEndpoints: pushEndpointGuard(env, deps.resolveHost),
  });
  // Coaching assessments start from onboarding's choices and award their badge in the
  // transaction that completes one; the coach team they add to is the coaching module's.
  const assessments = createAssessmentsService({
    db,
    clock,
    onboarding: deliveryApi.onboarding,
    achievements: planning.achievements,
  });
  const team = createTeamService({ db, clock });
  // The person's own coaches, memory, reflections, "Ask the team" and coaching preferences: the
  // same conversation gateway, the chat's reader of the person's figures and the same AI limits.
  const ownCoaching = createOwnCoaching({
    db,
    clock,
    ai: conversation,
    facts: chat.facts,
    limits: aiUsage,
    profile: planning.profile,
    defaultTone: async (userId) => (await deliveryApi.onboarding.get(userId)).coachTone,
  });

  // Sharing with human coaches (ADR 035): /coach reads through the owning modules' services.
  const { reflections } = ownCoaching;
  const coachLinks = createCoachLinks({ db, clock, ...planning, reflections, analytics, chat });
  const adminOperations = createAdminOperations({ ...deps, delivery, deliveryApi, engineChoice });

  /** Every route of the product, in one list. */
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(auth.routes, { prefix: '/auth/v1' });
    await app.register(accounts.routes);
    await app.register(
      eventsRoutes({ guard, events, maxStreamsPerUser: env.EVENTS_MAX_STREAMS_PER_USER }),
    );
    await app.register(
      notificationsRoutes({
        guard,
        notifications,
        serviceRoleKey: () => auth.keys.serviceRoleKey,
      }),
    );
    await app.register(profileRoutes({ guard, profile: planning.profile }));
    await app.register(coachingRoutes({ guard, coaching: planning.coaching }));
    await app.register(assessmentsRoutes({ guard, assessments, team }));
    await app.register(chat.routes(guard));
    await app.register(ownCoaching.routes(guard));
    await app.register(coachLinks.routes(guard));
    const { goals, milestones, plan, planOrder, tasks, today, dashboard } = planning;
    await app.register(goalsRoutes({ guard, goals, milestones, plan, planOrder }));
    await app.register(measurementsRoutes({ guard, measurements: planning.measurements }));
    await app.register(tasksRoutes({ guard, tasks, today }));
    await app.register(dashboardRoutes({ guard, dashboard }));
    await app.register(analyticsRoutes({ guard, analytics }));
    await app.register(coachEffectivenessRoutes({ guard, effectiveness }));
    await app.register(historyRoutes({ guard, history }));
    await app.register(insightsRoutes({ guard, insights }));
    await app.register(engagementRoutes({ guard, engagement }));
    await app.register(achievementsRoutes({ guard, achievements: planning.achievements }));
    await app.register(
      experimentsRoutes({ guard, experiments: planning.experiments, checkins: planning.checkins }),
    );
    await app.register(scheduleRoutes({ guard, schedule: deliveryApi.schedule }));
    await app.register(channelsRoutes({ guard, channels: deliveryApi.channels }));
    await app.register(deliveriesRoutes({ guard, deliveries: deliveryApi.deliveries }));
    await app.register(onboardingRoutes({ guard, onboarding: deliveryApi.onboarding }));
    await app.register(linksRoutes({ links: deliveryApi.links }));
    await app.register(devOutboxRoutes({ guard, outbox: deliveryApi.outbox }));
    await app.register(adminOperations.routes(guard));
    await app.register(accounts.adminRoutes);
    // The SMS provider's delivery receipts (signed by the provider; 404 while SMS is unconfigured).
    await app.register(smsStatusRoutes({ db, clock, env }));
  };

  /** Stops what the modules run, in the reverse order of their start. */
  const close = async (): Promise<void> => {
    await delivery.stop();
    await delivery.senders.close();
    await events.close();
    await stopStandingChanges();
    await auth.close();
  };

  // `conversation` (ConversationAi) for the chat, reflection and team services; `aiUsage` for a
  // limit check before a person's message is stored (the gateways check again before any engine).
  return { auth, events, notifications, delivery, routes, close, conversation, aiUsage };
}

/** What the app exposes of its modules to the entry points and tests (`app.auth`, …). */
export type { AuthModule, DeliveryModule, EventBus, NotificationsService };
