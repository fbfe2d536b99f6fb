import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InsightContent } from '../../../contracts/insights.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One weekly insight per person and local week (the insights module, ADR 028). A row is written
 * 'pending' for the next week with the instant that week starts for the person (`due_at`); a
 * worker claims it ('writing', a lease and attempts + 1, as the deliveries are claimed), writes
 * the content and makes it 'ready' only while its claim holds, so many workers write each week
 * once. A refresh makes this week's row 'ready' at once.
 */
export const weeklyInsights = pgTable(
  'weekly_insights',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday of the person's local week. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text().$type<'pending' | 'writing' | 'ready'>().notNull(),
    /** When the week starts for the person: a pending row is due from then. */
    dueAt: ts('due_at').notNull(),
    /** The claim's number (its fencing token) and until when it holds. */
    attempts: integer().notNull().default(0),
    leaseUntil: ts('lease_until'),
    content: jsonb().$type<InsightContent>(),
    engine: text(),
    generatedAt: ts('generated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('weekly_insights_user_week_key').on(t.userId, t.weekStart),
    index('weekly_insights_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('pending', 'writing')`),
    check('weekly_insights_status_check', sql`${t.status} in ('pending', 'writing', 'ready')`),
    check(
      'weekly_insights_ready_check',
      sql`${t.status} <> 'ready' or (${t.content} is not null and ${t.generatedAt} is not null)`,
    ),
  ],
);
