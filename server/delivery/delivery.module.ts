import { Counter, Gauge, type Registry } from 'prom-client';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { Database, Db } from '#server/db/client.ts';
import { getSetting, putSetting } from '#server/db/settings.repo.ts';
import type { Env } from '#server/env.ts';
import type { ResolveDayPicks } from '#server/modules/tasks/day-picks.ts';
import type { Resolve } from '#server/http/outbound.ts';
import { createChannelSenders, type ChannelLog, type ChannelSenders } from './channels/index.ts';
import { dayNotifications, insertDayNotifications } from './day-notifications.ts';
import { dispatchPass, type DispatcherDeps } from './dispatcher.ts';
import { withEngagementRollup } from './engagement-rollup.ts';
import { loadRecipients } from '#server/modules/channels/channels.service.ts';
import {
  insertDeliveries,
  queueDepth,
  refreshQueueStatistics,
} from '#server/modules/deliveries/deliveries.service.ts';
import {
  activeChannels as activeOf,
  channelStates,
  scheduledChannels,
  type ChannelStates,
} from '#server/modules/channels/recipients.ts';
import type { LinkSigner } from '#server/modules/links/link-claims.ts';
import { localDayOf, nextDeliveryAt } from '#server/modules/schedule/day-contract.ts';
import {
  loadScheduleState,
  refreshScheduleStatistics,
  setNextDeliveryAt,
} from '#server/modules/schedule/schedule.service.ts';
import { createLinkSigner } from './links.ts';
import { deliveryRows, schedulePass } from './scheduler.ts';

/** Workers wake each other through this channel (a send-now from any process). */
const WAKE_CHANNEL = 'trellis_delivery';
const STATISTICS_EVERY_MS = 5 * 60_000;
/** The settings row where workers report their last scheduler pass (the admins' System panel). */
const LAST_TICK_KEY = 'delivery.last_tick';
/** At most one report this often: a busy worker passes many times a second. */
const LAST_TICK_EVERY_MS = 30_000;

export interface DeliveryModule {
  senders: ChannelSenders;
  linkSigner: LinkSigner;
  /**
   * Recomputes delivery_schedules.next_delivery_at for a user after their schedule, channels or
   * subscriptions change (inside the caller's transaction when given). A slot already due but not
   * yet written keeps its place.
   */
  refreshSchedule(userId: string, tx?: Db): Promise<void>;
  /**
   * Today's top three now on every active channel (slot "now:<ISO instant>"); returns the
   * delivery ids (none when no channel is active). A worker sends them at once.
   */
  sendNow(userId: string): Promise<string[]>;
  /** Which channels can deliver to this user right now, and why not for the others. */
  activeChannels(userId: string, tx?: Db): Promise<ChannelStates>;
  /**
   * Scheduler passes until no user is due, then dispatcher passes until nothing is due (tests and
   * the bench drive the engine with this).
   */
  tick(): Promise<{ scheduled: number; sent: number; failed: number }>;
  /**
   * When a worker, in any process, last reported a scheduler pass (at most every 30 seconds);
   * null when none ever has.
   */
  lastTick(): Promise<Date | null>;
  /** Runs the worker: scheduler and dispatcher loops, woken by work and by the tick. */
  start(): void;
  /** Stops the loops, lets in-flight sends finish (bounded) and gives back unsent claims. */
  stop(): Promise<void>;
}

export interface DeliveryModuleDeps {
  db: Db;
  database: Pick<Database, 'listen' | 'notify' | 'kind'>;
  env: Env;
  clock: () => Date;
  log: ChannelLog & { debug?(object: Record<string, unknown>, message: string): void };
  /** Tests inject senders; otherwise the settings choose them (server/delivery/channels). */
  senders?: ChannelSenders;
  /** DNS for the push endpoints' check at send time (tests pass their own). */
  resolve?: Resolve;
  /** Deliveries counters and the queue gauge go here when given (the app's /metrics). */
  metrics?: Registry;
  random?: () => number;
  /** The tasks module's resolveDayPicks: freezes the day's top three inside the caller's transaction. */
  dayPicks: ResolveDayPicks;
  /**
   * One pass of the weekly insights (the insights module's weeklyInsightsPass), run beside each
   * scheduler pass; `claimed` equal to the batch size means more are due.
   */
  weeklyInsights?: () => Promise<{ claimed: number }>;
  /** One pass of the coaches' proactive check-ins (the coaching module's checkInsPass), likewise. */
  checkIns?: () => Promise<{ claimed: number }>;
}

const NO_ACCOUNT: ChannelStates = {
  email: { active: false, reason: 'No account has this id.' },
  sms: { active: false, reason: 'No account has this id.' },
  push: { active: false, reason: 'No account has this id.' },
};

function registerMetrics(registry: Registry, db: Db) {
  const outcomes = new Counter({
    name: 'trellis_deliveries_total',
    help: 'Delivery outcomes recorded by this process, by channel and status',
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'trellis_delivery_queue',
    help: 'Deliveries waiting (queued) or in flight (sending), by channel',
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // A scrape while the database is away shows no queue rather than failing /metrics.
      const rows = await queueDepth(db).catch(() => []);
      for (const row of rows) this.set({ channel: row.channel, status: row.status }, row.count);
    },
  });
  return (channel: DeliveryChannel, status: string) => outcomes.inc({ channel, status });
}

/**
 * The passes that run beside each scheduler pass (weekly insights, check-ins); true when one
 * claimed a full batch (more due). A failing pass is logged and tried again at the next tick.
 */
async function sidePasses(deps: DeliveryModuleDeps, batchSize: number): Promise<boolean> {
  const passes = [
    ['weekly insights', deps.weeklyInsights],
    ['check-ins', deps.checkIns],
  ] as const;
  let more = false;
  for (const [name, pass] of passes) {
    if (!pass) continue;
    try {
      if ((await pass()).claimed === batchSize) more = true;
    } catch (error: unknown) {
      deps.log.error({ err: error }, `${name} pass failed; trying again at the next tick`);
    }
  }
  return more;
}

/**
 * Waits for the loops' in-flight sends to finish, at most 80 % of the shutdown timeout; past that
 * bound their rows come back to the queue when their lease runs out.
 */
async function finishInFlight(
  running: Promise<unknown>,
  shutdownTimeoutMs: number,
  log: DeliveryModuleDeps['log'],
): Promise<void> {
  const bound = Math.max(1000, Math.floor(shutdownTimeoutMs * 0.8));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), bound);
  });
  const how = await Promise.race([running.then(() => 'done' as const), timedOut]);
  clearTimeout(timer);
  if (how === 'timeout')
    log.warn({ boundMs: bound }, 'delivery worker stopped before its sends finished');
}

/**
 * Reports a scheduler pass in system_settings (at most every LAST_TICK_EVERY_MS), so any process
 * can tell how the worker is doing (the admins' System panel).
 */
function tickReporter(deps: Pick<DeliveryModuleDeps, 'db' | 'clock' | 'log'>) {
  let reportedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = performance.now();
    if (at - reportedAt < LAST_TICK_EVERY_MS) return;
    reportedAt = at;
    const now = deps.clock();
    await putSetting(deps.db, LAST_TICK_KEY, { at: now.toISOString() }, now).catch(
      (error: unknown) =>
        deps.log.warn({ err: error }, 'could not report the delivery worker tick'),
    );
  };
}

async function lastTick(db: Db): Promise<Date | null> {
  const value = await getSetting<{ at?: unknown }>(db, LAST_TICK_KEY);
  return typeof value?.at === 'string' ? new Date(value.at) : null;
}

export async function createDeliveryModule(deps: DeliveryModuleDeps): Promise<DeliveryModule> {
  const { db, database, env, clock, log } = deps;
  const resolve = deps.resolve ? { resolve: deps.resolve } : {};
  const senders = deps.senders ?? (await createChannelSenders({ env, db, log, ...resolve }));
  const linkSigner = await createLinkSigner({ db, clock });
  const onRecorded = deps.metrics ? registerMetrics(deps.metrics, db) : undefined;

  let stopping = false;
  const dispatcherDeps: DispatcherDeps = {
    db,
    clock,
    senders,
    linkSigner,
    publicUrl: env.PUBLIC_URL,
    batchSize: env.DELIVERY_BATCH_SIZE,
    concurrency: env.DELIVERY_CONCURRENCY,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    leaseMs: env.DELIVERY_LEASE_SECONDS * 1000,
    log,
    stopping: () => stopping,
    ...(deps.random ? { random: deps.random } : {}),
    ...(onRecorded ? { onRecorded } : {}),
  };
  const schedulerDeps = {
    db,
    clock,
    batchSize: env.DELIVERY_BATCH_SIZE,
    log,
    dayPicks: deps.dayPicks,
  };

  // PGlite has no autovacuum: a full claim (a busy morning) refreshes the queue tables' planner
  // statistics, at most every STATISTICS_EVERY_MS, so claims keep walking their index.
  let analyzedAt = Number.NEGATIVE_INFINITY;
  const busy = async (claimedFull: boolean) => {
    if (!claimedFull || database.kind !== 'pglite') return;
    const at = performance.now();
    if (at - analyzedAt < STATISTICS_EVERY_MS) return;
    analyzedAt = at;
    try {
      await refreshScheduleStatistics(db);
      await refreshQueueStatistics(db);
    } catch (error: unknown) {
      log.warn({ err: error }, 'could not refresh planner statistics');
    }
  };

  // --- The worker loops -------------------------------------------------------------------------
  type Loop = 'scheduler' | 'dispatcher';
  const wakers: Record<Loop, (() => void) | null> = { scheduler: null, dispatcher: null };
  const pending: Record<Loop, boolean> = { scheduler: false, dispatcher: false };
  const wake = (loop: Loop) => {
    pending[loop] = true;
    wakers[loop]?.();
  };
  const nap = (loop: Loop) =>
    new Promise<void>((resolve) => {
      if (pending[loop] || stopping) {
        pending[loop] = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, env.DELIVERY_TICK_MS);
      function done() {
        clearTimeout(timer);
        wakers[loop] = null;
        pending[loop] = false;
        resolve();
      }
      wakers[loop] = done;
    });

  const reportTick = tickReporter(deps);
  const schedulerLoop = async () => {
    while (!stopping) {
      await reportTick();
      let more = false;
      try {
        const result = await schedulePass(schedulerDeps);
        if (result.users > 0) log.debug?.({ ...result }, 'delivery scheduler pass');
        if (result.queued > 0) wake('dispatcher');
        more = result.users === env.DELIVERY_BATCH_SIZE;
        await busy(more);
      } catch (error: unknown) {
        log.error({ err: error }, 'delivery scheduler pass failed; trying again at the next tick');
      }
      if (await sidePasses(deps, env.DELIVERY_BATCH_SIZE)) more = true;
      if (!more) await nap('scheduler');
    }
  };
  const dispatcherLoop = async () => {
    while (!stopping) {
      let more = false;
      try {
        const result = await dispatchPass(dispatcherDeps);
        if (result.claimed > 0) log.debug?.({ ...result }, 'delivery dispatcher pass');
        more = result.claimed > 0;
        await busy(result.claimed === env.DELIVERY_BATCH_SIZE);
      } catch (error: unknown) {
        log.error({ err: error }, 'delivery dispatcher pass failed; trying again at the next tick');
      }
      if (!more) await nap('dispatcher');
    }
  };

  let loops: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  // --- The API's door ---------------------------------------------------------------------------
  const states = async (tx: Db, userId: string): Promise<ChannelStates> => {
    const facts = (await loadRecipients(tx, [userId])).get(userId);
    return facts ? channelStates(facts) : NO_ACCOUNT;
  };

  const module: DeliveryModule = {
    senders,
    linkSigner,

    async refreshSchedule(userId, tx) {
      const run = async (t: Db) => {
        const now = clock();
        const state = await loadScheduleState(t, userId, { lock: true });
        if (!state.saved) return;
        let next: Date | null = null;
        if (!state.paused) {
          const facts = (await loadRecipients(t, [userId])).get(userId);
          next = facts ? nextDeliveryAt(state.contract, now, scheduledChannels(facts)) : null;
          // A slot already due keeps its place: the scheduler writes it with the new contract.
          if (next && state.nextDeliveryAt && state.nextDeliveryAt <= now) {
            next = state.nextDeliveryAt;
          }
        }
        await setNextDeliveryAt(t, [{ userId, next }], now);
      };
      if (tx) await run(tx);
      else await db.transaction(run);
    },

    async sendNow(userId) {
      const ids = await db.transaction(async (tx) => {
        const now = clock();
        const facts = (await loadRecipients(tx, [userId])).get(userId);
        if (!facts) return [];
        const channels = activeOf(facts);
        if (channels.length === 0) return [];
        const { contract } = await loadScheduleState(tx, userId);
        const day = localDayOf(now, contract);
        const picks = await deps.dayPicks(tx, [{ userId, localDate: day.localDate }], now);
        const slot = `now:${now.toISOString()}`;
        const rows = deliveryRows(
          channels.map((channel) => ({
            userId,
            missed: false,
            occurrence: {
              channel,
              localDate: day.localDate,
              slot,
              at: now,
              localTime: '00:00',
              timeZone: day.timeZone,
              offsetChanged: false,
              notes: [],
            },
          })),
          picks,
        );
        const inserted = await insertDeliveries(tx, rows, now);
        await insertDayNotifications(tx, dayNotifications(rows, inserted), now);
        return inserted.map((row) => row.id);
      });
      if (ids.length > 0) {
        wake('dispatcher');
        await database
          .notify(WAKE_CHANNEL, 'dispatch')
          .catch((error: unknown) => log.warn({ err: error }, 'could not wake delivery workers'));
      }
      return ids;
    },

    async activeChannels(userId, tx) {
      return states(tx ?? db, userId);
    },

    lastTick: () => lastTick(db),

    async tick() {
      let scheduled = 0;
      for (;;) {
        const result = await schedulePass(schedulerDeps);
        scheduled += result.queued;
        if (result.users < env.DELIVERY_BATCH_SIZE) break;
        await busy(true);
      }
      while (await sidePasses(deps, env.DELIVERY_BATCH_SIZE));
      let sent = 0;
      let failed = 0;
      for (;;) {
        const result = await dispatchPass(dispatcherDeps);
        sent += result.sent;
        failed += result.failed;
        if (result.claimed === 0) break;
        await busy(result.claimed === env.DELIVERY_BATCH_SIZE);
      }
      return { scheduled, sent, failed };
    },

    start() {
      if (loops) return;
      stopping = false;
      loops = Promise.all([schedulerLoop(), dispatcherLoop()]).then(() => undefined);
      database
        .listen(WAKE_CHANNEL, () => wake('dispatcher'))
        .then((stop) => {
          if (stopping) return stop();
          unlisten = stop;
        })
        .catch((error: unknown) =>
          log.warn({ err: error }, 'delivery workers cannot wake each other; the tick still runs'),
        );
      log.info(
        {
          tickMs: env.DELIVERY_TICK_MS,
          batchSize: env.DELIVERY_BATCH_SIZE,
          concurrency: env.DELIVERY_CONCURRENCY,
        },
        'delivery worker started',
      );
    },

    async stop() {
      stopping = true;
      wake('scheduler');
      wake('dispatcher');
      const running = loops;
      loops = null;
      if (running) await finishInFlight(running, env.SHUTDOWN_TIMEOUT_MS, log);
      const stop = unlisten;
      unlisten = null;
      await stop?.().catch(() => undefined);
    },
  };
  // The worker's housekeeping rides on its start and stop: old session events become daily totals.
  return withEngagementRollup(module, { db, clock, log });
}
