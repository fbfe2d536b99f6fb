import { describe, expect, it } from 'vitest';
import type { Experiment } from '#contracts/experiments.ts';
import {
  canCheckInToday,
  chartPoints,
  checkForm,
  emptyForm,
  endDateBounds,
  formatValue,
  groupExperiments,
  progressLabel,
  startDateBounds,
  withStartDate,
} from './experiment-state.ts';

const TODAY = '2025-03-11';

const experiment = (overrides: Partial<Experiment>): Experiment => ({
  id: crypto.randomUUID(),
  title: 'Experiment',
  hypothesis: 'H',
  change: 'C',
  metric: { kind: 'rating' },
  startDate: '2025-03-04',
  endDate: '2025-03-17',
  closedOn: null,
  status: 'running',
  goal: null,
  baseline: null,
  origin: 'person',
  days: 14,
  checkinWindow: { from: '2025-03-04', to: TODAY },
  checkinCount: 0,
  todayValue: null,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-04T10:00:00.000Z',
  ...overrides,
});

describe('groupExperiments', () => {
  it('keeps the order running, planned, done, abandoned and leaves out empty sections', () => {
    const list = [
      experiment({ title: 'a', status: 'abandoned' }),
      experiment({ title: 'r', status: 'running' }),
      experiment({ title: 'd', status: 'done' }),
    ];
    expect(groupExperiments(list).map((s) => [s.title, s.experiments.map((e) => e.title)])).toEqual(
      [
        ['Running', ['r']],
        ['Done', ['d']],
        ['Abandoned', ['a']],
      ],
    );
  });
});

describe('the create form', () => {
  it('starts today for two weeks and accepts a filled form as the request', () => {
    const form = {
      ...emptyForm(TODAY),
      title: ' No screens ',
      hypothesis: 'Better sleep',
      change: 'Phone away at 21:00',
      baseline: '2.5',
    };
    expect(form.endDate).toBe('2025-03-24');
    expect(checkForm(form, TODAY)).toEqual({
      errors: null,
      body: {
        title: ' No screens ',
        hypothesis: 'Better sleep',
        change: 'Phone away at 21:00',
        metric: { kind: 'rating' },
        startDate: TODAY,
        endDate: '2025-03-24',
        goalId: null,
        baseline: 2.5,
      },
    });
  });

  it('says what to fix, field by field', () => {
    const result = checkForm(
      {
        ...emptyForm(TODAY),
        metricKind: 'number',
        endDate: '2025-03-13',
        startDate: TODAY,
        baseline: 'lots',
      },
      TODAY,
    );
    expect(result.errors).toEqual({
      title: 'Must not be empty.',
      hypothesis: 'Must not be empty.',
      change: 'Must not be empty.',
      unit: 'Must not be empty.',
      endDate: 'Must be 7 to 28 days after the start, counting both.',
      baseline: 'Must be a number.',
    });
    const filled = { ...emptyForm(TODAY), title: 'T', hypothesis: 'H', change: 'C' };
    expect(
      checkForm({ ...filled, startDate: '2025-01-01', endDate: '2025-01-10' }, TODAY).errors,
    ).toEqual({
      startDate: 'Pick a day from 2025-02-12 to 2026-03-11.',
    });
    expect(checkForm({ ...filled, baseline: '7' }, TODAY).errors).toEqual({
      baseline: 'A rating baseline is from 1 to 5.',
    });
  });

  it('limits the date pickers to 7–28 days and keeps the length when the start moves', () => {
    expect(startDateBounds(TODAY)).toEqual({ min: '2025-02-12', max: '2026-03-11' });
    expect(endDateBounds('2025-03-11')).toEqual({ min: '2025-03-17', max: '2025-04-07' });
    expect(endDateBounds('')).toBeNull();
    const moved = withStartDate({ ...emptyForm(TODAY), endDate: '2025-03-20' }, '2025-03-15');
    expect(moved).toMatchObject({ startDate: '2025-03-15', endDate: '2025-03-24' });
  });
});

describe('figures and labels', () => {
  it('writes values, progress and whether today takes a check-in', () => {
    expect(formatValue({ kind: 'rating' }, 3.94)).toBe('3.9 / 5');
    expect(formatValue({ kind: 'number', unit: 'hours', better: 'higher' }, 7.5)).toBe('7.5 hours');
    expect(progressLabel(experiment({}), TODAY)).toBe('Day 8 of 14');
    expect(progressLabel(experiment({ status: 'planned', startDate: '2025-03-12' }), TODAY)).toBe(
      'Starts tomorrow',
    );
    expect(progressLabel(experiment({ status: 'done' }), TODAY)).toBe('14 days');
    expect(canCheckInToday(experiment({}), TODAY)).toBe(true);
    expect(
      canCheckInToday(
        experiment({ checkinWindow: { from: '2025-02-01', to: '2025-02-07' } }),
        TODAY,
      ),
    ).toBe(false);
    expect(canCheckInToday(experiment({ checkinWindow: null }), TODAY)).toBe(false);
  });

  it('draws one point per check-in, oldest first', () => {
    expect(chartPoints([{ date: '2025-03-04', value: 2 }], 'en-GB')).toEqual([
      { date: '2025-03-04', label: 'Tue 4 Mar', value: 2 },
    ]);
  });
});
