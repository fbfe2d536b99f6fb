import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * Every email but the daily one (which is a `deliveries` row): sign-up confirmations, recovery,
 * magic links, email changes, reauthentication codes. Owned by server/modules/mail. A sender
 * claims due rows (`queued`, or `sending` whose lease ran out) with SKIP LOCKED; the body carries
 * live tokens, so it is cleared once the row is final (sent or failed).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text(),
    text: text(),
    /** The one link the person is meant to follow, if any (the dev outbox shows it). */
    link: text(),
    /** What produced it, e.g. auth.confirmation. */
    template: text().notNull(),
    status: text().$type<MailStatus>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    leaseUntil: ts('lease_until'),
    lastError: text(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('mail_outbox_status_updated_idx').on(t.status, t.updatedAt),
  ],
);
