import { randomUUID } from 'node:crypto';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { Db } from '#server/db/client.ts';
import type { OutgoingMessage, SendOutcome } from '#server/modules/channels/channel-sender.ts';
import { loadRecipients, recordPushResults } from '#server/modules/channels/channels.service.ts';
import {
  channelStates,
  recipientLabel,
  type RecipientFacts,
} from '#server/modules/channels/recipients.ts';
import {
  claimDeliveries,
  recordOutcomes,
  releaseClaims,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from '#server/modules/deliveries/deliveries.service.ts';
import type { LinkSigner } from '#server/modules/links/link-claims.ts';
import { PUSH_SUBSCRIPTION_EXPIRED, type ChannelSenders } from './channels/index.ts';
import { composeEmail, composePush, composeSms, type ComposeInput } from './compose.ts';
import { linkUrls } from './links.ts';
import { NO_TASKS_REASON } from './scheduler.ts';
import { eachLimited } from '#server/lib/each-limited.ts';

/**
 * The dispatcher: queued delivery rows → the channel senders.
 *
 * A pass claims up to `batchSize` due rows in one committed statement (SKIP LOCKED; each row
 * becomes 'sending' with a lease and attempts + 1), sends them outside any transaction with at most
 * `concurrency` in flight, and records each outcome as soon as it is known (outcomes that arrive
 * together are written together):
 *
 * - accepted → 'sent' with the provider's message id;
 * - a temporary failure → 'queued' again after a backoff (1 min × 2^(attempt−1), at most an hour,
 *   with jitter), until `maxAttempts`, then 'failed';
 * - a permanent failure (or the last temporary one) → 'failed', and the same slot goes out on
 *   another active channel (FALLBACK) as a new row with fallback_of set, unless that channel
 *   already has its own row for the slot;
 * - a channel that stopped being active since the row was queued (turned off, unsubscribed) →
 *   'skipped' with the reason, nothing sent.
 *
 * Every attempt is a delivery_attempts row. The message's idempotency key is the delivery id (the
 * email's Message-ID, the SMS provider's idempotency token), so the one duplicate a crash can
 * cause — after the provider accepted, before 'sent' was committed — is recognisable as the same
 * message. See docs/decisions/006-delivery-outbox.md.
 */

export const TEMPLATE = 'delivery.top-three';

/** Where a slot goes when its channel fails for good. */
export const FALLBACK: Record<DeliveryChannel, DeliveryChannel[]> = {
  push: ['email'],
  sms: ['email'],
  email: ['push'],
};

/**
 * Outcomes are written together: at most FLUSH_LINGER_MS after the first one of a batch arrived,
 * or at once when FLUSH_ROWS are waiting. This is the only time between a provider accepting a
 * message and its 'sent' being committed beyond the write itself (see the ADR's crash windows).
 */
const FLUSH_LINGER_MS = 20;
const FLUSH_ROWS = 100;

const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 60 * 60_000;

/** The wait before attempt `attempt + 1`: exponential, capped, with jitter in [half, full]. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(attempt - 1, 0), BACKOFF_CAP_MS);
  return Math.round(full / 2 + random() * (full / 2));
}

export interface DispatcherDeps {
  db: Db;
  clock: () => Date;
  senders: Pick<ChannelSenders, 'email' | 'sms' | 'push'>;
  linkSigner: LinkSigner;
  publicUrl: string;
  batchSize: number;
  concurrency: number;
  maxAttempts: number;
  leaseMs: number;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  random?: () => number;
  /** True once the worker is stopping: rows not yet sent are given back. */
  stopping?: () => boolean;
  /** Called with each recorded outcome (metrics). */
  onRecorded?: (channel: DeliveryChannel, status: DeliveryOutcome['status']) => void;
}

export interface DispatchPassResult {
  claimed: number;
  sent: number;
  failed: number;
  retried: number;
  skipped: number;
  released: number;
}

/** A batch of outcomes, and the push subscriptions of those recorded, in one transaction. */
function recordBatch(db: Db, batch: readonly DeliveryOutcome[], now: Date): Promise<Set<string>> {
  return db.transaction(async (tx) => {
    const recorded = await recordOutcomes(tx, batch, now);
    const results = batch
      .filter((outcome) => recorded.has(outcome.id))
      .flatMap((outcome) => [
        ...outcome.goneSubscriptions.map((id) => ({ id, gone: true })),
        ...outcome.reachedSubscriptions.map((id) => ({ id, gone: false })),
      ]);
    await recordPushResults(tx, results, now);
    return recorded;
  });
}

/** Writes outcomes as they come, coalescing those that arrive while a write is under way. */
function outcomeWriter(deps: DispatcherDeps, claims: Map<string, ClaimedDelivery>) {
  const { db, clock, log } = deps;
  let pending: DeliveryOutcome[] = [];
  let running: Promise<void> | null = null;
  let linger: NodeJS.Timeout | undefined;
  const counts = { sent: 0, failed: 0, retried: 0, skipped: 0 };

  const write = async (batch: DeliveryOutcome[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const recorded = await recordBatch(db, batch, clock());
        for (const outcome of batch) {
          if (!recorded.has(outcome.id)) {
            log.warn(
              { deliveryId: outcome.id, attempt: outcome.attempt },
              'delivery outcome not recorded: another worker took the delivery over',
            );
            continue;
          }
          if (outcome.status === 'sent') counts.sent += 1;
          else if (outcome.status === 'failed') counts.failed += 1;
          else if (outcome.status === 'queued') counts.retried += 1;
          else counts.skipped += 1;
          const channel = claims.get(outcome.id)?.channel;
          if (channel) deps.onRecorded?.(channel, outcome.status);
        }
        return;
      } catch (error: unknown) {
        if (attempt >= 3) {
          // The rows stay 'sending' until their lease runs out, then go out again.
          log.error(
            { err: error, deliveries: batch.map((o) => o.id) },
            'could not record delivery outcomes',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  const run = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      await write(batch);
    }
  };
  const start = () => {
    clearTimeout(linger);
    linger = undefined;
    running ??= run().finally(() => {
      running = null;
    });
  };

  return {
    counts,
    add(outcome: DeliveryOutcome) {
      pending.push(outcome);
      if (running) return;
      // A transaction costs about the same for one row or a hundred: let a few gather first.
      if (pending.length >= FLUSH_ROWS) start();
      else linger ??= setTimeout(start, FLUSH_LINGER_MS);
    },
    async drain() {
      while (running || pending.length > 0) {
        start();
        await running;
      }
    },
  };
}

async function composeInput(
  deps: DispatcherDeps,
  claim: ClaimedDelivery,
  tasks: ComposeInput['tasks'],
  timeZone: string,
): Promise<ComposeInput> {
  const urls = linkUrls(deps.publicUrl);
  const completeUrls = new Map(
    await Promise.all(
      tasks.map(
        async (task) =>
          [
            task.taskId,
            urls.complete(
              await deps.linkSigner.sign({
                kind: 'complete',
                userId: claim.userId,
                taskId: task.taskId,
                deliveryId: claim.id,
              }),
            ),
          ] as const,
      ),
    ),
  );
  const unsubscribe = await deps.linkSigner.sign({
    kind: 'unsubscribe',
    userId: claim.userId,
    channel: claim.channel,
  });
  const appUrl = `${deps.publicUrl}/dashboard`;
  return {
    deliveryId: claim.id,
    localDate: claim.localDate,
    timeZone,
    coachTone: claim.payload?.coachTone ?? null,
    tasks,
    links: {
      completeUrl: (taskId: string) => completeUrls.get(taskId) ?? appUrl,
      appUrl,
      scheduleUrl: `${deps.publicUrl}/schedule`,
      unsubscribeUrl: urls.unsubscribe(unsubscribe),
      unsubscribePostUrl: urls.unsubscribePost(unsubscribe),
    },
  };
}

/** Sends one claimed delivery and says what became of it. */
async function deliver(
  deps: DispatcherDeps,
  claim: ClaimedDelivery,
  facts: RecipientFacts | undefined,
): Promise<DeliveryOutcome> {
  const outcome = (
    status: DeliveryOutcome['status'],
    fields: Partial<DeliveryOutcome> = {},
  ): DeliveryOutcome => ({
    id: claim.id,
    attempt: claim.attempt,
    status,
    recipient: null,
    providerMessageId: null,
    error: null,
    nextAttemptAt: null,
    attemptRecord: null,
    fallback: null,
    goneSubscriptions: [],
    reachedSubscriptions: [],
    ...fields,
  });

  if (!facts) return outcome('skipped', { error: 'The account no longer exists' });
  if (claim.attempt > deps.maxAttempts) {
    return outcome('failed', {
      error: `Gave up after ${deps.maxAttempts} attempts: the worker kept stopping while sending`,
    });
  }
  const states = channelStates(facts);
  const state = states[claim.channel];
  if (!state.active) return outcome('skipped', { error: state.reason });
  const tasks = claim.payload?.tasks ?? [];
  if (tasks.length === 0) return outcome('skipped', { error: NO_TASKS_REASON });

  const recipient = recipientLabel(facts, claim.channel);
  const input = await composeInput(deps, claim, tasks, claim.payload?.timeZone ?? 'UTC');
  const base = { deliveryId: claim.id, idempotencyKey: claim.id, template: TEMPLATE };

  let result: SendOutcome;
  const gone: string[] = [];
  const reached: string[] = [];
  switch (claim.channel) {
    case 'email':
      result = await deps.senders.email.send({
        ...base,
        channel: 'email',
        to: facts.email ?? '',
        content: composeEmail(input),
      });
      break;
    case 'sms':
      result = await deps.senders.sms.send({
        ...base,
        channel: 'sms',
        to: facts.settings.sms.phone ?? '',
        text: composeSms(input),
      });
      break;
    case 'push': {
      // Every live browser of the user: delivered when any of them took it.
      const content = composePush(input);
      const results = await Promise.all(
        facts.pushTargets.map(async (target) => {
          const message: OutgoingMessage = {
            ...base,
            channel: 'push',
            to: facts.email ?? claim.userId,
            target: { id: target.id, endpoint: target.endpoint, keys: target.keys },
            content,
          };
          const sent = await deps.senders.push.send(message);
          if (sent.ok) reached.push(target.id);
          else if (sent.permanent && sent.error === PUSH_SUBSCRIPTION_EXPIRED) gone.push(target.id);
          return sent;
        }),
      );
      const ok = results.find((r) => r.ok);
      const failures = results.filter((r): r is Extract<SendOutcome, { ok: false }> => !r.ok);
      result = ok ?? {
        ok: false,
        permanent: failures.every((f) => f.permanent),
        error: failures[0]?.error ?? 'No browser to send to',
      };
      break;
    }
  }

  if (result.ok) {
    return outcome('sent', {
      recipient,
      providerMessageId: result.providerMessageId,
      attemptRecord: { status: 'sent', error: null, permanent: false },
      reachedSubscriptions: reached,
      goneSubscriptions: gone,
    });
  }
  const attemptRecord = {
    status: 'failed' as const,
    error: result.error,
    permanent: result.permanent,
  };
  if (!result.permanent && claim.attempt < deps.maxAttempts) {
    const now = deps.clock();
    return outcome('queued', {
      recipient,
      error: result.error,
      nextAttemptAt: new Date(now.getTime() + backoffMs(claim.attempt, deps.random)),
      attemptRecord,
      reachedSubscriptions: reached,
      goneSubscriptions: gone,
    });
  }
  // Failed for good on this channel: the same slot on another active channel, if any.
  const other = FALLBACK[claim.channel].find(
    (channel) => states[channel].active && !(channel === 'push' && gone.length > 0),
  );
  return outcome('failed', {
    recipient,
    error: result.permanent
      ? result.error
      : `${result.error} (gave up after ${claim.attempt} attempts)`,
    attemptRecord,
    reachedSubscriptions: reached,
    goneSubscriptions: gone,
    fallback: other
      ? {
          id: randomUUID(),
          userId: claim.userId,
          localDate: claim.localDate,
          slot: claim.slot,
          channel: other,
          status: 'queued',
          scheduledFor: claim.scheduledFor,
          payload: claim.payload,
          lastError: null,
          fallbackOf: claim.id,
        }
      : null,
  });
}

/** One dispatcher pass over at most `batchSize` due deliveries. */
export async function dispatchPass(deps: DispatcherDeps): Promise<DispatchPassResult> {
  const { db, clock, log } = deps;
  const now = clock();
  const claimed = await claimDeliveries(
    db,
    now,
    new Date(now.getTime() + deps.leaseMs),
    deps.batchSize,
  );
  const result: DispatchPassResult = {
    claimed: claimed.length,
    sent: 0,
    failed: 0,
    retried: 0,
    skipped: 0,
    released: 0,
  };
  if (claimed.length === 0) return result;

  const claims = new Map(claimed.map((claim) => [claim.id, claim]));
  const writer = outcomeWriter(deps, claims);
  const unsent: ClaimedDelivery[] = [];
  try {
    const recipients = await loadRecipients(
      db,
      claimed.map((claim) => claim.userId),
    );
    await eachLimited(claimed, deps.concurrency, async (claim) => {
      if (deps.stopping?.()) {
        unsent.push(claim);
        return;
      }
      let outcome: DeliveryOutcome;
      try {
        outcome = await deliver(deps, claim, recipients.get(claim.userId));
      } catch (error: unknown) {
        // A bug in composing, not the provider: try again later like a temporary failure.
        log.error({ err: error, deliveryId: claim.id }, 'delivery could not be prepared');
        const message = 'The message could not be prepared';
        const retry = claim.attempt < deps.maxAttempts;
        outcome = {
          id: claim.id,
          attempt: claim.attempt,
          status: retry ? 'queued' : 'failed',
          recipient: null,
          providerMessageId: null,
          error: message,
          nextAttemptAt: retry
            ? new Date(clock().getTime() + backoffMs(claim.attempt, deps.random))
            : null,
          attemptRecord: { status: 'failed', error: message, permanent: false },
          fallback: null,
          goneSubscriptions: [],
          reachedSubscriptions: [],
        };
      }
      writer.add(outcome);
    });
  } finally {
    await writer.drain();
    if (unsent.length > 0) {
      await releaseClaims(
        db,
        unsent.map((claim) => ({ id: claim.id, attempt: claim.attempt })),
        clock(),
      ).catch((error: unknown) =>
        log.error({ err: error }, 'could not give back unsent deliveries'),
      );
    }
  }
  return { ...result, ...writer.counts, released: unsent.length };
}
