import { describe, expect, it } from 'vitest';
import { BADGES, badgeDefinition, badgeIds } from '#contracts/achievements.ts';
import {
  badgeGroups,
  badgesOf,
  earnedBadges,
  groupOf,
  progressOf,
  type Facts,
} from './badge-rules.ts';

const TODAY = '2025-03-10';
const all = badgesOf(badgeGroups);

/** `n` consecutive dates ending on `last`, oldest first. */
function run(last: string, n: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) =>
    new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

const empty: Facts = {
  goals: { goals: 0 },
  plan: { plansAccepted: 0 },
  milestones: { completedMilestones: 0 },
  progress: { bestReached: 0, bestActiveProgress: 0 },
  top_three: { doneDays: [], localDate: TODAY },
  deliveries: { openedDates: [], localDate: TODAY },
};

describe('badge rules', () => {
  it('a person with no history has earned nothing', () => {
    expect(earnedBadges(all, empty)).toEqual([]);
  });

  it("the catalogue: every badge once, the three feature badges awarded by their feature; the assessment's is built", () => {
    expect(BADGES.map((b) => b.id)).toEqual([...badgeIds]);
    expect(badgeIds.filter((id) => groupOf(id) === undefined)).toEqual([
      'first_reflection',
      'first_conversation',
      'assessment_done',
    ]);
    expect(BADGES.filter((b) => !b.available).map((b) => b.id)).toEqual([
      'first_reflection',
      'first_conversation',
    ]);
  });

  it('first goal, first plan and first milestone follow their counts', () => {
    expect(earnedBadges(all, { ...empty, goals: { goals: 1 } })).toEqual(['first_goal']);
    expect(earnedBadges(all, { ...empty, plan: { plansAccepted: 2 } })).toEqual(['first_plan']);
    expect(earnedBadges(all, { ...empty, milestones: { completedMilestones: 1 } })).toEqual([
      'first_milestone',
    ]);
  });

  it('goal badges follow the highest threshold a goal ever reached, not where it stands now', () => {
    const at = (bestReached: number, bestActiveProgress = 0): Facts => ({
      ...empty,
      progress: { bestReached, bestActiveProgress },
    });
    expect(earnedBadges(all, at(0, 24))).toEqual([]);
    expect(earnedBadges(all, at(25))).toEqual(['goal_25']);
    expect(earnedBadges(all, at(75, 10))).toEqual(['goal_25', 'goal_50', 'goal_75']);
    expect(earnedBadges(all, at(100))).toEqual(['goal_25', 'goal_50', 'goal_75', 'goal_100']);
    expect(progressOf(badgeDefinition('goal_75'), at(50, 60))).toEqual({
      current: 60,
      target: 75,
      unit: 'percent',
    });
  });

  it('a full top-three day and the streaks follow the dashboard’s best run, however long ago', () => {
    const days = (doneDays: string[]): Facts => ({
      ...empty,
      top_three: { doneDays, localDate: TODAY },
    });
    expect(earnedBadges(all, days(['2025-01-01']))).toEqual(['first_full_day']);
    expect(earnedBadges(all, days(run('2025-03-09', 2)))).toEqual(['first_full_day']);
    expect(earnedBadges(all, days(run('2025-03-09', 3)))).toEqual(['first_full_day', 'streak_3']);
    // Seven days with a gap are two runs of 3 and 3: no 7.
    const gapped = [...run('2025-02-03', 3), ...run('2025-02-07', 3)];
    expect(earnedBadges(all, days(gapped))).toEqual(['first_full_day', 'streak_3']);
    // A run of 7 that ended a month ago still earned its badges.
    expect(earnedBadges(all, days(run('2025-02-01', 7)))).toEqual([
      'first_full_day',
      'streak_3',
      'streak_7',
    ]);
    expect(earnedBadges(all, days(run('2025-03-10', 30)))).toContain('streak_30');
    expect(earnedBadges(all, days(run('2025-03-10', 99)))).not.toContain('streak_100');
    expect(earnedBadges(all, days(run('2025-03-10', 100)))).toContain('streak_100');
  });

  it('streak progress counts the current run (today’s, or up to yesterday while today is open)', () => {
    const facts: Facts = {
      ...empty,
      top_three: { doneDays: [...run('2025-02-01', 6), ...run('2025-03-09', 5)], localDate: TODAY },
    };
    expect(progressOf(badgeDefinition('streak_7'), facts)).toEqual({
      current: 5,
      target: 7,
      unit: 'days',
    });
    // Progress never shows more than the badge asks.
    expect(progressOf(badgeDefinition('streak_3'), facts)?.current).toBe(3);
  });

  it('a week of deliveries opened is 7 consecutive local dates with an opened delivery', () => {
    const opened = (openedDates: string[]): Facts => ({
      ...empty,
      deliveries: { openedDates, localDate: TODAY },
    });
    expect(earnedBadges(all, opened(run('2025-03-10', 6)))).toEqual([]);
    expect(earnedBadges(all, opened([...run('2025-03-03', 3), ...run('2025-03-10', 4)]))).toEqual(
      [],
    );
    expect(earnedBadges(all, opened(run('2025-03-10', 7)))).toEqual(['deliveries_week']);
    expect(progressOf(badgeDefinition('deliveries_week'), opened(run('2025-03-09', 4)))).toEqual({
      current: 4,
      target: 7,
      unit: 'days',
    });
  });

  it('only the groups asked for are decided; missing facts earn nothing', () => {
    expect(badgesOf(['goals'])).toEqual(['first_goal']);
    expect(badgesOf(['top_three'])).toEqual([
      'first_full_day',
      'streak_3',
      'streak_7',
      'streak_30',
      'streak_100',
    ]);
    expect(earnedBadges(all, { goals: { goals: 3 } })).toEqual(['first_goal']);
    expect(progressOf(badgeDefinition('streak_7'), { goals: { goals: 3 } })).toBeNull();
    expect(progressOf(badgeDefinition('first_reflection'), empty)).toBeNull();
  });
});
