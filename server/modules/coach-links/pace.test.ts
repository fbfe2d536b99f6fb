import { describe, expect, it } from 'vitest';
import { behindPace } from './pace.ts';

const goal = (progress: number, status: 'active' | 'paused' = 'active') => ({
  status,
  progress,
  createdAt: '2026-01-01T09:00:00.000Z',
  deadline: '2026-01-31',
});

describe('behindPace', () => {
  it('is on pace while progress keeps up with the time gone, within the slack', () => {
    // 15 of 30 days gone: 50 % of the time.
    expect(behindPace(goal(50), '2026-01-16')).toBe(false);
    expect(behindPace(goal(40), '2026-01-16')).toBe(false);
  });

  it('is at risk once progress lags the time gone by more than the slack', () => {
    expect(behindPace(goal(39), '2026-01-16')).toBe(true);
    expect(behindPace(goal(0), '2026-01-10')).toBe(true);
  });

  it('is at risk on or after the deadline unless done', () => {
    expect(behindPace(goal(99), '2026-01-31')).toBe(true);
    expect(behindPace(goal(100), '2026-02-05')).toBe(false);
  });

  it('never counts a goal that is not active, or one set today', () => {
    expect(behindPace(goal(0, 'paused'), '2026-01-20')).toBe(false);
    expect(behindPace(goal(0), '2026-01-01')).toBe(false);
  });
});
