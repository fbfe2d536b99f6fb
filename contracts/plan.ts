import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import {
  coachEnvelopeSchema,
  coachNotesSchema,
  milestoneSchema as proposedMilestoneBaseSchema,
  plannedTaskSchema,
  suggestionIdSchema,
  taskRecurrenceSchema,
  weeklyHoursSchema,
} from '#contracts/coach.ts';
import { goalSchema, milestoneSchema, proposedBySchema } from '#contracts/goals.ts';
import { localDateSchema } from '#contracts/shared.ts';
import { estimatedMinutesSchema, taskSchema, taskTitleSchema } from '#contracts/tasks.ts';

// A goal's plan: the coach's breakdown proposes milestones and tasks and writes no plan; the user
// edits and accepts, and only POST /api/goals/{id}/plan writes.

/** POST /api/goals/{id}/breakdown: the stored goal, starting today; weekly hours override the goal's. */
export const breakdownRequestSchema = z.object({
  weeklyHours: weeklyHoursSchema.optional(),
});
export type BreakdownRequest = z.infer<typeof breakdownRequestSchema>;

/**
 * How two titles of one plan are compared: a milestone or task whose title matches one the goal
 * already has (ignoring case and spacing) is the same item, so "Plan more" never duplicates it.
 */
export function planTitleKey(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** A proposed milestone; with `existingId` it is already in the plan and only carries new tasks. */
export const proposedMilestoneSchema = proposedMilestoneBaseSchema.extend({
  existingId: z.uuid().optional(),
});
export type ProposedMilestone = z.infer<typeof proposedMilestoneSchema>;

/**
 * What POST /api/goals/{id}/breakdown proposes: only what the goal's plan lacks. A first
 * breakdown holds the coach's whole plan; a later one ("Plan more") may hold fewer milestones
 * (some of them existing ones, for their new tasks) or nothing at all.
 */
export const planProposalSchema = z.object({
  kind: z.literal('plan'),
  milestones: z.array(proposedMilestoneSchema).max(7),
  tasks: z.array(plannedTaskSchema).max(200),
  notes: coachNotesSchema,
  /** How many of the coach's milestones and tasks were left out because the plan has them. */
  alreadyInPlan: z.int().min(0),
});
export type PlanProposal = z.infer<typeof planProposalSchema>;

export const breakdownResponseSchema = coachEnvelopeSchema(planProposalSchema).extend({
  suggestionId: suggestionIdSchema.optional(),
});
export type BreakdownResponse = z.infer<typeof breakdownResponseSchema>;

export const planMilestoneSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(600),
  /** Today or later, on or before the goal's deadline. */
  dueDate: localDateSchema,
});

export const planTaskSchema = z.object({
  title: taskTitleSchema,
  /** Index into this request's `milestones`; or use milestoneId for an existing one; or neither. */
  milestoneIndex: z.int().min(0).max(19).optional(),
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }).optional(),
  /** Today or later, on or before its milestone's due date (and the goal's deadline). */
  scheduledDate: localDateSchema,
  estimatedMinutes: estimatedMinutesSchema,
  recurrence: taskRecurrenceSchema.optional(),
});

/** POST /api/goals/{id}/plan: the accepted part of a proposal, as edited and ordered by the user. */
export const acceptPlanSchema = z
  .object({
    milestones: z.array(planMilestoneSchema).max(20),
    tasks: z.array(planTaskSchema).max(500),
    proposedBy: proposedBySchema.default(null),
    /** The breakdown's `suggestionId` this plan accepts: its coach and engine are recorded. */
    suggestionId: suggestionIdSchema.optional(),
  })
  .refine(
    (plan) => plan.milestones.length + plan.tasks.length > 0,
    'must accept at least one milestone or task',
  );
export type AcceptPlan = z.input<typeof acceptPlanSchema>;

export const acceptPlanResultSchema = z.object({
  goal: goalSchema,
  /** The milestones and tasks this call created, in the request's order. */
  milestones: z.array(milestoneSchema),
  tasks: z.array(taskSchema),
});
export type AcceptPlanResult = z.infer<typeof acceptPlanResultSchema>;

/** PUT /api/goals/{id}/milestone-order: every milestone of the goal, once, in the new order. */
export const milestoneOrderSchema = z.object({
  milestoneIds: z
    .array(z.uuid({ message: 'must be a milestone id (a UUID)' }))
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'must list each milestone once'),
});
export type MilestoneOrder = z.infer<typeof milestoneOrderSchema>;

/** PUT /api/goals/{id}/task-order: tasks of one milestone (or none) in the new order. */
export const taskOrderSchema = z.object({
  /** The milestone the tasks belong to; null for the goal's tasks without a milestone. */
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }).nullable(),
  taskIds: z
    .array(z.uuid({ message: 'must be a task id (a UUID)' }))
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'must list each task once'),
});
export type TaskOrder = z.infer<typeof taskOrderSchema>;

/** Both order routes answer the goal's milestones, in order. */
export const planOrderResultSchema = z.object({ milestones: z.array(milestoneSchema) });
export type PlanOrderResult = z.infer<typeof planOrderResultSchema>;

export const planPaths = {
  breakdown: apiPath('/api/goals/:id/breakdown'),
  plan: apiPath('/api/goals/:id/plan'),
  milestoneOrder: apiPath('/api/goals/:id/milestone-order'),
  taskOrder: apiPath('/api/goals/:id/task-order'),
} as const;
