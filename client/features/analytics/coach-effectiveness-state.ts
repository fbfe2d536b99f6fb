import type { CoachEffectiveness, Effectiveness } from '#contracts/coach-effectiveness.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import { domainNames } from './format.ts';

// Pure pieces of /analytics/coach-effectiveness: whether there is anything to show, the totals
// over every coach, and the rows the chart and the tables share.

export const engineNames: Record<CoachEngine, string> = {
  offline: 'Offline coach',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** True when the coach has proposed nothing in the period and guides no task or goal. */
export function isEmptyReport(report: CoachEffectiveness): boolean {
  return report.byCoach.every(
    (row) =>
      row.suggestions.total === 0 &&
      row.goals.count === 0 &&
      row.tasks.done + row.tasks.skipped + row.tasks.overdueOpen === 0,
  );
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** The period's totals over every coach (each suggestion and task has one coach). */
export function reportTotals(report: CoachEffectiveness) {
  const sum = (pick: (row: Effectiveness) => number) =>
    report.byCoach.reduce((total, row) => total + pick(row), 0);
  const made = sum((row) => row.suggestions.total);
  const accepted = sum((row) => row.accepted);
  const done = sum((row) => row.tasks.done);
  const closedOrDue = sum((row) => row.tasks.done + row.tasks.skipped + row.tasks.overdueOpen);
  return {
    made,
    accepted,
    acceptanceRate: ratio(accepted, made),
    done,
    closedOrDue,
    completionRate: ratio(done, closedOrDue),
  };
}

export interface CoachBarRow {
  label: string;
  acceptance: number | null;
  completion: number | null;
}

/** One pair of bars per coach: acceptance and the accepted tasks' completion. */
export function coachBars(report: CoachEffectiveness): CoachBarRow[] {
  return report.byCoach.map((row) => ({
    label: domainNames[row.coach],
    acceptance: row.acceptanceRate,
    completion: row.tasks.rate,
  }));
}

/** "2 goals · 1 plan · 1 chat proposal"; "None" without any. */
export function suggestionsText(suggestions: Effectiveness['suggestions']): string {
  const parts = [
    [suggestions.goal, 'goal', 'goals'],
    [suggestions.plan, 'plan', 'plans'],
    [suggestions.chatProposal, 'chat proposal', 'chat proposals'],
  ] as const;
  const said = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  return said.length === 0 ? 'None' : said.join(' · ');
}

/** The coach whose accepted tasks went best (the first of ties), for the chart's summary. */
export function bestCompletion(report: CoachEffectiveness) {
  return report.byCoach.reduce<CoachEffectiveness['byCoach'][number] | null>(
    (best, row) =>
      row.tasks.rate !== null && (best === null || row.tasks.rate > (best.tasks.rate ?? -1))
        ? row
        : best,
    null,
  );
}
