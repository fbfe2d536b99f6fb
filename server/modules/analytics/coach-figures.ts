import type { Effectiveness } from '#contracts/coach-effectiveness.ts';
import {
  coachDomains,
  coachEngines,
  type CoachDomain,
  type CoachEngine,
} from '#contracts/coach.ts';
import type {
  AttributedTasksRow,
  GuidedGoalRow,
  SuggestionCountRow,
} from './coach-effectiveness.repo.ts';
import { completionOf, ratio } from './figures.ts';

// /analytics/coach-effectiveness's figures from the grouped rows: pure, tested without a database.
// The definitions are written once, in contracts/coach-effectiveness.ts.

export interface CoachRows {
  suggestions: readonly SuggestionCountRow[];
  tasks: readonly AttributedTasksRow[];
  goals: readonly GuidedGoalRow[];
}

type Keyed = { coach: CoachDomain; engine: CoachEngine };

/** The figures of the rows `belongs` picks (one coach, or one engine). */
export function effectivenessOf(rows: CoachRows, belongs: (row: Keyed) => boolean): Effectiveness {
  const suggestions = rows.suggestions.filter(belongs);
  const made = (kind: SuggestionCountRow['kind']) =>
    suggestions.reduce((sum, row) => sum + (row.kind === kind ? row.made : 0), 0);
  const total = suggestions.reduce((sum, row) => sum + row.made, 0);
  const accepted = suggestions.reduce((sum, row) => sum + row.accepted, 0);
  const tasks = rows.tasks.filter(belongs);
  const sum = (pick: (row: AttributedTasksRow) => number) =>
    tasks.reduce((acc, row) => acc + pick(row), 0);
  // A goal guided by this coach (or engine) more than one way counts once.
  const progress = new Map(rows.goals.filter(belongs).map((row) => [row.goalId, row.progress]));
  const progressSum = [...progress.values()].reduce((acc, value) => acc + value, 0);
  return {
    suggestions: {
      goal: made('goal'),
      plan: made('plan'),
      chatProposal: made('chat_proposal'),
      total,
    },
    accepted,
    acceptanceRate: ratio(accepted, total),
    tasks: completionOf(
      sum((row) => row.done),
      sum((row) => row.skipped),
      sum((row) => row.overdueOpen),
    ),
    goals: {
      count: progress.size,
      averageProgress: progress.size === 0 ? null : Math.round(progressSum / progress.size),
    },
  };
}

/** Every coach, in the coach's order. */
export function effectivenessByCoach(rows: CoachRows) {
  return coachDomains.map((coach) => ({
    coach,
    ...effectivenessOf(rows, (row) => row.coach === coach),
  }));
}

/** The engines with a suggestion, a task or a goal, in engine order. */
export function effectivenessByEngine(rows: CoachRows) {
  const present = new Set<CoachEngine>(
    [...rows.suggestions, ...rows.tasks, ...rows.goals].map((row) => row.engine),
  );
  return coachEngines
    .filter((engine) => present.has(engine))
    .map((engine) => ({ engine, ...effectivenessOf(rows, (row) => row.engine === engine) }));
}
