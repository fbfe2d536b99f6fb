import type { ExperimentStatus } from '#contracts/experiments.ts';

// An experiment's status follows its dates and what the person did (ADR 025); nothing stores it.

export interface StatusFacts {
  startDate: string;
  endDate: string;
  closed: 'ended' | 'abandoned' | null;
  closedOn: string | null;
}

export function statusOf(facts: StatusFacts, today: string): ExperimentStatus {
  if (facts.closed === 'abandoned') return 'abandoned';
  if (facts.closed === 'ended' || today > facts.endDate) return 'done';
  return today < facts.startDate ? 'planned' : 'running';
}

/** The last day that takes a check-in: the end, the day it was ended early, and never after today. */
export function lastCheckinDay(facts: StatusFacts, today: string): string {
  const last =
    facts.closedOn !== null && facts.closedOn < facts.endDate ? facts.closedOn : facts.endDate;
  return last < today ? last : today;
}

const ORDER: Record<ExperimentStatus, number> = { running: 0, planned: 1, done: 2, abandoned: 3 };

/** Running first, then planned, done, abandoned; the newest start first within each. */
export function compareExperiments(
  a: { status: ExperimentStatus; startDate: string },
  b: { status: ExperimentStatus; startDate: string },
): number {
  return ORDER[a.status] - ORDER[b.status] || b.startDate.localeCompare(a.startDate);
}
