import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ExperimentMetric, ExperimentOrigin } from '../../../contracts/experiments.ts';
import { users } from './auth.ts';
import { goals } from './goals.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Calendar dates in the user's own time zone, kept as the YYYY-MM-DD strings the API speaks. */
const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * Personal experiments (the experiments module). The status is not stored: it follows the dates
 * and `closed` (planned before the start, running until the end, done after it or once ended,
 * abandoned when abandoned), so it never goes stale as days pass.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An optional goal of the same person; the experiment stays when the goal is deleted. */
    goalId: uuid().references(() => goals.id, { onDelete: 'set null' }),
    title: text().notNull(),
    hypothesis: text().notNull(),
    changeToTry: text('change_to_try').notNull(),
    metric: jsonb().$type<ExperimentMetric>().notNull(),
    /** The usual value before the experiment, when the person gave one (ADR 025). */
    baseline: doublePrecision(),
    startDate: localDate('start_date').notNull(),
    endDate: localDate('end_date').notNull(),
    /** 'ended' (done early) or 'abandoned' by the person, on `closedOn`; null while open. */
    closed: text().$type<'ended' | 'abandoned'>(),
    closedOn: localDate('closed_on'),
    origin: text().$type<ExperimentOrigin>().notNull().default('person'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('experiments_user_idx').on(t.userId, t.startDate),
    check('experiments_duration_check', sql`${t.endDate} - ${t.startDate} between 6 and 27`),
    check('experiments_closed_check', sql`${t.closed} in ('ended', 'abandoned')`),
    check('experiments_closed_on_check', sql`(${t.closed} is null) = (${t.closedOn} is null)`),
    check('experiments_origin_check', sql`${t.origin} in ('person', 'coach', 'insight')`),
  ],
);

/** One check-in per experiment and local date; a resend replaces it. */
export const experimentCheckins = pgTable(
  'experiment_checkins',
  {
    experimentId: uuid()
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: localDate('local_date').notNull(),
    value: doublePrecision().notNull(),
    note: text(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.localDate] })],
);
