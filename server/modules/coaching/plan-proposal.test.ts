import { describe, expect, it } from 'vitest';
import { existingPlanSchema, type BreakDownGoalOutput } from '#contracts/coach.ts';
import { existingPlanOf, onlyWhatThePlanLacks, type PlanOutline } from './plan-proposal.ts';

const proposal: BreakDownGoalOutput = {
  kind: 'plan',
  milestones: [
    { title: 'Base', description: 'Run 5 km.', dueDate: '2025-03-30' },
    { title: 'Build', description: 'Run 8 km.', dueDate: '2025-04-27' },
    { title: 'Race', description: 'Run 10 km.', dueDate: '2025-05-25' },
  ],
  tasks: [
    { title: 'Easy run', milestoneIndex: 0, scheduledDate: '2025-03-03', estimatedMinutes: 30 },
    { title: 'Buy shoes', milestoneIndex: 0, scheduledDate: '2025-03-04', estimatedMinutes: 45 },
    { title: 'Long run', milestoneIndex: 1, scheduledDate: '2025-03-31', estimatedMinutes: 60 },
    { title: 'Race day', milestoneIndex: 2, scheduledDate: '2025-05-25', estimatedMinutes: 90 },
  ],
  notes: ['A steady pace.'],
};

const empty: PlanOutline = { milestones: [], tasks: [] };

describe('onlyWhatThePlanLacks', () => {
  it('keeps a first breakdown whole', () => {
    const result = onlyWhatThePlanLacks(proposal, empty);
    expect(result).toEqual({ ...proposal, alreadyInPlan: 0 });
  });

  it('leaves out milestones and tasks the plan has, ignoring case and spacing', () => {
    const outline: PlanOutline = {
      milestones: [
        { id: 'm-base', title: ' base ', description: 'Mine.', dueDate: '2025-03-29', done: false },
      ],
      tasks: [
        { title: 'EASY  run', milestoneId: 'm-base', status: 'done' },
        // Same title, other milestone: not the same task.
        { title: 'Long run', milestoneId: null, status: 'open' },
      ],
    };
    const result = onlyWhatThePlanLacks(proposal, outline);
    // "Base" stays only to carry its new task, as the plan's own milestone.
    expect(result.milestones).toEqual([
      { title: ' base ', description: 'Mine.', dueDate: '2025-03-29', existingId: 'm-base' },
      proposal.milestones[1],
      proposal.milestones[2],
    ]);
    expect(result.tasks.map((t) => [t.title, t.milestoneIndex])).toEqual([
      ['Buy shoes', 0],
      ['Long run', 1],
      ['Race day', 2],
    ]);
    expect(result.alreadyInPlan).toBe(2);
    expect(result.notes[0]).toMatch(/2 of the coach’s milestones and tasks are already/);
  });

  it('drops an existing milestone with no new task and renumbers the tasks', () => {
    const outline: PlanOutline = {
      milestones: [
        { id: 'm-base', title: 'Base', description: 'x', dueDate: '2025-03-30', done: true },
      ],
      tasks: [
        { title: 'Easy run', milestoneId: 'm-base', status: 'open' },
        { title: 'Buy shoes', milestoneId: 'm-base', status: 'open' },
      ],
    };
    const result = onlyWhatThePlanLacks(proposal, outline);
    expect(result.milestones.map((m) => m.title)).toEqual(['Build', 'Race']);
    expect(result.tasks.map((t) => [t.title, t.milestoneIndex])).toEqual([
      ['Long run', 0],
      ['Race day', 1],
    ]);
  });

  it('proposes nothing when the plan has it all, and says so', () => {
    const outline: PlanOutline = {
      milestones: proposal.milestones.map((m, i) => ({ ...m, id: `m${i}`, done: false })),
      tasks: proposal.tasks.map((t) => ({
        title: t.title,
        milestoneId: `m${t.milestoneIndex}`,
        status: 'open' as const,
      })),
    };
    const result = onlyWhatThePlanLacks(proposal, outline);
    expect(result.milestones).toEqual([]);
    expect(result.tasks).toEqual([]);
    expect(result.alreadyInPlan).toBe(7);
    expect(result.notes[0]).toMatch(/already has everything/);
  });

  it('leaves out a task the proposal repeats within one milestone', () => {
    const repeated = { ...proposal, tasks: [...proposal.tasks, proposal.tasks[0]!] };
    expect(onlyWhatThePlanLacks(repeated, empty).tasks).toHaveLength(4);
  });
});

describe('existingPlanOf', () => {
  it('names each task’s milestone by title for the coach', () => {
    expect(
      existingPlanOf({
        milestones: [
          { id: 'a', title: 'Base', description: 'd', dueDate: '2025-03-30', done: true },
        ],
        tasks: [
          { title: 'Easy run', milestoneId: 'a', status: 'done' },
          { title: 'Stretch', milestoneId: null, status: 'open' },
        ],
      }),
    ).toEqual({
      milestones: [{ title: 'Base', dueDate: '2025-03-30', done: true }],
      tasks: [
        { title: 'Easy run', milestone: 'Base', status: 'done' },
        { title: 'Stretch', milestone: null, status: 'open' },
      ],
    });
  });

  it('lists a repeating task once however many occurrences it had, within what the coach takes', () => {
    const occurrences = Array.from({ length: 1500 }, () => ({
      title: 'Easy run',
      milestoneId: null,
      status: 'done' as const,
    }));
    const many = Array.from({ length: 1200 }, (_, i) => ({
      title: `Task ${i}`,
      milestoneId: null,
      status: 'open' as const,
    }));
    const plan = existingPlanOf({ milestones: [], tasks: [...occurrences, ...many] });
    expect(plan.tasks.filter((t) => t.title === 'Easy run')).toHaveLength(1);
    expect(existingPlanSchema.safeParse(plan).success).toBe(true);
  });
});
