import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CoachDomain, CoachEngine, GoalMetric } from '../../../contracts/coach.ts';
import type { GoalHistoryKind, GoalPriority, GoalStatus } from '../../../contracts/goals.ts';
import type { TaskStatus } from '../../../contracts/tasks.ts';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Calendar dates in the user's own time zone, kept as the YYYY-MM-DD strings the API speaks. */
const localDate = (name: string) => date(name, { mode: 'string' });

/** Where each user's local dates are computed, and their daily capacity for tasks. */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text().notNull(),
    dailyCapacityMinutes: integer().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('profiles_capacity_check', sql`${t.dailyCapacityMinutes} between 5 and 1440`)],
);

export const goals = pgTable(
  'goals',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    domain: text().$type<CoachDomain>().notNull(),
    specific: text().notNull(),
    metric: jsonb().$type<GoalMetric>().notNull(),
    deadline: localDate('deadline').notNull(),
    why: text().notNull(),
    firstStep: text().notNull(),
    weeklyHours: doublePrecision().notNull(),
    priority: text().$type<GoalPriority>().notNull().default('medium'),
    status: text().$type<GoalStatus>().notNull().default('active'),
    pinned: boolean().notNull().default(false),
    proposedBy: text().$type<CoachEngine>(),
    /** The coach (a domain) whose proposal the goal was created from, or null (coaching's attribution). */
    proposedByCoach: text().$type<CoachDomain>(),
    /** 0–100, recomputed by the goals service in the transaction of every change that moves it. */
    progress: integer().notNull().default(0),
    /**
     * The highest of 25/50/75/100 ever reached: a threshold is announced once, even when progress
     * falls back (a task reopened) and rises again.
     */
    progressReached: integer().notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('goals_user_status_idx').on(t.userId, t.status),
    check(
      'goals_domain_check',
      sql`${t.domain} in ('health', 'career', 'relationships', 'personal_development')`,
    ),
    check('goals_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    check('goals_status_check', sql`${t.status} in ('active', 'paused', 'completed', 'archived')`),
    check('goals_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: uuid().primaryKey(),
    goalId: uuid()
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    /** The goal's owner, so every query can be scoped to the caller without a join. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    dueDate: localDate('due_date').notNull(),
    position: integer().notNull(),
    /** 0–100 from its tasks (100 when marked done), kept with the goal's progress. */
    progress: integer().notNull().default(0),
    /** The coach and engine whose plan proposed it, or null when the person wrote it. */
    proposedByCoach: text().$type<CoachDomain>(),
    proposedBy: text().$type<CoachEngine>(),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('milestones_goal_idx').on(t.goalId, t.position),
    index('milestones_user_due_idx').on(t.userId, t.dueDate),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goalId: uuid().references(() => goals.id, { onDelete: 'cascade' }),
    milestoneId: uuid().references(() => milestones.id, { onDelete: 'set null' }),
    title: text().notNull(),
    notes: text(),
    status: text().$type<TaskStatus>().notNull().default('open'),
    scheduledDate: localDate('scheduled_date'),
    dueDate: localDate('due_date'),
    snoozedUntil: localDate('snoozed_until'),
    estimatedMinutes: integer(),
    /** 'weekly' (timesPerWeek) or 'after_completion' (everyDays); null for a one-off task. */
    recurrenceKind: text().$type<'weekly' | 'after_completion'>(),
    recurrenceTimesPerWeek: integer(),
    recurrenceEveryDays: integer(),
    /** Shared by every occurrence of one repeating task; a series has one open occurrence at a time. */
    seriesId: uuid(),
    /** The last local date a series may repeat on. */
    repeatsUntil: localDate('repeats_until'),
    /** The local date the task was created or last reopened (the top three's staleness). */
    openSince: localDate('open_since').notNull(),
    completedAt: ts('completed_at'),
    /** The local date it was completed or skipped on: recurrence counts weeks by it. */
    closedOn: localDate('closed_on'),
    /** Order among its goal's tasks of the same milestone, as the person arranged them. */
    position: integer().notNull().default(0),
    /** The coach and engine whose plan proposed it (kept by its later occurrences), or null. */
    proposedByCoach: text().$type<CoachDomain>(),
    proposedBy: text().$type<CoachEngine>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('tasks_user_status_scheduled_idx').on(t.userId, t.status, t.scheduledDate),
    index('tasks_goal_idx').on(t.goalId),
    index('tasks_milestone_idx').on(t.milestoneId),
    // The analytics read model counts a person's tasks by the local date they closed on (ADR 016).
    index('tasks_user_closed_idx')
      .on(t.userId, t.closedOn)
      .where(sql`${t.closedOn} is not null`),
    // One open occurrence per series: two racing completions cannot both generate the next one.
    uniqueIndex('tasks_series_open_key')
      .on(t.seriesId)
      .where(sql`${t.seriesId} is not null and ${t.status} = 'open'`),
    check('tasks_status_check', sql`${t.status} in ('open', 'done', 'skipped')`),
    check(
      'tasks_recurrence_check',
      sql`(${t.recurrenceKind} is null and ${t.recurrenceTimesPerWeek} is null and ${t.recurrenceEveryDays} is null)
        or (${t.recurrenceKind} = 'weekly' and ${t.recurrenceTimesPerWeek} between 1 and 7 and ${t.recurrenceEveryDays} is null)
        or (${t.recurrenceKind} = 'after_completion' and ${t.recurrenceEveryDays} between 1 and 90 and ${t.recurrenceTimesPerWeek} is null)`,
    ),
  ],
);

export const goalHistory = pgTable(
  'goal_history',
  {
    id: uuid().primaryKey(),
    goalId: uuid()
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<GoalHistoryKind>().notNull(),
    summary: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('goal_history_goal_created_idx').on(t.goalId, t.createdAt.desc()),
    // A progress threshold is written once per goal, whatever races.
    uniqueIndex('goal_history_progress_key')
      .on(t.goalId, sql`(${t.data}->>'threshold')`)
      .where(sql`${t.kind} = 'progress'`),
  ],
);

/** One frozen pick of a day's top three, as it was shown. */
export interface FrozenPick {
  taskId: string;
  score: number;
  reason: string;
  reasons: string[];
  breakdown: {
    due: number;
    milestone: number;
    topGoal: number;
    priority: number;
    staleness: number;
    effort: number;
  };
}

/** The top three of one user's local date, frozen once shown or delivered. */
export const topThreeDays = pgTable(
  'top_three_days',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: localDate('local_date').notNull(),
    /** In display order; task ids and the reasons shown with them. */
    picks: jsonb().$type<FrozenPick[]>().notNull(),
    /** Tasks swapped out this day: they do not come back through a swap or a refill. */
    swappedOut: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    frozenAt: ts('frozen_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('top_three_days_user_date_key').on(t.userId, t.localDate)],
);
