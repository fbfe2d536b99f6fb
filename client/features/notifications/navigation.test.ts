import { describe, expect, it } from 'vitest';
import { destinationOf } from './navigation.ts';
import { timeAgo } from './time-ago.ts';

describe('where a notification leads (spec §2)', () => {
  it('follows the type', () => {
    expect(destinationOf({ type: 'coach_message', coach_id: 'career' })).toBe(
      '/coaching/chat/career',
    );
    expect(destinationOf({ type: 'coach_message' })).toBeNull();
    expect(destinationOf({ type: 'goal_progress', data: { goal_id: 'g-1' } })).toBe('/goals/g-1');
    expect(destinationOf({ type: 'goal_progress', data: {} })).toBe('/goals');
    expect(destinationOf({ type: 'goal_progress' })).toBe('/goals');
    expect(destinationOf({ type: 'achievement' })).toBe('/achievements');
    expect(destinationOf({ type: 'insight' })).toBe('/coaching/team');
    expect(destinationOf({ type: 'other' })).toBeNull();
  });
});

describe('relative time with an "ago" suffix', () => {
  const now = new Date('2025-03-01T12:00:00.000Z');
  it.each([
    ['2025-03-01T11:59:30.000Z', 'less than a minute ago'],
    ['2025-03-01T12:00:05.000Z', 'less than a minute ago'],
    ['2025-03-01T11:59:00.000Z', '1 minute ago'],
    ['2025-03-01T11:55:00.000Z', '5 minutes ago'],
    ['2025-03-01T09:00:00.000Z', '3 hours ago'],
    ['2025-02-27T12:00:00.000Z', '2 days ago'],
    ['2025-02-15T12:00:00.000Z', '2 weeks ago'],
    ['2024-11-01T12:00:00.000Z', '4 months ago'],
    ['2023-01-01T12:00:00.000Z', '2 years ago'],
  ])('%s → %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });
});
