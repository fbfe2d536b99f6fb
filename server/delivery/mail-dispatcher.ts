import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import {
  MAIL_WAKE_CHANNEL,
  type MailOutbox,
  type MailTransport,
} from '#server/modules/mail/mail.service.ts';
import { sendMailPass, type MailPassResult } from './mail-send-pass.ts';

/**
 * The mail sender: mail_outbox rows → the mail transport (SMTP, or the dev outbox), with the
 * daily deliveries' policy (docs/decisions/015-one-mail-path.md). A pass claims due rows with a
 * lease, sends them outside any transaction, and records each outcome: sent (body cleared); a
 * temporary failure → queued again after 1 min × 2^(attempt−1), at most an hour, with jitter;
 * a permanent failure (a 5xx answer) or the last temporary one → failed. A row whose worker died
 * is claimed again when its lease runs out.
 */

export interface MailDispatcherSettings {
  batchSize: number;
  concurrency: number;
  maxAttempts: number;
  leaseMs: number;
  /** How often a sender with nothing to do looks again (emails from other processes). */
  tickMs: number;
  /** How long stop() lets in-flight sends finish. */
  stopTimeoutMs: number;
}

/** The deliveries' settings: one worker lifecycle, one policy. */
export function mailDispatcherSettings(env: Env): MailDispatcherSettings {
  return {
    batchSize: env.DELIVERY_BATCH_SIZE,
    concurrency: env.DELIVERY_CONCURRENCY,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    leaseMs: env.DELIVERY_LEASE_SECONDS * 1000,
    tickMs: env.DELIVERY_TICK_MS,
    stopTimeoutMs: Math.max(1000, Math.floor(env.SHUTDOWN_TIMEOUT_MS * 0.8)),
  };
}

export interface MailDispatcherLog {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface MailDispatcherDeps {
  outbox: MailOutbox;
  transport: MailTransport;
  clock: () => Date;
  settings: MailDispatcherSettings;
  log: MailDispatcherLog;
  /** Given in a worker process: emails enqueued elsewhere wake it (NOTIFY on commit). */
  listen?: Database['listen'];
  random?: () => number;
}

export function createMailDispatcher(deps: MailDispatcherDeps) {
  const { settings, log } = deps;
  let stopping = false;
  const sendPass = () => sendMailPass({ ...deps, stopping: () => stopping });

  // Passes in this process run one after another, so drain() also waits for the loop's pass.
  let chain: Promise<unknown> = Promise.resolve();
  const runPass = (): Promise<MailPassResult> => {
    const next = chain.then(sendPass);
    chain = next.catch(() => undefined);
    return next;
  };

  // --- The loop: a pass, then a nap until the tick or a wake ------------------------------------
  let pending = false;
  let waker: (() => void) | null = null;
  const wake = () => {
    pending = true;
    waker?.();
  };
  const nap = () =>
    new Promise<void>((resolve) => {
      if (pending || stopping) {
        pending = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, settings.tickMs);
      function done() {
        clearTimeout(timer);
        waker = null;
        pending = false;
        resolve();
      }
      waker = done;
    });
  const loop = async () => {
    while (!stopping) {
      let more = false;
      try {
        more = (await runPass()).claimed > 0;
      } catch (error: unknown) {
        log.error({ err: error }, 'mail sender pass failed; trying again at the next tick');
      }
      if (!more) await nap();
    }
  };

  let running: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  return {
    /** Starts a pass now if the loop runs (an email was just enqueued in this process). */
    wake,
    /** One pass over at most batchSize due emails (tests drive the sender with this). */
    pass: runPass,
    /** Passes until nothing is due (tests, and auth's drain): waits on state, never on a timer. */
    async drain(): Promise<void> {
      for (;;) {
        const result = await runPass();
        // A stopped sender gives its claims back: looping on them would never end.
        if (result.claimed === 0 || result.released > 0) return;
      }
    },
    /** Runs the loop: woken by enqueues in this process, NOTIFY from others, and the tick. */
    start(): void {
      if (running) return;
      stopping = false;
      running = loop();
      deps
        .listen?.(MAIL_WAKE_CHANNEL, wake)
        .then((stop) => {
          if (stopping) return stop();
          unlisten = stop;
        })
        .catch((error: unknown) =>
          log.error({ err: error }, 'the mail sender cannot be woken by other processes'),
        );
    },
    /** Stops the loop and lets in-flight sends finish (bounded); unsent claims are given back. */
    async stop(): Promise<void> {
      stopping = true;
      wake();
      const loopDone = running;
      running = null;
      if (loopDone) {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), settings.stopTimeoutMs);
        });
        const how = await Promise.race([loopDone.then(() => 'done' as const), timedOut]);
        clearTimeout(timer);
        if (how === 'timeout') log.error({}, 'the mail sender stopped before its sends finished');
      }
      const stop = unlisten;
      unlisten = null;
      await stop?.().catch(() => undefined);
    },
  };
}
