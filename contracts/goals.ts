import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import {
  coachDomainSchema,
  coachEngineSchema,
  clarifyingAnswerSchema,
  goalMetricSchema,
  smartGoalSchema,
  suggestionIdSchema,
  weeklyHoursSchema,
} from '#contracts/coach.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';
import { taskSchema } from '#contracts/tasks.ts';

// Goals and their milestones and history (issue: goals and the daily top three). The coach's
// proposals (refine, breakdown) write no goal or plan, only their record (ADR 030): the client
// shows them, the user edits and accepts, and only POST /api/goals and POST /api/goals/{id}/plan
// write, with the proposal's `suggestionId` when it came from the coach.

export const goalStatuses = ['active', 'paused', 'completed', 'archived'] as const;
export const goalStatusSchema = z.enum(goalStatuses, {
  message: `must be one of ${goalStatuses.join(', ')}`,
});
export type GoalStatus = z.infer<typeof goalStatusSchema>;

export const goalPriorities = ['high', 'medium', 'low'] as const;
export const goalPrioritySchema = z.enum(goalPriorities, {
  message: `must be one of ${goalPriorities.join(', ')}`,
});
export type GoalPriority = z.infer<typeof goalPrioritySchema>;

/** At most this many goals may be pinned as the user's "top three goals". */
export const MAX_PINNED_GOALS = 3;

export const milestoneParamsSchema = z.object({
  id: z.uuid({ message: 'must be a goal id (a UUID)' }),
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }),
});

/** Who proposed a goal or plan: a coach engine, or null when the user wrote it themselves. */
export const proposedBySchema = coachEngineSchema.nullable();

// --- Coach: proposals that write nothing -------------------------------------------------------

/** POST /api/coach/refine-goal: the server fills today and the time zone from the profile. */
export const refineGoalRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(1000, 'must be at most 1000 characters'),
  answers: z.array(clarifyingAnswerSchema).max(10).optional(),
  weeklyHours: weeklyHoursSchema.optional(),
  domainHint: coachDomainSchema.optional(),
});
export type RefineGoalRequest = z.infer<typeof refineGoalRequestSchema>;

// --- Goals ------------------------------------------------------------------------------------

export const milestoneSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
});
export type MilestoneSummary = z.infer<typeof milestoneSummarySchema>;

export const goalSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  domain: coachDomainSchema,
  specific: z.string(),
  metric: goalMetricSchema,
  deadline: z.string(),
  why: z.string(),
  firstStep: z.string(),
  weeklyHours: z.number(),
  priority: goalPrioritySchema,
  status: goalStatusSchema,
  /** One of the user's "top three goals" (at most MAX_PINNED_GOALS). */
  pinned: z.boolean(),
  /** 0–100, from milestones and tasks (the rule is in the server's goals service). */
  progress: z.int().min(0).max(100),
  /** The earliest milestone not yet done, or null. */
  nextMilestone: milestoneSummarySchema.nullable(),
  /** The coach engine that proposed the goal, or null when the user wrote it. */
  proposedBy: proposedBySchema,
  taskCounts: z.object({ open: z.int(), done: z.int(), skipped: z.int() }),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

export const createGoalSchema = z.object({
  /** The SMART goal as the user reviewed and edited it. Its deadline must be after today (local). */
  goal: smartGoalSchema,
  priority: goalPrioritySchema.default('medium'),
  pinned: z.boolean().default(false),
  proposedBy: proposedBySchema.default(null),
  /** The refine answer's `suggestionId` this goal accepts: its coach and engine are recorded. */
  suggestionId: suggestionIdSchema.optional(),
});
export type CreateGoal = z.input<typeof createGoalSchema>;

export const goalListQuerySchema = z.object({
  status: goalStatusSchema.optional(),
  domain: coachDomainSchema.optional(),
  pinned: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
});
export type GoalListQuery = z.input<typeof goalListQuerySchema>;

export const goalListSchema = z.object({
  /** Pinned first, then by deadline, then by title. */
  goals: z.array(goalSchema),
});
export type GoalList = z.infer<typeof goalListSchema>;

/** PATCH /api/goals/{id}: any of these; at least one. */
export const updateGoalSchema = z
  .object({
    title: smartGoalSchema.shape.title,
    domain: coachDomainSchema,
    specific: smartGoalSchema.shape.specific,
    metric: goalMetricSchema,
    /** On or after today, and on or after every milestone's due date. */
    deadline: localDateSchema,
    why: smartGoalSchema.shape.why,
    firstStep: smartGoalSchema.shape.firstStep,
    weeklyHours: weeklyHoursSchema,
    status: goalStatusSchema,
    pinned: z.boolean(),
    priority: goalPrioritySchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field');
export type UpdateGoal = z.infer<typeof updateGoalSchema>;

export const milestoneSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string(),
  /** 0-based order within the goal, as the person arranged it (new ones by due date). */
  position: z.int().min(0),
  done: z.boolean(),
  completedAt: timestampSchema.nullable(),
});
export type GoalMilestone = z.infer<typeof milestoneSchema>;

/** PATCH /api/goals/{id}/milestones/{milestoneId}: at least one field. */
export const updateMilestoneSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().min(1).max(600),
    /** On or before the goal's deadline. */
    dueDate: localDateSchema,
    done: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field');
export type UpdateMilestone = z.infer<typeof updateMilestoneSchema>;

export const goalHistoryKinds = [
  'created',
  'edited',
  'status_changed',
  'pinned',
  'unpinned',
  'plan_accepted',
  'milestone_done',
  'milestone_reopened',
  'milestone_edited',
  'milestone_deleted',
  'progress',
] as const;
export const goalHistoryKindSchema = z.enum(goalHistoryKinds);
export type GoalHistoryKind = z.infer<typeof goalHistoryKindSchema>;

export const goalHistoryEntrySchema = z.object({
  id: z.uuid(),
  /** Clients should show unknown kinds by their summary: kinds may be added. */
  kind: goalHistoryKindSchema,
  /** One line for the history list ("Reached 50 %", "Deadline moved to 2026-05-01"). */
  summary: z.string(),
  /** Facts behind the entry (changed fields with before/after, a threshold, the engine). */
  data: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type GoalHistoryEntry = z.infer<typeof goalHistoryEntrySchema>;

// --- Goal detail ------------------------------------------------------------------------------

export const goalDetailSchema = z.object({
  goal: goalSchema,
  milestones: z.array(milestoneSchema),
  tasks: z.array(taskSchema),
  /** Newest first. */
  history: z.array(goalHistoryEntrySchema),
});
export type GoalDetail = z.infer<typeof goalDetailSchema>;

/** DELETE on a goal or milestone answers 200 `{ deleted: true }`. */
export const goalPaths = {
  refineGoal: apiPath('/api/coach/refine-goal'),
  goals: apiPath('/api/goals'),
  goal: apiPath('/api/goals/:id'),
  milestone: apiPath('/api/goals/:id/milestones/:milestoneId'),
} as const;
