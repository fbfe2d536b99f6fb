import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#contracts/coaching.ts';
import {
  dayHeading,
  filtersFromSearch,
  filtersToSearch,
  groupByDay,
  hasHistoryFilters,
  historyQueryString,
  noHistoryFilters,
  toggleType,
} from './history-state.ts';

const GOAL = '5b0f7a3e-3333-4c2a-9d7e-000000000001';

function entry(id: string, at: string): HistoryEntry {
  return {
    id,
    type: 'task_done',
    at,
    title: id,
    detail: null,
    goalId: null,
    domain: null,
    href: '/tasks',
  };
}

describe('history filters in the URL', () => {
  it('round-trips every filter', () => {
    const filters = {
      types: ['task_done' as const, 'reflection' as const],
      goalId: GOAL,
      domain: 'health' as const,
      from: '2026-03-01',
      to: '2026-03-31',
    };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe(
      `types=task_done%2Creflection&goal=${GOAL}&domain=health&from=2026-03-01&to=2026-03-31`,
    );
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('a plain URL is no filter, and no filter is a plain URL', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(noHistoryFilters);
    expect(filtersToSearch(noHistoryFilters).toString()).toBe('');
    expect(hasHistoryFilters(noHistoryFilters)).toBe(false);
  });

  it('drops what is not valid and swaps dates given the wrong way round', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'types=reflection,nope,task_done,reflection&goal=abc&domain=cooking&from=2026-04-02&to=2026-03-01',
      ),
    );
    expect(filters).toEqual({
      types: ['task_done', 'reflection'],
      goalId: null,
      domain: null,
      from: '2026-03-01',
      to: '2026-04-02',
    });
    expect(filtersFromSearch(new URLSearchParams('from=2026-13-45')).from).toBeNull();
  });

  it('toggles a type on and off in the contract order', () => {
    const one = toggleType(noHistoryFilters, 'reflection');
    const two = toggleType(one, 'task_done');
    expect(two.types).toEqual(['task_done', 'reflection']);
    expect(toggleType(two, 'reflection').types).toEqual(['task_done']);
  });

  it("builds the API's query with the cursor and size", () => {
    expect(
      historyQueryString({ ...noHistoryFilters, types: ['consultation'], goalId: GOAL }, 'abc', 30),
    ).toBe(`types=consultation&goalId=${GOAL}&cursor=abc&limit=30`);
    expect(historyQueryString(noHistoryFilters, null, 30)).toBe('limit=30');
  });
});

describe('history days', () => {
  it('groups by the local day in the person’s zone, newest first, once per entry', () => {
    const entries = [
      entry('late', '2026-03-03T01:30:00.000Z'), // 2 Mar, 20:30 in New York
      entry('evening', '2026-03-02T23:00:00.000Z'),
      entry('morning', '2026-03-02T14:00:00.000Z'),
      entry('evening', '2026-03-02T23:00:00.000Z'),
      entry('before', '2026-03-01T14:00:00.000Z'),
    ];
    expect(
      groupByDay(entries, 'America/New_York').map((day) => [
        day.date,
        day.entries.map((e) => e.id),
      ]),
    ).toEqual([
      ['2026-03-02', ['late', 'evening', 'morning']],
      ['2026-03-01', ['before']],
    ]);
    expect(groupByDay(entries, 'UTC').map((day) => day.date)).toEqual([
      '2026-03-03',
      '2026-03-02',
      '2026-03-01',
    ]);
  });

  it('names today and yesterday, else the date', () => {
    expect(dayHeading('2026-03-02', '2026-03-02')).toBe('Today');
    expect(dayHeading('2026-03-01', '2026-03-02')).toBe('Yesterday');
    expect(dayHeading('2026-02-20', '2026-03-02')).toMatch(/20/);
  });
});
