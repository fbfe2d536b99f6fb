import { z } from 'zod';
import { analyticsSummaryQuerySchema, completionSchema } from '#contracts/analytics.ts';
import { apiPath } from '#contracts/api-path.ts';
import { coachDomainSchema, coachEngineSchema } from '#contracts/coach.ts';

// /analytics/coach-effectiveness (ADR 030): how each coach's and each engine's proposals turned
// into work, from the coach's record of suggestions and the attribution on goals, milestones and
// tasks. Definitions, beside those of contracts/analytics.ts:
// - A *suggestion* is a proposal the coach answered with: a SMART goal (refine), a plan (breakdown)
//   or a proposal in chat. It belongs to the period by the person's local date when it was made;
//   it is *accepted* once the person created the goal or accepted the plan it carried, whenever.
// - Acceptance rate = accepted ÷ suggestions made in the period; null without any.
// - *Accepted tasks* are the tasks a coach's accepted plan created (and their later occurrences);
//   their completion is /analytics's: done ÷ (done + skipped + overdue open) over the period.
// - A *coach-guided goal* is a goal, not archived, created from a coach's proposal or given a
//   coach's plan; its progress is the goals' own figure today, whatever the period. A goal guided by
//   two engines counts once for each.

/** The same period as /analytics: `?days=7|30|90`, 30 by default; anything else is a 400. */
export const coachEffectivenessQuerySchema = analyticsSummaryQuerySchema;
export type CoachEffectivenessQuery = z.input<typeof coachEffectivenessQuerySchema>;

const count = z.int().min(0);
const rate = z.number().min(0).max(1).nullable();

export const effectivenessSchema = z.object({
  /** Suggestions made in the period, by kind. */
  suggestions: z.object({ goal: count, plan: count, chatProposal: count, total: count }),
  /** Of those, the ones accepted. */
  accepted: count,
  acceptanceRate: rate,
  /** The accepted tasks' completion over the period. */
  tasks: completionSchema,
  /** Coach-guided goals and their average progress (0–100, null without any). */
  goals: z.object({ count, averageProgress: z.number().min(0).max(100).nullable() }),
});
export type Effectiveness = z.infer<typeof effectivenessSchema>;

export const coachEffectivenessSchema = z.object({
  localDate: z.string(),
  timeZone: z.string(),
  days: z.int(),
  /** The period's first day (today − days + 1). */
  from: z.string(),
  /** Every coach, in the coach's order. */
  byCoach: z.array(effectivenessSchema.extend({ coach: coachDomainSchema })),
  /** The engines that made a suggestion in the period or guide a task or goal, in engine order. */
  byEngine: z.array(effectivenessSchema.extend({ engine: coachEngineSchema })),
});
export type CoachEffectiveness = z.infer<typeof coachEffectivenessSchema>;

export const coachEffectivenessPaths = {
  coachEffectiveness: apiPath('/api/analytics/coach-effectiveness'),
} as const;
