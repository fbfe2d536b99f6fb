import { describe, expect, it } from 'vitest';
import { effectivenessByCoach, effectivenessByEngine, type CoachRows } from './coach-figures.ts';

// The rules the route test's history does not reach: a goal guided more than one way counts once
// per coach (and per engine), and the engines listed are those with anything at all.

const rows: CoachRows = {
  suggestions: [
    { coach: 'health', engine: 'offline', kind: 'goal', made: 1, accepted: 1 },
    { coach: 'health', engine: 'anthropic', kind: 'plan', made: 3, accepted: 1 },
  ],
  tasks: [{ coach: 'health', engine: 'anthropic', done: 1, skipped: 0, overdueOpen: 1 }],
  goals: [
    // One goal proposed offline, then planned by Anthropic; another planned by Anthropic only.
    { coach: 'health', engine: 'offline', goalId: 'g1', progress: 30 },
    { coach: 'health', engine: 'anthropic', goalId: 'g1', progress: 30 },
    { coach: 'health', engine: 'anthropic', goalId: 'g2', progress: 61 },
  ],
};

describe('coach effectiveness figures', () => {
  it('counts a goal once per coach, however many engines guided it', () => {
    const [health] = effectivenessByCoach(rows);
    expect(health).toMatchObject({
      coach: 'health',
      suggestions: { goal: 1, plan: 3, chatProposal: 0, total: 4 },
      accepted: 2,
      acceptanceRate: 0.5,
      tasks: { done: 1, skipped: 0, overdueOpen: 1, rate: 0.5 },
      // (30 + 61) / 2, rounded.
      goals: { count: 2, averageProgress: 46 },
    });
  });

  it('counts per engine, listing only engines with a suggestion, task or goal', () => {
    const engines = effectivenessByEngine(rows);
    expect(engines.map((row) => row.engine)).toEqual(['offline', 'anthropic']);
    expect(engines[0]).toMatchObject({
      goals: { count: 1, averageProgress: 30 },
      tasks: { rate: null },
    });
    expect(engines[1]).toMatchObject({ acceptanceRate: 1 / 3, goals: { count: 2 } });
    expect(effectivenessByEngine({ suggestions: [], tasks: [], goals: [] })).toEqual([]);
  });
});
