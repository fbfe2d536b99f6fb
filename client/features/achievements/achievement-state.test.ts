import { describe, expect, it } from 'vitest';
import { BADGES, type Achievement, type AchievementList } from '#contracts/achievements.ts';
import { earnedOn, progressPercent, progressText, viewOf } from './achievement-state.ts';

function listOf(
  overrides: Partial<Record<Achievement['badge'], Partial<Achievement>>>,
): AchievementList {
  const achievements = BADGES.map((b) => ({
    badge: b.id,
    title: b.title,
    howToEarn: b.howToEarn,
    available: b.available,
    earnedAt: null,
    progress: null,
    ...overrides[b.id],
  }));
  return {
    achievements,
    earned: achievements.filter((a) => a.earnedAt !== null).length,
    total: achievements.length,
  };
}

describe('the achievements view', () => {
  it('puts the newest earned first and keeps the rest, locked, in the catalogue’s order', () => {
    const view = viewOf(
      listOf({
        first_goal: { earnedAt: '2025-03-01T09:00:00.000Z' },
        goal_25: { earnedAt: '2025-03-05T09:00:00.000Z' },
        first_plan: { earnedAt: '2025-03-01T09:00:00.000Z' },
      }),
    );
    expect(view.earned.map((a) => a.badge)).toEqual(['goal_25', 'first_goal', 'first_plan']);
    expect(view.locked[0]?.badge).toBe('first_full_day');
    expect(view.locked).toHaveLength(13);
    expect(view).toMatchObject({ earnedCount: 3, total: 16 });
  });

  it('the closest next badge is the one with the largest share done, never one not started', () => {
    const none = viewOf(
      listOf({ streak_3: { progress: { current: 0, target: 3, unit: 'days' } } }),
    );
    expect(none.next).toBeNull();
    const view = viewOf(
      listOf({
        streak_7: { progress: { current: 5, target: 7, unit: 'days' } },
        streak_30: { progress: { current: 5, target: 30, unit: 'days' } },
        goal_75: { progress: { current: 60, target: 75, unit: 'percent' } },
      }),
    );
    expect(view.next?.badge).toBe('goal_75');
  });

  it('says progress in words and as a bar’s fill', () => {
    expect(progressText({ current: 5, target: 7, unit: 'days' })).toBe('5 of 7 days');
    expect(progressText({ current: 60, target: 75, unit: 'percent' })).toBe('60 % of 75 %');
    expect(progressText({ current: 2, target: 3, unit: 'count' })).toBe('2 of 3');
    expect(progressPercent({ current: 60, target: 75, unit: 'percent' })).toBe(80);
    expect(progressPercent({ current: 9, target: 7, unit: 'days' })).toBe(100);
  });

  it('dates a badge in the person’s own zone', () => {
    // 23:30 UTC on 2 March is already 3 March in Auckland.
    expect(earnedOn('2025-03-02T23:30:00.000Z', 'Pacific/Auckland', 'en-GB')).toBe('3 March 2025');
    expect(earnedOn('2025-03-02T23:30:00.000Z', 'UTC', 'en-GB')).toBe('2 March 2025');
  });
});
