import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AssessmentKind, DraftAnswers } from '../../../contracts/assessments.ts';
import type { CoachDomain, CoachEngine, CoachSuggestionKind } from '../../../contracts/coach.ts';
import type { CoachTone } from '../../../contracts/onboarding.ts';
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

/**
 * Coaching assessments (the coaching module): saved step by step while `in_progress` (at most one
 * unfinished per person and kind), then `completed`. Retaking starts a new row; the latest
 * completed one is what the recommendations read.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<AssessmentKind>().notNull(),
    /** Every answer given so far, each valid against contracts/assessments.ts. */
    answers: jsonb().$type<DraftAnswers>().notNull(),
    status: text().$type<'in_progress' | 'completed'>().notNull(),
    /** The step to resume at (0-based). */
    step: integer().notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    check('assessments_kind_check', sql`${t.kind} in ('quick', 'enhanced')`),
    check(
      'assessments_status_check',
      sql`(${t.status} = 'in_progress' and ${t.completedAt} is null) or (${t.status} = 'completed' and ${t.completedAt} is not null)`,
    ),
    uniqueIndex('assessments_one_unfinished_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.status} = 'in_progress'`),
    index('assessments_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

/**
 * The coaches on each person's team: one per domain, in the tone chosen when it was added. The
 * coaching hub and chat build on it.
 */
export const userCoaches = pgTable(
  'user_coaches',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text().$type<CoachDomain>().notNull(),
    tone: text().$type<CoachTone>().notNull(),
    addedAt: ts('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.domain] })],
);
