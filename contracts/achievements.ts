import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';

// Achievements (issue 17): badges a person earns once, awarded on the server in the transaction of
// the change that earned them. The catalogue lives here so the server's rules, the notification
// texts and the /achievements screen say the same thing.

export const badgeIds = [
  'first_goal',
  'first_plan',
  'first_full_day',
  'streak_3',
  'streak_7',
  'streak_30',
  'streak_100',
  'first_milestone',
  'goal_25',
  'goal_50',
  'goal_75',
  'goal_100',
  'first_reflection',
  'first_conversation',
  'assessment_done',
  'deliveries_week',
] as const;
export const badgeIdSchema = z.enum(badgeIds);
export type BadgeId = z.infer<typeof badgeIdSchema>;

/** How a badge's progress is counted on the way to it. */
export type BadgeUnit = 'count' | 'days' | 'percent';

export interface BadgeDefinition {
  id: BadgeId;
  title: string;
  /** How to earn it, said to the person ("Create your first goal."). */
  howToEarn: string;
  /** What is counted toward it, and how many (a streak of 7 days: days, 7). */
  unit: BadgeUnit;
  target: number;
  /**
   * False while the feature that awards it is not built yet: the screen lists it as locked with
   * how to earn it, and says it is coming.
   */
  available: boolean;
}

const badge = (
  id: BadgeId,
  title: string,
  howToEarn: string,
  unit: BadgeUnit,
  target: number,
  available = true,
): BadgeDefinition => ({ id, title, howToEarn, unit, target, available });

/** Every badge, in the order the screen shows them. */
export const BADGES: readonly BadgeDefinition[] = [
  badge('first_goal', 'First goal', 'Create your first goal.', 'count', 1),
  badge(
    'first_plan',
    'First plan',
    "Accept a plan for one of your goals (your coach's or your own).",
    'count',
    1,
  ),
  badge('first_full_day', 'Full top three', "Finish all of a day's top three tasks.", 'count', 1),
  badge('streak_3', '3-day streak', 'Finish your top three 3 days in a row.', 'days', 3),
  badge('streak_7', '7-day streak', 'Finish your top three 7 days in a row.', 'days', 7),
  badge('streak_30', '30-day streak', 'Finish your top three 30 days in a row.', 'days', 30),
  badge('streak_100', '100-day streak', 'Finish your top three 100 days in a row.', 'days', 100),
  badge('first_milestone', 'First milestone', 'Mark a milestone of a goal done.', 'count', 1),
  badge('goal_25', 'A quarter there', 'Bring a goal to 25 %.', 'percent', 25),
  badge('goal_50', 'Halfway', 'Bring a goal to 50 %.', 'percent', 50),
  badge('goal_75', 'Three quarters', 'Bring a goal to 75 %.', 'percent', 75),
  badge('goal_100', 'Goal reached', 'Bring a goal to 100 %.', 'percent', 100),
  badge(
    'first_reflection',
    'First reflection',
    'Write your first reflection with a coach.',
    'count',
    1,
    false,
  ),
  badge(
    'first_conversation',
    'First conversation',
    'Have your first conversation with a coach.',
    'count',
    1,
    false,
  ),
  badge('assessment_done', 'Self-assessment', 'Complete a coaching assessment.', 'count', 1),
  badge(
    'deliveries_week',
    'A week of mornings',
    'Open your daily delivery 7 days in a row.',
    'days',
    7,
  ),
];

export function badgeDefinition(id: BadgeId): BadgeDefinition {
  const found = BADGES.find((definition) => definition.id === id);
  if (!found) throw new RangeError(`Unknown badge: ${id}`);
  return found;
}

// --- GET /api/achievements ----------------------------------------------------------------------

export const badgeProgressSchema = z.object({
  /** Where the person stands now (a current streak of 5, a goal at 60 %). */
  current: z.int().min(0),
  /** What the badge asks (7 days, 75 %). */
  target: z.int().min(1),
  unit: z.enum(['count', 'days', 'percent']),
});
export type BadgeProgress = z.infer<typeof badgeProgressSchema>;

export const achievementSchema = z.object({
  badge: badgeIdSchema,
  title: z.string(),
  howToEarn: z.string(),
  /** False while the feature that awards it does not exist yet. */
  available: z.boolean(),
  /** ISO 8601 time it was awarded; null while locked. */
  earnedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Progress toward it while locked (null when earned, or when there is nothing to count). */
  progress: badgeProgressSchema.nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementListSchema = z.object({
  /** Every badge, earned or locked, in the catalogue's order. */
  achievements: z.array(achievementSchema),
  earned: z.int().min(0),
  total: z.int().min(1),
});
export type AchievementList = z.infer<typeof achievementListSchema>;

export const achievementPaths = {
  list: apiPath('/api/achievements'),
} as const;
