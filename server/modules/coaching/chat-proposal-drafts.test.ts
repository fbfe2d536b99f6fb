import { describe, expect, it } from 'vitest';
import type { PersonFacts, ProposedChange } from '#server/ai/conversation.ts';
import { MAX_PROPOSALS, proposalRows } from './chat-proposal-drafts.ts';

const GOAL = '00000000-0000-4000-8000-000000000001';
const TASK = '00000000-0000-4000-8000-000000000002';
const STRANGER = '00000000-0000-4000-8000-000000000099';

const facts: PersonFacts = {
  today: '2025-03-03',
  timeZone: 'UTC',
  firstName: null,
  goals: [
    {
      id: GOAL,
      title: 'Run a 10k',
      domain: 'health',
      deadline: '2025-06-30',
      progress: 10,
      weeklyHours: 3,
      pinned: false,
      nextMilestone: null,
    },
  ],
  topThree: [],
  streak: { current: 0, best: 0 },
  week: { done: 0, skipped: 0, topThreeDays: 0, topThreeAllDone: 0 },
  missed: [{ taskId: TASK, title: 'Stretch', scheduledDate: '2025-03-01', goalId: GOAL }],
  upcoming: [],
  dailyCapacityMinutes: 60,
  memory: [],
};

const addTask = (goalId: string | null, title = 'Easy run'): ProposedChange => ({
  draft: { kind: 'add_task', title, goalId, date: '2025-03-04', minutes: 20 },
  reason: '  Your legs need an easy day.  ',
});

describe('the proposals a reply may store', () => {
  it('keeps drafts of the person’s own goals and tasks, with the goal they serve', () => {
    const move: ProposedChange = {
      draft: {
        kind: 'move_task',
        taskId: TASK,
        title: 'Stretch',
        from: '2025-03-01',
        to: '2025-03-05',
      },
      reason: 'It slipped.',
    };
    expect(proposalRows([addTask(GOAL), addTask(null), move], facts)).toEqual([
      { draft: addTask(GOAL).draft, reason: 'Your legs need an easy day.', goalId: GOAL },
      { draft: addTask(null).draft, reason: 'Your legs need an easy day.', goalId: null },
      { draft: move.draft, reason: 'It slipped.', goalId: GOAL },
    ]);
  });

  it('drops a goal or task that is not among the person’s, a bad draft and an empty reason', () => {
    const foreignTask: ProposedChange = {
      draft: { kind: 'move_task', taskId: STRANGER, title: 'x', from: null, to: '2025-03-05' },
      reason: 'Move it.',
    };
    const badDraft = { draft: { kind: 'add_task', title: '' }, reason: 'x' } as never;
    expect(
      proposalRows(
        [addTask(STRANGER), foreignTask, badDraft, { ...addTask(GOAL), reason: '  ' }],
        facts,
      ),
    ).toEqual([]);
  });

  it('keeps at most MAX_PROPOSALS, with reasons cut to 400 characters', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      ...addTask(GOAL, `Run ${i}`),
      reason: 'r'.repeat(500),
    }));
    const kept = proposalRows(many, facts);
    expect(kept).toHaveLength(MAX_PROPOSALS);
    expect(kept[0]?.reason).toHaveLength(400);
  });
});
