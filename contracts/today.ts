import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { timestampSchema } from '#contracts/shared.ts';
import { taskSchema } from '#contracts/tasks.ts';

// Today's top three: the day's frozen picks, the others, and swapping one out.

export const scoreBreakdownSchema = z.object({
  due: z.number(),
  milestone: z.number(),
  topGoal: z.number(),
  priority: z.number(),
  staleness: z.number(),
  effort: z.number(),
});

export const topThreePickSchema = z.object({
  task: taskSchema,
  /** The strongest reason, one line ("Due today"). */
  reason: z.string(),
  /** Every reason that added points, strongest first. */
  reasons: z.array(z.string()),
  score: z.number(),
  breakdown: scoreBreakdownSchema,
});
export type TopThreePick = z.infer<typeof topThreePickSchema>;

/** The most `others` GET /api/tasks/today lists after the three. */
export const TODAY_OTHERS_LIMIT = 50;

export const todaySchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  /**
   * Frozen for the local date once shown: tasks stay (done ones too, so the day can be seen
   * through) until local midnight in the user's zone; only an empty place is filled.
   */
  topThree: z.array(topThreePickSchema).max(3),
  /**
   * The next best of today's open tasks, best first: at most TODAY_OTHERS_LIMIT (the full list is
   * GET /api/tasks?view=today).
   */
  others: z.array(taskSchema).max(TODAY_OTHERS_LIMIT),
  /** How many of today's open tasks there are besides the three (others may show fewer). */
  othersTotal: z.int().min(0),
  frozenAt: timestampSchema.nullable(),
});
export type Today = z.infer<typeof todaySchema>;

export const swapRequestSchema = z.object({
  taskId: z.uuid({ message: 'must be a task id (a UUID)' }),
});
export type SwapRequest = z.infer<typeof swapRequestSchema>;

export const swapResultSchema = todaySchema.extend({
  swap: z.object({
    /** Null when nothing could replace it: the task stays in the three. */
    removedTaskId: z.uuid().nullable(),
    /** Null when no other open task was left for today. */
    addedTaskId: z.uuid().nullable(),
    /** Why the new one came in ("Next best: Due tomorrow"), or that there is none. */
    reason: z.string(),
  }),
});
export type SwapResult = z.infer<typeof swapResultSchema>;

export const todayPaths = {
  today: apiPath('/api/tasks/today'),
  swap: apiPath('/api/tasks/today/swap'),
} as const;
