import { describe, expect, it } from 'vitest';
import type { Insight, InsightList } from '#contracts/insights.ts';
import {
  decisionNote,
  engineLabel,
  percent,
  streakChangeLabel,
  weeklyCompletion,
  withDecision,
  withRefreshed,
} from './insight-state.ts';

const SUGGESTION = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'add_task',
  goalId: '00000000-0000-4000-8000-000000000002',
  title: '10 minutes on Spanish',
  minutes: 10,
  text: 'Add a 10-minute task for “Spanish”: it had no progress this week.',
  state: 'open',
  taskId: null,
  decidedAt: null,
} as const;

function insight(id: string, weekStart: string, allDone: number, days: number): Insight {
  return {
    id,
    weekStart,
    engine: 'offline',
    generatedAt: `${weekStart}T06:00:00.000Z`,
    content: {
      period: { from: weekStart, to: weekStart },
      figures: {
        tasksDone: 1,
        skipped: 0,
        movedForward: [],
        slipping: [],
        stalledGoals: [],
        topThree: { days, allDone, rate: days === 0 ? null : allDone / days },
        streak: { before: 0, after: 0, best: 0 },
        lightestDay: null,
      },
      words: { headline: 'h', movedForward: 'm', slipping: 's', topThree: 't', streak: 'st' },
      suggestions: [SUGGESTION],
    },
  };
}

const list: InsightList = {
  weekStart: '2025-03-10',
  current: insight('00000000-0000-4000-8000-00000000000a', '2025-03-10', 4, 7),
  past: [
    insight('00000000-0000-4000-8000-00000000000b', '2025-03-03', 0, 0),
    insight('00000000-0000-4000-8000-00000000000c', '2025-02-24', 7, 7),
  ],
};

describe('insight state', () => {
  it('names the engine', () => {
    expect(engineLabel('offline')).toBe('Written by the offline coach');
    expect(engineLabel('claude-haiku-4-5')).toBe('Written by claude-haiku-4-5');
  });

  it('the streak change and rates in words', () => {
    expect(streakChangeLabel({ before: 1, after: 4 })).toBe('+3 days');
    expect(streakChangeLabel({ before: 2, after: 1 })).toBe('−1 day');
    expect(streakChangeLabel({ before: 2, after: 2 })).toBe('No change');
    expect(percent(4 / 7)).toBe('57%');
    expect(percent(null)).toBe('—');
  });

  it('the weekly completion, oldest first with this week last', () => {
    expect(weeklyCompletion(list).map((p) => [p.weekStart, p.rate])).toEqual([
      ['2025-02-24', 1],
      ['2025-03-03', null],
      ['2025-03-10', 4 / 7],
    ]);
    expect(weeklyCompletion({ ...list, current: null })).toHaveLength(2);
  });

  it('a decision replaces the insight wherever it is; a refresh replaces this week', () => {
    const past = list.past[0]!;
    const decided = {
      ...past,
      content: {
        ...past.content,
        suggestions: [{ ...SUGGESTION, state: 'dismissed' as const }],
      },
    };
    const next = withDecision(list, {
      insight: decided,
      suggestion: decided.content.suggestions[0]!,
    });
    expect(next.past[0]).toBe(decided);
    expect(next.current).toBe(list.current);
    expect(decisionNote(decided.content.suggestions[0]!)).toBe('Dismissed');
    expect(decisionNote(SUGGESTION)).toBeNull();

    const fresh = insight('00000000-0000-4000-8000-00000000000d', '2025-03-10', 5, 7);
    expect(withRefreshed(list, fresh).current).toBe(fresh);
    // An answer for another week (the week turned meanwhile) leaves the list to the next read.
    expect(withRefreshed(list, { ...fresh, weekStart: '2025-03-17' })).toBe(list);
  });
});
