import { describe, expect, it } from 'vitest';
import { computeProgress, crossedThresholds, type ProgressTask } from './progress.ts';

const task = (overrides: Partial<ProgressTask> = {}): ProgressTask => ({
  milestoneId: null,
  status: 'open',
  seriesId: null,
  scheduledDate: '2025-03-03',
  recurrence: null,
  repeatsUntil: null,
  ...overrides,
});

describe('goal progress', () => {
  it('without milestones: done one-off tasks over those not skipped', () => {
    const tasks = [task({ status: 'done' }), task(), task({ status: 'skipped' }), task()];
    expect(computeProgress({ status: 'active', milestones: [], tasks }).goal).toBe(33);
    expect(computeProgress({ status: 'active', milestones: [], tasks: [] }).goal).toBe(0);
  });

  it('with milestones: each an equal share; marked done counts fully; loose tasks do not count', () => {
    const milestones = [
      { id: 'a', done: false },
      { id: 'b', done: true },
      { id: 'c', done: false },
    ];
    const tasks = [
      task({ milestoneId: 'a', status: 'done' }),
      task({ milestoneId: 'a' }),
      task({ milestoneId: 'b' }),
      task({ status: 'done' }),
    ];
    const progress = computeProgress({ status: 'active', milestones, tasks });
    expect(progress.goal).toBe(50);
    expect([...progress.milestones]).toEqual([
      ['a', 50],
      ['b', 100],
      ['c', 0],
    ]);
    expect(computeProgress({ status: 'completed', milestones, tasks }).goal).toBe(100);
  });

  it('a repeating series is measured against the sessions expected until its end', () => {
    const weekly = { kind: 'weekly' as const, timesPerWeek: 3 };
    // 14 days at 3 a week: 6 expected; 2 done and one open.
    const series = [
      task({ seriesId: 's', recurrence: weekly, repeatsUntil: '2025-03-16', status: 'done' }),
      task({
        seriesId: 's',
        recurrence: weekly,
        repeatsUntil: '2025-03-16',
        status: 'done',
        scheduledDate: '2025-03-05',
      }),
      task({
        seriesId: 's',
        recurrence: weekly,
        repeatsUntil: '2025-03-16',
        scheduledDate: '2025-03-07',
      }),
    ];
    expect(computeProgress({ status: 'active', milestones: [], tasks: series }).goal).toBe(33);
    // Ran out with nothing open: done over closed.
    const ended = series.map((t) => ({ ...t, status: 'done' as const }));
    expect(computeProgress({ status: 'active', milestones: [], tasks: ended }).goal).toBe(100);
    // Never 100 while an occurrence is still open, whatever the estimate.
    const many = Array.from({ length: 10 }, (_, i) =>
      task({
        seriesId: 'm',
        recurrence: weekly,
        repeatsUntil: '2025-03-04',
        status: i < 9 ? 'done' : 'open',
      }),
    );
    expect(computeProgress({ status: 'active', milestones: [], tasks: many }).goal).toBe(90);
  });

  it('a session of a repeating task weighs as much as a one-off task: an easy run moves the goal', () => {
    const weekly = { kind: 'weekly' as const, timesPerWeek: 3 };
    // Four milestones; the first holds "Easy run" 3 a week for four weeks (12 sessions) and two
    // one-off tasks.
    const milestones = ['a', 'b', 'c', 'd'].map((id) => ({ id, done: false }));
    const run = (status: ProgressTask['status'], scheduledDate: string) =>
      task({
        milestoneId: 'a',
        seriesId: 'run',
        recurrence: weekly,
        repeatsUntil: '2025-03-30',
        status,
        scheduledDate,
      });
    const oneOffs = [task({ milestoneId: 'a' }), task({ milestoneId: 'a' })];
    const afterRun = computeProgress({
      status: 'active',
      milestones,
      tasks: [run('done', '2025-03-03'), run('open', '2025-03-05'), ...oneOffs],
    });
    // One of 14 sessions: 7 % of the milestone, and the goal is no longer at 0 %.
    expect(afterRun.milestones.get('a')).toBe(7);
    expect(afterRun.goal).toBe(1);
    const afterOneOff = computeProgress({
      status: 'active',
      milestones,
      tasks: [
        run('open', '2025-03-03'),
        task({ milestoneId: 'a', status: 'done' }),
        task({ milestoneId: 'a' }),
      ],
    });
    expect(afterOneOff.milestones.get('a')).toBe(afterRun.milestones.get('a'));
    // Four runs of the twelve move the goal as four one-offs would.
    const fourRuns = computeProgress({
      status: 'active',
      milestones,
      tasks: [
        ...['2025-03-03', '2025-03-05', '2025-03-07', '2025-03-10'].map((d) => run('done', d)),
        run('open', '2025-03-12'),
        ...oneOffs,
      ],
    });
    expect(fourRuns.milestones.get('a')).toBe(28);
    expect(fourRuns.goal).toBe(7);
  });

  it('announces each threshold once: only those above the highest reached', () => {
    expect(crossedThresholds(0, 24)).toEqual([]);
    expect(crossedThresholds(0, 80)).toEqual([25, 50, 75]);
    expect(crossedThresholds(75, 60)).toEqual([]);
    expect(crossedThresholds(75, 100)).toEqual([100]);
    expect(crossedThresholds(100, 100)).toEqual([]);
  });
});
