import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages that would have gone out through an unconfigured provider (SMTP, SMS, push), kept so a
 * person on a fresh machine can read them and follow their links.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid().primaryKey(),
    /** email | sms | push */
    channel: text().notNull(),
    to: text().notNull(),
    subject: text(),
    html: text(),
    text: text().notNull(),
    /** The one link a person is meant to follow, if any. */
    link: text(),
    /** What produced it, e.g. auth.confirmation. */
    template: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dev_outbox_to_created_at_idx').on(t.to, t.createdAt),
    index('dev_outbox_created_at_idx').on(t.createdAt),
  ],
);
