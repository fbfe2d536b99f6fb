import {
  MAX_EXPERIMENT_DAYS,
  MIN_EXPERIMENT_DAYS,
  createExperimentSchema,
  type CreateExperiment,
  type Experiment,
  type ExperimentMetric,
  type ExperimentStatus,
} from '#contracts/experiments.ts';
import { addDays, daysBetween, formatDate } from '#contracts/local-date.ts';

// The /experiments screen's rules without React: the sections of the list, the create form's
// checks (the contract's own schema, so the screen and the server agree), the date pickers'
// limits and how figures read.

export const STATUS_LABELS: Record<ExperimentStatus, string> = {
  running: 'Running',
  planned: 'Planned',
  done: 'Done',
  abandoned: 'Abandoned',
};

const SECTION_ORDER: readonly ExperimentStatus[] = ['running', 'planned', 'done', 'abandoned'];

/** The list's sections in order (running, planned, done, abandoned), empty ones left out. */
export function groupExperiments(
  experiments: readonly Experiment[],
): Array<{ status: ExperimentStatus; title: string; experiments: Experiment[] }> {
  return SECTION_ORDER.map((status) => ({
    status,
    title: STATUS_LABELS[status],
    experiments: experiments.filter((experiment) => experiment.status === status),
  })).filter((section) => section.experiments.length > 0);
}

/** The create form as the person fills it (every input a string). */
export interface ExperimentForm {
  title: string;
  hypothesis: string;
  change: string;
  metricKind: 'rating' | 'number';
  unit: string;
  better: 'higher' | 'lower';
  startDate: string;
  endDate: string;
  goalId: string;
  baseline: string;
}

export type FormErrors = Partial<Record<keyof ExperimentForm, string>>;

/** A new form: starting today, for two weeks, measured by a 1–5 rating. */
export function emptyForm(today: string): ExperimentForm {
  return {
    title: '',
    hypothesis: '',
    change: '',
    metricKind: 'rating',
    unit: '',
    better: 'higher',
    startDate: today,
    endDate: addDays(today, 13),
    goalId: '',
    baseline: '',
  };
}

/** How far back a start may go (an experiment already begun) and how far ahead. */
export function startDateBounds(today: string): { min: string; max: string } {
  return { min: addDays(today, -(MAX_EXPERIMENT_DAYS - 1)), max: addDays(today, 365) };
}

/** The end date picker's limits: 7 to 28 days counting the start. */
export function endDateBounds(startDate: string): { min: string; max: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return null;
  try {
    return {
      min: addDays(startDate, MIN_EXPERIMENT_DAYS - 1),
      max: addDays(startDate, MAX_EXPERIMENT_DAYS - 1),
    };
  } catch {
    return null;
  }
}

/** Keeps the end within 7–28 days when the start moves (the length stays when it can). */
export function withStartDate(form: ExperimentForm, startDate: string): ExperimentForm {
  const bounds = endDateBounds(startDate);
  if (!bounds) return { ...form, startDate };
  const previous = endDateBounds(form.startDate) ? daysBetween(form.startDate, form.endDate) : 13;
  const length = Math.min(Math.max(previous, MIN_EXPERIMENT_DAYS - 1), MAX_EXPERIMENT_DAYS - 1);
  return { ...form, startDate, endDate: addDays(startDate, length) };
}

const FIELD_OF: Record<string, keyof ExperimentForm> = {
  title: 'title',
  hypothesis: 'hypothesis',
  change: 'change',
  metric: 'unit',
  startDate: 'startDate',
  endDate: 'endDate',
  baseline: 'baseline',
  goalId: 'goalId',
};

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

/** The request the form makes, or what to fix, field by field. */
export function checkForm(
  form: ExperimentForm,
  today: string,
): { body: CreateExperiment; errors: null } | { body: null; errors: FormErrors } {
  const errors: FormErrors = {};
  const baseline = form.baseline.trim() === '' ? null : Number(form.baseline);
  if (baseline !== null && !Number.isFinite(baseline)) errors.baseline = 'Must be a number.';
  const metric: ExperimentMetric =
    form.metricKind === 'rating'
      ? { kind: 'rating' }
      : { kind: 'number', unit: form.unit, better: form.better };
  const candidate = {
    title: form.title,
    hypothesis: form.hypothesis,
    change: form.change,
    metric,
    startDate: form.startDate,
    endDate: form.endDate,
    goalId: form.goalId === '' ? null : form.goalId,
    baseline: baseline !== null && Number.isFinite(baseline) ? baseline : null,
  };
  const parsed = createExperimentSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = sentence(issue.message);
    }
  }
  const start = startDateBounds(today);
  if (!errors.startDate && (form.startDate < start.min || form.startDate > start.max)) {
    errors.startDate = `Pick a day from ${start.min} to ${start.max}.`;
  }
  if (form.metricKind === 'rating' && baseline !== null && (baseline < 1 || baseline > 5)) {
    errors.baseline = 'A rating baseline is from 1 to 5.';
  }
  return Object.keys(errors).length > 0
    ? { body: null, errors }
    : { body: candidate, errors: null };
}

/** A value as the screen writes it: "4 / 5", "7.5 hours". */
export function formatValue(metric: ExperimentMetric, value: number): string {
  const figure = String(Math.round(value * 10) / 10);
  return metric.kind === 'rating' ? `${figure} / 5` : `${figure} ${metric.unit}`;
}

/** What the metric is, in words. */
export function describeMetric(metric: ExperimentMetric): string {
  if (metric.kind === 'rating') return 'A 1–5 rating, higher is better';
  return `A number in ${metric.unit}, ${metric.better} is better`;
}

/** "Day 5 of 14", "Starts in 3 days", "14 days". */
export function progressLabel(experiment: Experiment, today: string): string {
  if (experiment.status === 'running') {
    return `Day ${daysBetween(experiment.startDate, today) + 1} of ${experiment.days}`;
  }
  if (experiment.status === 'planned') {
    const wait = daysBetween(today, experiment.startDate);
    return wait === 1 ? 'Starts tomorrow' : `Starts in ${wait} days`;
  }
  return `${experiment.days} days`;
}

/** Whether the person can check in for today (and has not yet). */
export function canCheckInToday(experiment: Experiment, today: string): boolean {
  return experiment.checkinWindow !== null && experiment.checkinWindow.to === today;
}

/** Check-ins as the chart draws them: one point per date, oldest first. */
export function chartPoints(
  checkins: ReadonlyArray<{ date: string; value: number }>,
  locale?: string,
): Array<{ date: string; label: string; value: number }> {
  return checkins.map((checkin) => ({
    date: checkin.date,
    label: formatDate(checkin.date, checkin.date, locale),
    value: checkin.value,
  }));
}
