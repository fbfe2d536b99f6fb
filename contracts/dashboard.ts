import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { goalSchema, milestoneSummarySchema } from '#contracts/goals.ts';
import { topThreePickSchema } from '#contracts/today.ts';

export const upcomingMilestoneSchema = milestoneSummarySchema.extend({
  goalId: z.uuid(),
  goalTitle: z.string(),
});

export const dashboardSchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  /** The same frozen selection GET /api/tasks/today shows. */
  topThree: z.array(topThreePickSchema).max(3),
  /** Active goals with their progress, pinned first. */
  goals: z.array(goalSchema),
  /** Up to 5 milestones not yet done of active goals, soonest first. */
  nextMilestones: z.array(upcomingMilestoneSchema).max(5),
  /**
   * A streak day is a local date whose frozen top three were all done. current counts back from
   * today (if today's three are all done) or else from yesterday; best is the longest run.
   */
  streak: z.object({ current: z.int().min(0), best: z.int().min(0) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardPaths = {
  dashboard: apiPath('/api/dashboard'),
} as const;
