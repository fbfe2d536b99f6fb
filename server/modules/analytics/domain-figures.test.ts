import { describe, expect, it } from 'vitest';
import type { ClosedDayRow, DomainGoalRow, MeasurementRow } from './analytics.repo.ts';
import { domainGoalFigures, domainTotals, milestoneTimeline } from './domain-figures.ts';

const closed = (row: Partial<ClosedDayRow>): ClosedDayRow => ({
  date: '2025-03-10',
  status: 'done',
  domain: 'health',
  count: 1,
  minutes: 0,
  dated: 0,
  onTime: 0,
  ...row,
});

const value = (goalId: string, date: string, v: number): MeasurementRow => ({
  id: `${goalId}-${date}`,
  goalId,
  date,
  value: v,
  note: null,
  createdAt: '2025-03-10T00:00:00.000Z',
});

describe('domain figures', () => {
  it('counts minutes of the domain’s done tasks only, not skipped ones or other domains', () => {
    const totals = domainTotals(
      [
        closed({ count: 2, minutes: 50 }),
        closed({ status: 'skipped', minutes: 15 }),
        closed({ domain: 'career', minutes: 60 }),
        closed({ domain: null, minutes: 5 }),
      ],
      [{ since: '2025-03-08', domain: 'health', count: 1 }],
      'health',
    );
    expect(totals).toEqual({
      tasksDone: 2,
      minutesInvested: 50,
      completion: { done: 2, skipped: 1, overdueOpen: 1, rate: 0.5 },
    });
  });

  it('puts each milestone on the timeline as done, overdue or upcoming on today', () => {
    const row = { id: 'm', goalId: 'g', goalTitle: 'G', title: 'T' };
    expect(
      milestoneTimeline(
        [
          { ...row, dueDate: '2025-03-01', doneOn: '2025-03-02' },
          { ...row, dueDate: '2025-03-10', doneOn: null },
          { ...row, dueDate: '2025-03-11', doneOn: null },
        ],
        '2025-03-11',
      ).map((m) => m.state),
    ).toEqual(['done', 'overdue', 'upcoming']);
  });

  it('groups values by goal with the period’s total and the newest value ever', () => {
    const goal = (id: string, metric: unknown): DomainGoalRow => ({
      id,
      title: id,
      status: 'active',
      pinned: false,
      progress: 0,
      deadline: '2025-12-31',
      metric,
    });
    const [a, b] = domainGoalFigures(
      [goal('a', { name: 'weight', target: 70, unit: 'kg' }), goal('b', {})],
      [value('a', '2025-03-09', 80.5), value('a', '2025-03-10', 80)],
      [value('a', '2025-03-10', 80), value('b', '2024-12-01', 3)],
    );
    expect(a).toMatchObject({ periodTotal: 160.5, latest: { value: 80 } });
    expect(a?.measurements).toHaveLength(2);
    // A stored metric that is not one keeps the goal, with nothing to chart against.
    expect(b).toMatchObject({
      metric: null,
      measurements: [],
      periodTotal: 0,
      latest: { value: 3 },
    });
  });
});
