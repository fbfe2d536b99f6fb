import {
  BASELINE_DAYS,
  MIN_AFTER_CHECKINS,
  type ExperimentMetric,
  type ExperimentResult,
  type ExperimentStatus,
  type ExperimentVerdict,
} from '#contracts/experiments.ts';
import { addDays } from '#contracts/local-date.ts';

// The before/after result of an experiment, without I/O (ADR 025). "Before" is the baseline the
// person gave, or else the check-ins of the first BASELINE_DAYS days; "after" is every later
// check-in (all of them with a given baseline). A change counts when it passes a small threshold:
// 0.3 on the 1–5 rating, 5 % of the "before" for a number.

export interface ResultInput {
  metric: ExperimentMetric;
  baseline: number | null;
  startDate: string;
  status: ExperimentStatus;
  checkins: ReadonlyArray<{ date: string; value: number }>;
}

const RATING_THRESHOLD = 0.3;
const NUMBER_THRESHOLD = 0.05;

/** One decimal, as the screen shows figures (2.75 → 2.8, 3 → 3). */
export function roundFigure(value: number): number {
  return Math.round(value * 10) / 10;
}

function average(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function period(checkins: ResultInput['checkins']) {
  const dates = checkins.map((checkin) => checkin.date).sort();
  const mean = average(checkins.map((checkin) => checkin.value));
  return {
    from: dates[0] ?? null,
    to: dates.at(-1) ?? null,
    checkins: checkins.length,
    average: mean === null ? null : roundFigure(mean),
  };
}

function verdictOf(metric: ExperimentMetric, before: number, change: number): ExperimentVerdict {
  const threshold =
    metric.kind === 'rating' ? RATING_THRESHOLD : Math.abs(before) * NUMBER_THRESHOLD;
  if (Math.abs(change) < threshold || change === 0) return 'no_clear_change';
  const higherIsBetter = metric.kind === 'rating' || metric.better === 'higher';
  return change > 0 === higherIsBetter ? 'helps' : 'hurts';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);

function sentence(
  input: ResultInput,
  before: number,
  after: number,
  change: number,
  verdict: ExperimentVerdict,
): string {
  const unit = input.metric.kind === 'number' ? ` ${input.metric.unit}` : '';
  const subject = input.metric.kind === 'rating' ? 'Your rating' : 'Your check-ins';
  const soFar = input.status === 'done' ? '' : ' so far';
  if (verdict === 'no_clear_change') {
    return `${subject} stayed about the same (${before}${unit} before, ${after}${unit} since) — no clear effect${soFar}.`;
  }
  const moved = change > 0 ? 'rose' : 'fell';
  const effect =
    verdict === 'helps' ? 'the change seems to help' : 'the change seems to make it worse';
  return `${subject} ${moved} from ${before} to ${after}${unit} on average (${signed(change)})${soFar} — ${effect}.`;
}

function notEnough(input: ResultInput, hasBefore: boolean, afterCount: number): string {
  if (!hasBefore) {
    return `Not enough check-ins yet: the first ${BASELINE_DAYS} days set your starting point. Check in on one of them, or give your usual value as a baseline.`;
  }
  const missing = plural(MIN_AFTER_CHECKINS - afterCount, 'more day');
  return input.baseline === null
    ? `Not enough check-ins yet: check in on ${missing} after the first ${BASELINE_DAYS} days to see a result.`
    : `Not enough check-ins yet: check in on ${missing} to see a result.`;
}

/** The comparison and its one-sentence conclusion. */
export function experimentResult(input: ResultInput): ExperimentResult {
  const baselineEnd = addDays(input.startDate, BASELINE_DAYS - 1);
  const given = input.baseline !== null;
  const early = given ? [] : input.checkins.filter((checkin) => checkin.date <= baselineEnd);
  const later = given ? input.checkins : input.checkins.filter((c) => c.date > baselineEnd);
  const before = given
    ? {
        source: 'baseline' as const,
        from: null,
        to: null,
        checkins: 0,
        average: input.baseline,
      }
    : { source: 'first_days' as const, ...period(early) };
  const after = period(later);
  if (before.average === null || after.average === null || after.checkins < MIN_AFTER_CHECKINS) {
    return {
      before,
      after,
      change: null,
      verdict: 'not_enough',
      conclusion: notEnough(input, before.average !== null, after.checkins),
    };
  }
  const change = roundFigure(after.average - before.average);
  const verdict = verdictOf(input.metric, before.average, change);
  return {
    before,
    after,
    change,
    verdict,
    conclusion: sentence(input, before.average, after.average, change, verdict),
  };
}
