import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import * as repo from './mail.repo.ts';

/** An email ready to go: both an accessible HTML body and a plain-text one. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The link the person is meant to follow, if the email has one. */
  link: string | null;
  /** Which template produced it, e.g. auth.confirmation. */
  template: string;
}

/** Something that delivers one email (SMTP, or the dev outbox); the sender calls it. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-outbox';
  deliver(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export type ClaimedMail = repo.ClaimedMail;

export { MAIL_WAKE_CHANNEL } from './mail.repo.ts';

export interface MailServiceDeps {
  db: Db;
  clock: () => Date;
  /**
   * Called once an email enqueued outside a transaction is stored, so a sender in this process
   * starts at once (senders elsewhere wake on NOTIFY, sent when the insert commits).
   */
  onEnqueued?: () => void;
}

/**
 * Every email but the daily one goes out through this outbox (docs/decisions/015-one-mail-path.md):
 * `enqueue` stores it, a sender in the worker layer (server/delivery/mail-dispatcher.ts) sends it
 * with retries, so a mail-server hiccup delays an email instead of losing it.
 */
export function createMailService(deps: MailServiceDeps) {
  const { db, clock } = deps;
  return {
    /**
     * The one entry point for other modules: stores the email, due now, and returns its id. Pass
     * the caller's transaction to make the email exist exactly when what it announces does.
     * Never waits for a mail server.
     */
    async enqueue(message: MailMessage, tx?: Db): Promise<string> {
      const id = randomUUID();
      await repo.insertMail(
        tx ?? db,
        {
          id,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          link: message.link,
          template: message.template,
        },
        clock(),
      );
      // Inside a transaction the row is not visible yet: the NOTIFY at commit wakes the senders.
      if (!tx) deps.onEnqueued?.();
      return id;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

/**
 * What the sender (and only the sender) uses: claims with a lease, and the outcomes. An outcome
 * is recorded only while the claim still holds the row; false says another worker took it over.
 */
export function createMailOutbox(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    claim(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const now = clock();
      return repo.claimDueMail(db, now, new Date(now.getTime() + leaseMs), limit);
    },
    sent: (claim: ClaimedMail) => repo.markMailSent(db, claim, clock()),
    retryAt: (claim: ClaimedMail, error: string, at: Date) =>
      repo.scheduleMailRetry(db, claim, error, at, clock()),
    failed: (claim: ClaimedMail, error: string) => repo.markMailFailed(db, claim, error, clock()),
    release: (claims: readonly ClaimedMail[]) => repo.releaseMailClaims(db, claims, clock()),
    find: (id: string) => repo.findMail(db, id),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
