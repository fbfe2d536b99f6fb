import type { ClarifyingQuestion, CoachDomain, GoalMetric } from '#contracts/coach.ts';
import nlp from 'compromise';
import type { Quantity } from '#server/ai/offline/quantities.ts';

/**
 * The shape of an activity template (what the offline coach knows about "running a 10K" or
 * "saving money") and the helpers the domain files share to write milestones.
 */

export interface TemplateContext {
  /** The goal and any answers, normalized (lower case, digits for number words). */
  text: string;
  quantities: readonly Quantity[];
  timeZone: string;
}

export interface PlanContext {
  /** Whole weeks from the start date to the deadline (at least 1). */
  weeks: number;
  weeklyHours: number;
  timeZone: string;
  /** Days from the start date to each milestone's due date, when the plan has dated them. */
  milestoneDays?: readonly number[];
  /** Minutes of the longest repeating session planned up to milestone `phase`. */
  longestSession?: (phase: number) => number;
}

export interface PracticeTemplate {
  /** What to do in a session during `phase` (0-based) of `phases`. */
  title: (phase: number, phases: number, metric: GoalMetric, plan: PlanContext) => string;
  timesPerWeek: number;
  minMinutes: number;
  maxMinutes: number;
  /** Share of the practice time this activity gets when there are several (default 1). */
  weight?: number;
}

export interface OneOffTask {
  title: string;
  minutes: number;
}

export interface MilestoneText {
  title: string;
  description: string;
}

export interface ActivityTemplate {
  id: string;
  domain: CoachDomain;
  /** Matches the normalized goal text when the goal is about this activity. */
  cues: RegExp;
  /** The domain's catch-all: reaching only this template means the goal is too vague to plan. */
  generic?: boolean;
  /** The metric the user stated (from numbers in the text), or null. */
  metric: (context: TemplateContext) => GoalMetric | null;
  /** Asked when the user gave no number and this activity cannot pick one sensibly. */
  targetQuestion?: (context: TemplateContext) => ClarifyingQuestion;
  /** A metric derived from the plan when the user gave none and none was asked for. */
  fallbackMetric: (plan: PlanContext, context?: TemplateContext) => GoalMetric;
  title: (metric: GoalMetric, context: TemplateContext) => string;
  /** One or two sentences: the specific outcome, ending before the deadline is named. */
  specific: (metric: GoalMetric) => string;
  /** Horizon when the user gave no date. */
  defaultWeeks: (metric: GoalMetric | null) => number;
  /** Shorter than this is not achievable for most people. */
  minWeeks?: (metric: GoalMetric, context: TemplateContext) => number;
  /**
   * The part of the goal that is realistic in this many weeks when the person's date is sooner
   * than `minWeeks` (a shorter race); by default a total is scaled in proportion and a rate kept.
   */
  scope?: (metric: GoalMetric, weeks: number, context: TemplateContext) => GoalMetric;
  /** The fastest healthy or realistic progress per week, in metric units. */
  maxPerWeek?: (metric: GoalMetric) => { perWeek: number; safePerWeek: number; why: string } | null;
  weeklyHours: number;
  why: string;
  firstStep: (metric: GoalMetric) => string;
  milestone: (
    index: number,
    count: number,
    metric: GoalMetric,
    plan?: PlanContext,
  ) => MilestoneText;
  /** One-off tasks, spread over the phases in this order. */
  setupTasks: readonly OneOffTask[];
  practice: readonly PracticeTemplate[];
  /** False when durations in the goal are not effort ("sleep 8 hours a night"). */
  statedHoursAreEffort?: boolean;
  /** Share of the weekly time for practice (default 0.7); habits are almost all practice. */
  practiceShare?: number;
  /** Offered as one-tap answers when the goal is vague. */
  outcomeSuggestions?: readonly string[];
  /** Extra notes this activity always carries (e.g. see a doctor before quitting alcohol). */
  notes?: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Numbers and units

const CURRENCIES = ['$', '€', '£', '¥', '₹', 'R'];

export function isCurrencyUnit(unit: string): boolean {
  return CURRENCIES.some((symbol) => unit === symbol || unit.startsWith(`${symbol}/`));
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(Math.round(value * 10) / 10);
}

const PLURAL_RULES = new Intl.PluralRules('en-GB');
const singulars = new Map<string, string>();

/**
 * "activities" → "activity", "push-ups" → "push-up", "kg" → "kg": the one form of a counted noun,
 * by compromise's inflection (cached: units repeat across every milestone of a plan).
 */
export function singularOf(noun: string): string {
  const cached = singulars.get(noun);
  if (cached !== undefined) return cached;
  let result = noun;
  if (/[a-z]s$/i.test(noun) && !/(ss|us|is)$/i.test(noun)) {
    const words = noun.split(' ');
    const last = words.at(-1) ?? noun;
    const [head, tail] = last.includes('-')
      ? [last.slice(0, last.lastIndexOf('-') + 1), last.slice(last.lastIndexOf('-') + 1)]
      : ['', last];
    const byTagger = nlp(tail).nouns().toSingular().text();
    const inflected = byTagger && byTagger !== tail ? byTagger : tail.replace(/s$/, '');
    result = [...words.slice(0, -1), `${head}${inflected}`].join(' ');
  }
  if (singulars.size > 1000) singulars.clear();
  singulars.set(noun, result);
  return result;
}

/** "$5,000", "$4,000/month", "5 kg", "20%", "1 book", "12 books". */
export function formatAmount(value: number, unit: string): string {
  const [base = unit, per] = unit.split('/');
  if (per) return `${formatAmount(value, base)} a ${per}`; // "10,000 steps a day", "$4,000 a month"
  if (isCurrencyUnit(unit)) return `${unit}${formatNumber(value)}`;
  if (unit === '%') return `${formatNumber(value)}%`;
  const noun = PLURAL_RULES.select(value) === 'one' ? singularOf(unit) : unit;
  return `${formatNumber(value)} ${noun}`;
}

/** A round step for milestone values, so milestones read "Down 2.5 kg", not "Down 2.38 kg". */
function stepFor(target: number, unit: string): number {
  if (isCurrencyUnit(unit))
    return target >= 2000 ? 100 : target >= 500 ? 50 : target >= 100 ? 10 : 1;
  if (/^(kg|lb|km|mi|hours?)$/.test(unit)) return target >= 20 ? 1 : 0.5;
  if (/steps/.test(unit)) return 500;
  if (/words/.test(unit)) return target >= 10000 ? 1000 : 100;
  return 1;
}

/** Evenly rising values that end exactly at the target (non-decreasing, never past it). */
export function progressValues(target: number, count: number, unit: string): number[] {
  const step = stepFor(target, unit);
  const values: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const raw = (target * i) / count;
    const value = i === count ? target : Math.max(step, Math.round(raw / step) * step);
    values.push(Math.min(target, Math.max(values.at(-1) ?? 0, value)));
  }
  return values;
}

/** Picks `count` stages from a longer ordered list, always keeping the first and the last. */
export function pickStages<T>(stages: readonly T[], index: number, count: number): T {
  if (stages.length === 0) throw new RangeError('No stages');
  const position =
    count <= 1 ? stages.length - 1 : Math.round((index * (stages.length - 1)) / (count - 1));
  return stages[Math.min(stages.length - 1, position)] as T;
}

/** The phase of a plan a milestone closes, in words: used to vary session titles. */
export function phaseName(phase: number, phases: number): 'start' | 'build' | 'peak' | 'finish' {
  if (phase === 0) return 'start';
  if (phase === phases - 1) return 'finish';
  return phase / (phases - 1) >= 0.6 ? 'peak' : 'build';
}

export function cumulativeMilestone(
  label: (amount: string, isLast: boolean) => string,
  descriptions: readonly string[],
) {
  return (index: number, count: number, metric: GoalMetric): MilestoneText => {
    const values = progressValues(metric.target, count, metric.unit);
    const value = values[index] ?? metric.target;
    const description = pickStages(descriptions, index, count);
    const isLast = index === count - 1;
    // Small targets cannot rise at every milestone ("1 friend", "1 friend"): name the step instead.
    const previous = values[index - 1];
    const same =
      previous !== undefined &&
      formatAmount(previous, metric.unit) === formatAmount(value, metric.unit);
    if (index > 0 && same && (!isLast || label('', true) === label('', false))) {
      // Stages repeat when there are more milestones than stages: the step number keeps each new.
      const stage = description.replace(/[.:;]+$/, '').replace(/:.*/, '');
      const repeated = pickStages(descriptions, index - 1, count) === description;
      return {
        title: repeated ? `Step ${index + 1}: ${stage}` : stage,
        description: `On the way to ${formatAmount(metric.target, metric.unit)}.`,
      };
    }
    return { title: label(formatAmount(value, metric.unit), isLast), description };
  };
}

/** For rates ("10,000 steps/day"): ramp from about half the target to all of it. */
export function rampMilestone(
  label: (amount: string, isLast: boolean) => string,
  descriptions: readonly string[],
) {
  const valueAt = (index: number, count: number, metric: GoalMetric): number => {
    const start = metric.target / 2;
    const raw =
      count <= 1 ? metric.target : start + ((metric.target - start) * index) / (count - 1);
    const step = stepFor(metric.target, metric.unit);
    return index === count - 1 ? metric.target : Math.max(step, Math.round(raw / step) * step);
  };
  return (index: number, count: number, metric: GoalMetric): MilestoneText => {
    const value = valueAt(index, count, metric);
    const title = label(formatAmount(value, metric.unit), index === count - 1);
    // A target too small to rise at every milestone: the later ones are numbered steps.
    const repeated =
      index > 0 &&
      formatAmount(valueAt(index - 1, count, metric), metric.unit) ===
        formatAmount(value, metric.unit);
    return {
      title: repeated ? `${title}: step ${index + 1}` : title,
      description: pickStages(descriptions, index, count),
    };
  };
}

export function stagedMilestone(stages: readonly MilestoneText[]) {
  return (index: number, count: number): MilestoneText => {
    const stage = pickStages(stages, index, count);
    // More milestones than stages: a repeated stage is the next step of it, numbered.
    const repeated = index > 0 && pickStages(stages, index - 1, count) === stage;
    return repeated ? { ...stage, title: `${stage.title}: step ${index + 1}` } : stage;
  };
}

export function findQuantity<K extends Quantity['kind']>(
  quantities: readonly Quantity[],
  kind: K,
): Extract<Quantity, { kind: K }> | undefined {
  // Money told as the person's income or costs is where they are, not what they aim for.
  return quantities.find(
    (q): q is Extract<Quantity, { kind: K }> =>
      q.kind === kind && !(q.kind === 'money' && q.fact === true),
  );
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** "10,000 steps a day" users in the US think in pounds and miles. */
export function usesImperial(timeZone: string): boolean {
  return /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit|Indiana|Kentucky|Boise)|^Pacific\/Honolulu|^US\//.test(
    timeZone,
  );
}

export function currencySymbolFor(unit: string): string {
  return unit.split('/')[0] ?? '$';
}
