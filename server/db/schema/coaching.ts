import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CoachDomain, CoachEngine, CoachSuggestionKind } from '../../../contracts/coach.ts';
import { users } from './auth.ts';
import { goals } from './goals.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every proposal the coach made (the coaching module): a SMART goal, a plan, or a proposal in chat;
 * which coach and engine made it; and whether the person accepted it. The denominator of
 * /analytics/coach-effectiveness's acceptance rate (ADR 030).
 */
export const coachSuggestions = pgTable(
  'coach_suggestions',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<CoachSuggestionKind>().notNull(),
    coach: text().$type<CoachDomain>().notNull(),
    engine: text().$type<CoachEngine>().notNull(),
    /** The person's local date when it was made (their zone and day-start hour). */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** A plan's goal from the start; a goal proposal's goal once accepted. */
    goalId: uuid().references(() => goals.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    index('coach_suggestions_user_date_idx').on(t.userId, t.localDate),
    check('coach_suggestions_kind_check', sql`${t.kind} in ('goal', 'plan', 'chat_proposal')`),
    check(
      'coach_suggestions_coach_check',
      sql`${t.coach} in ('health', 'career', 'relationships', 'personal_development')`,
    ),
    check(
      'coach_suggestions_engine_check',
      sql`${t.engine} in ('offline', 'openai', 'anthropic', 'openai-compatible')`,
    ),
  ],
);
