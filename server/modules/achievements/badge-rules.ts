import {
  BADGES,
  type BadgeDefinition,
  type BadgeId,
  type BadgeProgress,
} from '#contracts/achievements.ts';
import { streakOf } from '#server/modules/dashboard/dashboard.service.ts';

/**
 * Which badges a person's history has earned, and how far they are from the others. Pure: the
 * service reads the facts (inside the transaction of the change being made) and awards what this
 * says. The definitions reused are the product's own: the streak is the dashboard's (`streakOf`:
 * days whose frozen top three were all done, the best run ever counts), goal progress is the goals
 * module's (`progress_reached`, the highest threshold a goal ever reached).
 */

/** The kinds of change a badge can follow; a caller names what it changed. */
export const badgeGroups = [
  'goals',
  'plan',
  'milestones',
  'progress',
  'top_three',
  'deliveries',
] as const;
export type BadgeGroup = (typeof badgeGroups)[number];

/** The facts one group's badges are decided on. */
export interface GroupFacts {
  goals: { goals: number };
  plan: { plansAccepted: number };
  milestones: { completedMilestones: number };
  progress: { bestReached: number; bestActiveProgress: number };
  top_three: { doneDays: readonly string[]; localDate: string };
  deliveries: { openedDates: readonly string[]; localDate: string };
}

export type Facts = { [G in BadgeGroup]?: GroupFacts[G] };

interface Rule {
  group: BadgeGroup;
  /** Whether the facts earn the badge. */
  earned(facts: Facts): boolean | null;
  /** Where the person stands toward it (null when the facts are missing). */
  current(facts: Facts): number | null;
}

const count = <G extends 'goals' | 'plan' | 'milestones'>(
  group: G,
  read: (facts: GroupFacts[G]) => number,
): Rule => ({
  group,
  earned: (facts) => {
    const own = facts[group];
    return own ? read(own) >= 1 : null;
  },
  current: (facts) => {
    const own = facts[group];
    return own ? read(own) : null;
  },
});

const streak = (days: number): Rule => ({
  group: 'top_three',
  earned: (facts) => {
    const own = facts.top_three;
    if (!own) return null;
    return own.doneDays.length > 0 && streakOf(own.doneDays, own.localDate).best >= days;
  },
  current: (facts) => {
    const own = facts.top_three;
    return own ? streakOf(own.doneDays, own.localDate).current : null;
  },
});

const reached = (threshold: number): Rule => ({
  group: 'progress',
  earned: (facts) => (facts.progress ? facts.progress.bestReached >= threshold : null),
  current: (facts) => (facts.progress ? facts.progress.bestActiveProgress : null),
});

/** The rule of every badge a change can earn; the others are awarded by their feature (`award`). */
const RULES: Partial<Record<BadgeId, Rule>> = {
  first_goal: count('goals', (f) => f.goals),
  first_plan: count('plan', (f) => f.plansAccepted),
  first_milestone: count('milestones', (f) => f.completedMilestones),
  first_full_day: {
    group: 'top_three',
    earned: (facts) => (facts.top_three ? facts.top_three.doneDays.length > 0 : null),
    current: (facts) => (facts.top_three ? facts.top_three.doneDays.length : null),
  },
  streak_3: streak(3),
  streak_7: streak(7),
  streak_30: streak(30),
  streak_100: streak(100),
  goal_25: reached(25),
  goal_50: reached(50),
  goal_75: reached(75),
  goal_100: reached(100),
  deliveries_week: {
    group: 'deliveries',
    earned: (facts) => {
      const own = facts.deliveries;
      if (!own) return null;
      return own.openedDates.length > 0 && streakOf(own.openedDates, own.localDate).best >= 7;
    },
    current: (facts) => {
      const own = facts.deliveries;
      return own ? streakOf(own.openedDates, own.localDate).current : null;
    },
  },
};

/** The badges whose rule belongs to one of `groups`. */
export function badgesOf(groups: readonly BadgeGroup[]): BadgeId[] {
  const wanted = new Set(groups);
  return BADGES.filter((badge) => {
    const rule = RULES[badge.id];
    return rule !== undefined && wanted.has(rule.group);
  }).map((badge) => badge.id);
}

/** The group a badge's rule reads (undefined for a badge its feature awards directly). */
export function groupOf(badge: BadgeId): BadgeGroup | undefined {
  return RULES[badge]?.group;
}

/** Which of `candidates` the facts earn (a badge whose group's facts are missing is not earned). */
export function earnedBadges(candidates: readonly BadgeId[], facts: Facts): BadgeId[] {
  return candidates.filter((badge) => RULES[badge]?.earned(facts) === true);
}

/**
 * Progress toward a locked badge: a current streak of 5 of 7 days, a goal at 60 of 75 %, 1 of 1
 * goal. Null for a badge without a counted rule (its feature awards it) or without facts.
 */
export function progressOf(definition: BadgeDefinition, facts: Facts): BadgeProgress | null {
  const current = RULES[definition.id]?.current(facts);
  if (current === null || current === undefined) return null;
  return {
    current: Math.min(Math.max(0, Math.floor(current)), definition.target),
    target: definition.target,
    unit: definition.unit,
  };
}
