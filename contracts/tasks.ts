import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { taskRecurrenceSchema } from '#contracts/coach.ts';
import { localDateSchema, timestampSchema } from '#contracts/shared.ts';

// Tasks: one-off and repeating, of a goal (and milestone) or of one's own.

export const taskStatuses = ['open', 'done', 'skipped'] as const;
export const taskStatusSchema = z.enum(taskStatuses, {
  message: `must be one of ${taskStatuses.join(', ')}`,
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid().nullable(),
  goalTitle: z.string().nullable(),
  milestoneId: z.uuid().nullable(),
  milestoneTitle: z.string().nullable(),
  title: z.string(),
  notes: z.string().nullable(),
  status: taskStatusSchema,
  /** The local date the task is planned for; null means "any day". */
  scheduledDate: z.string().nullable(),
  /** A hard due date, when the task has one. */
  dueDate: z.string().nullable(),
  /** Hidden from today and the top three until this local date. */
  snoozedUntil: z.string().nullable(),
  estimatedMinutes: z.int().nullable(),
  recurrence: taskRecurrenceSchema.nullable(),
  /** Occurrences of one repeating task share a series id (null for one-off tasks). */
  seriesId: z.uuid().nullable(),
  /** The last date the series repeats on (its milestone's due date, else the goal's deadline). */
  repeatsUntil: z.string().nullable(),
  completedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const taskViews = ['today', 'upcoming', 'overdue', 'all'] as const;
export const taskListQuerySchema = z.object({
  /**
   * today: open, scheduled today or earlier or unscheduled, not snoozed past today;
   * upcoming: open, scheduled after today (or snoozed past today); overdue: open and scheduled or
   * due before today; all: every task, done and skipped included.
   */
  view: z.enum(taskViews, { message: `must be one of ${taskViews.join(', ')}` }).default('all'),
  goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).optional(),
  status: taskStatusSchema.optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskListSchema = z.object({
  /** Today in the user's time zone, the date the views were computed for. */
  localDate: z.string(),
  /** Ordered by scheduled date (unscheduled last), then creation. */
  tasks: z.array(taskSchema),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskTitleSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(160, 'must be at most 160 characters');
const taskNotesSchema = z.string().trim().max(2000, 'must be at most 2000 characters');

/** The most minutes one task may be estimated at: a day. Forms cap their field with it. */
export const MAX_TASK_MINUTES = 1440;
export const estimatedMinutesSchema = z
  .int({ message: 'must be a whole number of minutes' })
  .min(1, 'must be at least 1 minute')
  .max(MAX_TASK_MINUTES, `must be at most ${MAX_TASK_MINUTES} minutes`);

export const createTaskSchema = z.object({
  title: taskTitleSchema,
  notes: taskNotesSchema.optional(),
  /** One of the user's goals; tasks of one's own may have none. */
  goalId: z.uuid({ message: 'must be a goal id (a UUID)' }).optional(),
  /** One of that goal's milestones (needs goalId). */
  milestoneId: z.uuid({ message: 'must be a milestone id (a UUID)' }).optional(),
  /** Today or later; on or before its milestone's due date and its goal's deadline. Default: today for a repeating task, else none. */
  scheduledDate: localDateSchema.optional(),
  dueDate: localDateSchema.optional(),
  estimatedMinutes: estimatedMinutesSchema.optional(),
  recurrence: taskRecurrenceSchema.optional(),
});
export type CreateTask = z.infer<typeof createTaskSchema>;

/** PATCH /api/tasks/{id}: one action per call. */
export const taskActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('complete') }),
    z.object({ action: z.literal('skip') }),
    /** Hide until a later local date (after today); the schedule stays. */
    z.object({ action: z.literal('snooze'), until: localDateSchema }),
    /** Move to another local date (today or later, on or before its milestone and goal). */
    z.object({ action: z.literal('reschedule'), to: localDateSchema }),
    z.object({ action: z.literal('reopen') }),
    z.object({
      action: z.literal('edit'),
      title: taskTitleSchema.optional(),
      notes: taskNotesSchema.nullable().optional(),
      dueDate: localDateSchema.nullable().optional(),
      estimatedMinutes: estimatedMinutesSchema.nullable().optional(),
      recurrence: taskRecurrenceSchema.nullable().optional(),
    }),
  ],
  { message: 'action must be one of complete, skip, snooze, reschedule, reopen, edit' },
);
export type TaskAction = z.infer<typeof taskActionSchema>;

export const taskActionResultSchema = z.object({
  task: taskSchema,
  /** The occurrence a repeating task generated when this one was completed or skipped. */
  nextOccurrence: taskSchema.nullable(),
});
export type TaskActionResult = z.infer<typeof taskActionResultSchema>;

/** DELETE on a task answers 200 `{ deleted: true }`. */
/**
 * Deleting a task: `series` (the default) removes it and ends its repeat; `occurrence` removes
 * only this occurrence of a repeating task, and the next one comes as if it had been closed.
 */
export const deleteTaskQuerySchema = z.object({
  scope: z
    .enum(['occurrence', 'series'], { error: 'Scope must be "occurrence" or "series".' })
    .default('series'),
});
export type DeleteTaskScope = z.infer<typeof deleteTaskQuerySchema>['scope'];

export const taskPaths = {
  tasks: apiPath('/api/tasks'),
  task: apiPath('/api/tasks/:id'),
} as const;
