import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { AssessmentKind, DraftAnswers } from '../../../contracts/assessments.ts';
import type { CoachDomain, CoachEngine, CoachSuggestionKind } from '../../../contracts/coach.ts';
import type { CoachTone } from '../../../contracts/onboarding.ts';
import type {
  CoachPersonality,
  ConsultationAnswer,
  messageAuthors,
  messageKinds,
  messageStates,
  ProposalDraft,
  proposalStates,
} from '../../../contracts/coaching.ts';
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
 * Each person's own coaches (ADR 034): a copy of a catalogue coach with its own name, tone and
 * personality. `teamPosition` orders the team (null: not on the team; the thread stays). One copy
 * per catalogue coach per person.
 */
export const userCoaches = pgTable(
  'user_coaches',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogueId: text().notNull(),
    domain: text().$type<CoachDomain>().notNull(),
    name: text().notNull(),
    tone: text().$type<CoachTone>().notNull(),
    personality: jsonb().$type<CoachPersonality>().notNull(),
    teamPosition: integer(),
    /** A human coach's account (ADR 035): null for an AI coach. Never on the team. */
    coachUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** When the person stopped sharing with this human coach: the thread stays, read-only. */
    endedAt: ts('ended_at'),
    addedAt: ts('added_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('user_coaches_user_catalogue_idx').on(t.userId, t.catalogueId),
    index('user_coaches_user_team_idx').on(t.userId, t.teamPosition),
    check(
      'user_coaches_tone_check',
      sql`${t.tone} in ('supportive', 'direct', 'analytical', 'motivational', 'mindful')`,
    ),
    check('user_coaches_name_check', sql`char_length(${t.name}) between 1 and 40`),
  ],
);

/** One thread per own coach: the conversation, AI or (later) human. */
export const coachThreads = pgTable(
  'coach_threads',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userCoachId: uuid()
      .notNull()
      .references(() => userCoaches.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastMessageAt: ts('last_message_at'),
    /** The coach's messages after this were not yet seen. */
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('coach_threads_coach_idx').on(t.userCoachId),
    index('coach_threads_user_idx').on(t.userId),
  ],
);

/** The messages of a thread; keyset-paged by (created_at, id). */
export const coachMessages = pgTable(
  'coach_messages',
  {
    id: uuid().primaryKey(),
    threadId: uuid()
      .notNull()
      .references(() => coachThreads.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author: text().$type<(typeof messageAuthors)[number]>().notNull(),
    kind: text().$type<(typeof messageKinds)[number]>().notNull(),
    state: text().$type<(typeof messageStates)[number]>().notNull(),
    body: text().notNull(),
    engine: text().$type<CoachEngine>(),
    model: text(),
    notice: text(),
    /** The intent the offline engine read, for the record. */
    intent: text(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('coach_messages_thread_idx').on(t.threadId, t.createdAt, t.id),
    check('coach_messages_author_check', sql`${t.author} in ('person', 'coach')`),
    check('coach_messages_kind_check', sql`${t.kind} in ('chat', 'checkin', 'crisis')`),
    check('coach_messages_state_check', sql`${t.state} in ('complete', 'stopped', 'failed')`),
  ],
);

/** "Ask the team": the question and the team's answer. */
export const teamConsultations = pgTable(
  'team_consultations',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    /** The views, trade-offs and suggestion (the proposals are coach_proposals rows). */
    answer: jsonb().$type<ConsultationAnswer>().notNull(),
    crisis: boolean().notNull(),
    engine: text().$type<CoachEngine>().notNull(),
    model: text().notNull(),
    notice: text(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('team_consultations_user_idx').on(t.userId, t.createdAt)],
);

/** What a coach proposed in a message or a consultation; only accepting writes (tasks, experiments). */
export const coachProposals = pgTable(
  'coach_proposals',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userCoachId: uuid()
      .notNull()
      .references(() => userCoaches.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => coachMessages.id, { onDelete: 'cascade' }),
    consultationId: uuid().references(() => teamConsultations.id, { onDelete: 'cascade' }),
    draft: jsonb().$type<ProposalDraft>().notNull(),
    reason: text().notNull(),
    state: text().$type<(typeof proposalStates)[number]>().notNull(),
    /** The coach_suggestions row that counts it for coach effectiveness (ADR 030). */
    suggestionId: uuid().references(() => coachSuggestions.id, { onDelete: 'set null' }),
    taskId: uuid(),
    experimentId: uuid(),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('coach_proposals_message_idx').on(t.messageId),
    index('coach_proposals_consultation_idx').on(t.consultationId),
    index('coach_proposals_user_idx').on(t.userId),
    check('coach_proposals_state_check', sql`${t.state} in ('open', 'accepted', 'declined')`),
    check(
      'coach_proposals_source_check',
      sql`(${t.messageId} is null) <> (${t.consultationId} is null)`,
    ),
  ],
);

/** Short facts coaches keep about one person; shown to them, editable, deletable. */
export const coachMemories = pgTable(
  'coach_memories',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: every coach of the person may use it. */
    userCoachId: uuid().references(() => userCoaches.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    source: text().$type<'person' | 'coach'>().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('coach_memories_user_idx').on(t.userId, t.createdAt),
    check('coach_memories_source_check', sql`${t.source} in ('person', 'coach')`),
    check('coach_memories_body_check', sql`char_length(${t.body}) between 1 and 280`),
  ],
);

/** Daily or weekly reflections and the coach's answer. */
export const reflections = pgTable(
  'reflections',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userCoachId: uuid().references(() => userCoaches.id, { onDelete: 'set null' }),
    period: text().$type<'daily' | 'weekly'>().notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    body: text().notNull(),
    mood: integer(),
    reply: text().notNull(),
    crisis: boolean().notNull(),
    engine: text().$type<CoachEngine>().notNull(),
    model: text().notNull(),
    notice: text(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('reflections_user_idx').on(t.userId, t.createdAt),
    check('reflections_period_check', sql`${t.period} in ('daily', 'weekly')`),
    check('reflections_mood_check', sql`${t.mood} is null or ${t.mood} between 1 and 5`),
  ],
);

/** Per-person coaching settings and the proactive check-ins' budget. */
export const coachingPreferences = pgTable('coaching_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  checkIns: boolean().notNull().default(true),
  /** Check-ins in a row with no reply: each doubles the wait before the next. */
  checkInsIgnored: integer().notNull().default(0),
  lastCheckInAt: ts('last_check_in_at'),
  /** When the check-ins pass last looked at this person (at most once in 20 hours). */
  evaluatedAt: ts('evaluated_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Every AI call (DESIGN §5): who, what, which engine and model, tokens, latency and outcome. */
export const aiCalls = pgTable(
  'ai_calls',
  {
    id: uuid().primaryKey(),
    /** null for calls no person made. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    operation: text().notNull(),
    engine: text().$type<CoachEngine>().notNull(),
    model: text().notNull(),
    inputTokens: integer().notNull(),
    outputTokens: integer().notNull(),
    latencyMs: integer().notNull(),
    outcome: text().notNull(),
    detail: text(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ai_calls_user_idx').on(t.userId, t.createdAt),
    index('ai_calls_created_idx').on(t.createdAt),
  ],
);
