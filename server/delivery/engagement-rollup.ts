import type { Db } from '#server/db/client.ts';
import { rollUpEngagement } from '#server/modules/engagement/engagement.service.ts';
import type { ChannelLog } from './channels/index.ts';

/** How often the worker folds session events older than 90 days (ADR 027). */
export const ENGAGEMENT_ROLLUP_EVERY_MS = 60 * 60_000;

/**
 * The worker's periodic roll-up of old session events: once at start, then every `everyMs`.
 * Any number of workers may run it: one pass at a time holds the roll-up's lock, the others skip.
 * Returns stop(), which waits for a pass in flight.
 */
export function startEngagementRollup(deps: {
  db: Db;
  clock: () => Date;
  log: ChannelLog;
  everyMs?: number;
}): () => Promise<void> {
  const everyMs = deps.everyMs ?? ENGAGEMENT_ROLLUP_EVERY_MS;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = () => {
    running = rollUpEngagement(deps.db, deps.clock())
      .then((folded) => {
        if (folded.sessions > 0) deps.log.info({ ...folded }, 'engagement events rolled up');
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'engagement roll-up failed; trying again at the next pass');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(pass, everyMs);
      });
  };
  pass();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/**
 * The delivery worker with the roll-up beside it: started with the worker (in the web process or
 * `npm run worker`), stopped with it.
 */
export function withEngagementRollup<M extends { start(): void; stop(): Promise<void> }>(
  worker: M,
  deps: { db: Db; clock: () => Date; log: ChannelLog },
): M {
  let stopRollup: (() => Promise<void>) | null = null;
  return {
    ...worker,
    start() {
      worker.start();
      stopRollup ??= startEngagementRollup(deps);
    },
    async stop() {
      await worker.stop();
      const stop = stopRollup;
      stopRollup = null;
      await stop?.();
    },
  };
}
