import { sql } from 'drizzle-orm';
import {
  check,
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
import type { CoachDomain } from '../../../contracts/coach.ts';
import type { CoachTone } from '../../../contracts/onboarding.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

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
