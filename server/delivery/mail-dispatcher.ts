import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import {
  MAIL_WAKE_CHANNEL,
  type ClaimedMail,
  type MailOutbox,
  type MailTransport,
} from '#server/modules/mail/mail.service.ts';
import { classifySmtpError } from './channels/email.ts';
import { backoffMs } from './dispatcher.ts';

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

export interface MailPassResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  released: number;
}

type Outcome = 'sent' | 'retried' | 'failed' | 'lost';

/** Why a send failed, safe to store and log: never the body (it holds live tokens). */
function failureOf(
  transport: MailTransport,
  error: unknown,
): { reason: string; permanent: boolean } {
  if (transport.kind === 'smtp') {
    const outcome = classifySmtpError(error);
    return { reason: outcome.error, permanent: outcome.permanent };
  }
  return { reason: 'The dev outbox could not store the email', permanent: false };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function createMailDispatcher(deps: MailDispatcherDeps) {
  const { outbox, transport, clock, settings, log } = deps;
  let stopping = false;

  const record = async (claim: ClaimedMail, outcome: Promise<boolean>, what: Outcome) => {
    if (await outcome) return what;
    log.info(
      { mailId: claim.id, attempt: claim.attempt },
      'mail outcome not recorded: another worker took the email over',
    );
    return 'lost';
  };

  const sendOne = async (claim: ClaimedMail): Promise<Outcome> => {
    if (claim.attempt > settings.maxAttempts) {
      const reason = `Gave up after ${settings.maxAttempts} attempts: the sender kept stopping while sending`;
      return record(claim, outbox.failed(claim, reason), 'failed');
    }
    try {
      await transport.deliver({
        to: claim.to,
        subject: claim.subject,
        html: claim.html,
        text: claim.text,
        link: claim.link,
        template: claim.template,
      });
    } catch (error: unknown) {
      const { reason, permanent } = failureOf(transport, error);
      const retry = !permanent && claim.attempt < settings.maxAttempts;
      log.error(
        {
          mailId: claim.id,
          template: claim.template,
          transport: transport.kind,
          attempt: claim.attempt,
          error: reason,
          retry,
        },
        'could not send an email',
      );
      if (retry) {
        const at = new Date(clock().getTime() + backoffMs(claim.attempt, deps.random));
        return record(claim, outbox.retryAt(claim, reason, at), 'retried');
      }
      const final = permanent ? reason : `${reason} (gave up after ${claim.attempt} attempts)`;
      return record(claim, outbox.failed(claim, final), 'failed');
    }
    return record(claim, outbox.sent(claim), 'sent');
  };

  const sendPass = async (): Promise<MailPassResult> => {
    const claimed = await outbox.claim(settings.batchSize, settings.leaseMs);
    const result: MailPassResult = {
      claimed: claimed.length,
      sent: 0,
      retried: 0,
      failed: 0,
      released: 0,
    };
    const unsent: ClaimedMail[] = [];
    await eachLimited(claimed, settings.concurrency, async (claim) => {
      if (stopping) {
        unsent.push(claim);
        return;
      }
      try {
        const outcome = await sendOne(claim);
        if (outcome !== 'lost') result[outcome] += 1;
      } catch (error: unknown) {
        // The outcome could not be written: the row goes out again when its lease runs out.
        log.error({ err: error, mailId: claim.id }, 'could not record an email outcome');
      }
    });
    if (unsent.length > 0) {
      await outbox
        .release(unsent)
        .catch((error: unknown) => log.error({ err: error }, 'could not give back unsent emails'));
      result.released = unsent.length;
    }
    return result;
  };

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
