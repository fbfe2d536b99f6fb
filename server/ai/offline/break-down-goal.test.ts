import { describe, expect, it } from 'vitest';
import { breakDownGoalOffline } from './break-down-goal.ts';

const input = {
  goal: {
    title: 'Run a 10k',
    domain: 'health' as const,
    specific: 'Run 10 km without stopping.',
    metric: { name: 'distance', target: 10, unit: 'km' },
    deadline: '2025-06-30',
    why: 'To feel strong.',
    firstStep: 'Run 2 km today.',
    weeklyHours: 3,
  },
  startDate: '2025-03-03',
  weeklyHours: 3,
  timeZone: 'UTC',
};

describe('breakDownGoalOffline with the plan so far', () => {
  it('says its hours count only what it proposes; a first breakdown says nothing of a plan', () => {
    const first = breakDownGoalOffline(input);
    expect(first.notes.join(' ')).not.toMatch(/already has/);
    const more = breakDownGoalOffline({
      ...input,
      existingPlan: {
        milestones: [{ title: 'Base', dueDate: '2025-03-30', done: false }],
        tasks: [{ title: 'Easy run', milestone: 'Base', status: 'open' }],
      },
    });
    expect(more.notes).toContain(
      'Your plan already has 1 milestone and 1 task; the hours above count only what is proposed here.',
    );
    // The plan itself is the same: what the goal has is left out after it is made.
    expect(more.milestones).toEqual(first.milestones);
  });
});
