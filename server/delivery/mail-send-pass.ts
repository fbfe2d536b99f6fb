import type { ClaimedMail, MailOutbox, MailTransport } from '#server/modules/mail/mail.service.ts';
import { classifySmtpError } from './channels/email.ts';
import { backoffMs } from './dispatcher.ts';
import { eachLimited } from '#server/lib/each-limited.ts';

// One pass of the mail sender (server/delivery/mail-dispatcher.ts runs them in a loop): claim due
// emails with a lease, send them outside any transaction, record each outcome.

export interface MailPassDeps {
  outbox: MailOutbox;
  transport: MailTransport;
  clock: () => Date;
  settings: { batchSize: number; concurrency: number; maxAttempts: number; leaseMs: number };
  log: {
    info(object: Record<string, unknown>, message: string): void;
    error(object: Record<string, unknown>, message: string): void;
  };
  random?: () => number;
  /** True once the sender is stopping: claims not yet sent are given back. */
  stopping: () => boolean;
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

/** Sends one claimed email and records what became of it. */
function mailSender(deps: MailPassDeps) {
  const { outbox, transport, clock, settings, log } = deps;

  const record = async (
    claim: ClaimedMail,
    outcome: Promise<boolean>,
    what: Outcome,
  ): Promise<Outcome> => {
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

  return sendOne;
}

/** One pass over at most batchSize due emails. */
export async function sendMailPass(deps: MailPassDeps): Promise<MailPassResult> {
  const { outbox, settings, log } = deps;
  const sendOne = mailSender(deps);
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
    if (deps.stopping()) {
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
}
