import { describe, expect, it } from 'vitest';
import { lightestDay, streakChange, weekFigures } from './week-review.ts';

describe('weekly insight figures', () => {
  it('the streak before the period and at its end, each counting only the days up to it', () => {
    const done = [
      '2025-03-01',
      '2025-03-02',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
    ];
    expect(streakChange(done, '2025-03-03', '2025-03-09')).toEqual({
      before: 2,
      after: 4,
      best: 4,
    });
    // A streak that ended inside the period.
    expect(
      streakChange(['2025-03-01', '2025-03-02', '2025-03-03'], '2025-03-03', '2025-03-09'),
    ).toEqual({ before: 2, after: 0, best: 3 });
    // A day after the period does not count.
    expect(streakChange(['2025-03-10'], '2025-03-03', '2025-03-09').after).toBe(0);
  });

  it('the lightest of the seven days after today, the earliest on a tie', () => {
    const planned = [
      { date: '2025-03-11', minutes: 30 },
      { date: '2025-03-12', minutes: 10 },
    ];
    expect(lightestDay(planned, '2025-03-10')).toBe('2025-03-13');
    expect(lightestDay([], '2025-03-10')).toBe('2025-03-11');
  });

  it('stalled goals are the active ones with nothing done; top three counts the period only', () => {
    const figures = weekFigures({
      period: { from: '2025-03-03', to: '2025-03-09' },
      today: '2025-03-10',
      closed: [
        {
          date: '2025-03-04',
          status: 'done',
          domain: 'health',
          count: 2,
          minutes: 50,
          dated: 0,
          onTime: 0,
        },
        {
          date: '2025-03-05',
          status: 'skipped',
          domain: null,
          count: 1,
          minutes: 0,
          dated: 0,
          onTime: 0,
        },
      ],
      moved: [{ goalId: 'g1', title: 'Run', progress: 30, tasksDone: 2, minutes: 50 }],
      slipping: [],
      goals: [
        { id: 'g1', title: 'Run', domain: 'health', pinned: false, progress: 30 },
        { id: 'g2', title: 'Spanish', domain: 'career', pinned: false, progress: 0 },
      ],
      frozen: ['2025-03-04', '2025-03-05'],
      doneDays: ['2025-03-04'],
      planned: [],
    });
    expect(figures.tasksDone).toBe(2);
    expect(figures.skipped).toBe(1);
    expect(figures.stalledGoals).toEqual([{ goalId: 'g2', title: 'Spanish' }]);
    expect(figures.topThree).toEqual({ days: 2, allDone: 1, rate: 0.5 });
  });
});
