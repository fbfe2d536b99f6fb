import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { taskRecurrenceSchema, weeklyHoursSchema } from '#contracts/coach.ts';
import { goalSchema, milestoneSchema, proposedBySchema } from '#contracts/goals.ts';
import { localDateSchema } from '#contracts/shared.ts';
import { estimatedMinutesSchema, taskSchema, taskTitleSchema } from '#contracts/tasks.ts';

// A goal's plan: the coach's breakdown proposes milestones and tasks and writes nothing; the user
// edits and accepts, and only POST /api/goals/{id}/plan writes.

/** POST /api/goals/{id}/breakdown: the stored goal, starting today; weekly hours override the goal's. */
export const breakdownRequestSchema = z.object({
  weeklyHours: weeklyHoursSchema.optional(),
});
export type BreakdownRequest = z.infer<typeof breakdownRequestSchema>;

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

export const planPaths = {
  breakdown: apiPath('/api/goals/:id/breakdown'),
  plan: apiPath('/api/goals/:id/plan'),
} as const;
