import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SessionEventType } from '../../../contracts/engagement.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * The signed-in app's session events (the engagement module): start, background, foreground and
 * end, sent in batches by the first-party tracker. The id is the client's, so a batch sent again
 * (a keepalive retry) stores each event once. The person's local date and wall-clock hour are
 * written when the event arrives, from their day contract, as the tasks' `closed_on` is. Rows
 * older than 90 days are folded into `engagement_days` and deleted (ADR 027).
 */
export const sessionEvents = pgTable(
  'session_events',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid().notNull(),
    sessionId: uuid().notNull(),
    type: text().$type<SessionEventType>().notNull(),
    occurredAt: ts('occurred_at').notNull(),
    localDate: localDate('local_date').notNull(),
    /** The hour on the person's clock (0–23) when it happened. */
    localHour: smallint().notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('session_events_user_date_idx').on(t.userId, t.localDate),
    index('session_events_session_idx').on(t.userId, t.sessionId),
    index('session_events_occurred_idx').on(t.occurredAt),
    check(
      'session_events_type_check',
      sql`${t.type} in ('start', 'background', 'foreground', 'end')`,
    ),
    check('session_events_hour_check', sql`${t.localHour} between 0 and 23`),
  ],
);

/**
 * Session events older than 90 days, folded per person and local date: the sessions that began
 * that day and their foreground seconds. Enough for active days, streaks and sessions per day or
 * week over any span; the heatmap and the median need the raw events and cover the last 90 days.
 */
export const engagementDays = pgTable(
  'engagement_days',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: localDate('local_date').notNull(),
    sessions: integer().notNull(),
    foregroundSeconds: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDate] }),
    check('engagement_days_counts_check', sql`${t.sessions} >= 0 and ${t.foregroundSeconds} >= 0`),
  ],
);
