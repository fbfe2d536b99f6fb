import {
  check,
  date,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';
import { goals } from './goals.ts';

/**
 * Values logged against a goal's metric (the goals module, ADR 026): one reading in the metric's
 * unit on one of the person's local dates. Deleted with the goal and with the account.
 */
export const goalMeasurements = pgTable(
  'goal_measurements',
  {
    id: uuid().primaryKey(),
    goalId: uuid()
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    /** The goal's owner, so every query is scoped to the caller without a join. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    value: doublePrecision().notNull(),
    note: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('goal_measurements_goal_date_idx').on(t.userId, t.goalId, t.localDate),
    check('goal_measurements_value_check', sql`${t.value} between -1e9 and 1e9`),
  ],
);
