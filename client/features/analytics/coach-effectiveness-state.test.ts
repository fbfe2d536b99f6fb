import { describe, expect, it } from 'vitest';
import type { CoachEffectiveness, Effectiveness } from '#contracts/coach-effectiveness.ts';
import { coachDomains } from '#contracts/coach.ts';
import {
  bestCompletion,
  coachBars,
  isEmptyReport,
  reportTotals,
  suggestionsText,
} from './coach-effectiveness-state.ts';

const none: Effectiveness = {
  suggestions: { goal: 0, plan: 0, chatProposal: 0, total: 0 },
  accepted: 0,
  acceptanceRate: null,
  tasks: { done: 0, skipped: 0, overdueOpen: 0, rate: null },
  goals: { count: 0, averageProgress: null },
};

function report(figures: Partial<Record<string, Partial<Effectiveness>>> = {}): CoachEffectiveness {
  return {
    localDate: '2025-03-11',
    timeZone: 'UTC',
    days: 30,
    from: '2025-02-10',
    byCoach: coachDomains.map((coach) => ({ coach, ...none, ...figures[coach] })),
    byEngine: [],
  };
}

describe('coach effectiveness state', () => {
  it('is empty until the coach proposed something or guides a task or goal', () => {
    expect(isEmptyReport(report())).toBe(true);
    expect(isEmptyReport(report({ career: { goals: { count: 1, averageProgress: 0 } } }))).toBe(
      false,
    );
    expect(
      isEmptyReport(
        report({ health: { tasks: { done: 0, skipped: 1, overdueOpen: 0, rate: 0 } } }),
      ),
    ).toBe(false);
  });

  it('totals suggestions, acceptance and completion over the coaches', () => {
    const totals = reportTotals(
      report({
        health: {
          suggestions: { goal: 2, plan: 1, chatProposal: 0, total: 3 },
          accepted: 2,
          tasks: { done: 2, skipped: 1, overdueOpen: 1, rate: 0.5 },
        },
        career: {
          suggestions: { goal: 0, plan: 0, chatProposal: 1, total: 1 },
          tasks: { done: 1, skipped: 0, overdueOpen: 0, rate: 1 },
        },
      }),
    );
    expect(totals).toEqual({
      made: 4,
      accepted: 2,
      acceptanceRate: 0.5,
      done: 3,
      closedOrDue: 5,
      completionRate: 0.6,
    });
    expect(reportTotals(report())).toMatchObject({ acceptanceRate: null, completionRate: null });
  });

  it('draws one pair of bars per coach and names the best completion', () => {
    const data = report({
      health: { acceptanceRate: 0.5, tasks: { done: 1, skipped: 1, overdueOpen: 0, rate: 0.5 } },
      career: { acceptanceRate: 1, tasks: { done: 3, skipped: 0, overdueOpen: 1, rate: 0.75 } },
    });
    expect(coachBars(data)).toEqual([
      { label: 'Health', acceptance: 0.5, completion: 0.5 },
      { label: 'Career', acceptance: 1, completion: 0.75 },
      { label: 'Relationships', acceptance: null, completion: null },
      { label: 'Personal development', acceptance: null, completion: null },
    ]);
    expect(bestCompletion(data)?.coach).toBe('career');
    expect(bestCompletion(report())).toBeNull();
  });

  it('says the suggestions by kind', () => {
    expect(suggestionsText({ goal: 2, plan: 1, chatProposal: 0, total: 3 })).toBe(
      '2 goals · 1 plan',
    );
    expect(suggestionsText({ goal: 0, plan: 0, chatProposal: 1, total: 1 })).toBe(
      '1 chat proposal',
    );
    expect(suggestionsText(none.suggestions)).toBe('None');
  });
});
