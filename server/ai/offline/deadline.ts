import type { GoalFlag, GoalMetric } from '#contracts/coach.ts';
import { addDays, daysBetween } from '#contracts/local-date.ts';
import { type AmbitionCheck, ambitionFinding } from './ambition.ts';
import { formatLongDate } from './dates.ts';
import type { ParsedDeadline } from './parse.ts';
import { type ActivityTemplate, formatAmount, type TemplateContext } from './templates/kit.ts';

/**
 * The SMART goal's deadline and scope. The person's date is kept whenever it has not passed; a
 * date too soon for the whole goal keeps the date and scales the target to what is realistic by
 * then, with a note on what the full target would take (README, "Over-ambition").
 */

/** This fast or faster would take a very-low-calorie diet. */
const CRASH_KG_PER_WEEK = 4;

export const CRASH_NOTE =
  'Losing weight as fast as you describe would take a crash diet, which is risky and rarely lasts: the plan below aims for a safe pace by your date.';

export interface DeadlineDecision {
  date: string;
  notes: string[];
  flags: GoalFlag[];
  /** The part of the target realistic by the person's date, when all of it is not. */
  target?: number;
  /** The scoped metric when the scope changes what is measured (a shorter race). */
  metric?: GoalMetric;
  /** The note that explains the scope, so a closer reading (ambition.ts) can replace it. */
  scopeNote?: string;
}

/** A total to reach is scaled with the time there is; a rate or a share ("3 times a week", 80 %) is not. */
function scalable(metric: GoalMetric): boolean {
  return !metric.unit.includes('/') && metric.unit !== '%';
}

/** A scaled total, rounded as a person would say it: whole counts, halves of a kilo or a mile. */
function roundedShare(value: number, unit: string): number {
  if (/^(?:kg|lb|km|mi|hours?)$/.test(unit)) return Math.max(0.5, Math.floor(value * 2) / 2);
  if (value >= 1000) return Math.floor(value / 100) * 100;
  return Math.max(1, Math.floor(value));
}

/**
 * The date when the person gave none or theirs has passed: a default horizon, said in a note.
 */
function proposedDate(
  template: ActivityTemplate,
  explicit: GoalMetric | null,
  parsed: ParsedDeadline | null,
  today: string,
): { date: string; note: string; passed: boolean } {
  const defaultWeeks = template.defaultWeeks(explicit);
  if (!parsed) {
    const date = addDays(today, defaultWeeks * 7);
    return {
      date,
      passed: false,
      note: `You did not give a date, so I suggest ${formatLongDate(date)} (${defaultWeeks} weeks from today). Change it if you have a date in mind.`,
    };
  }
  if (parsed.passed || parsed.date === today) {
    const date = addDays(today, defaultWeeks * 7);
    return {
      date,
      passed: true,
      note: `The date you gave (${formatLongDate(parsed.date)}) has already passed, so I proposed ${formatLongDate(date)} instead (${defaultWeeks} weeks from today).`,
    };
  }
  return {
    date: parsed.date,
    passed: false,
    note: `I read “${parsed.phrase}” as ${parsed.reading}.`,
  };
}

/**
 * Chooses the deadline and the scope, and says why: the person's date when they gave one (a
 * default horizon when there is none, a proposed one when theirs has passed). A date too soon
 * for the whole goal is kept: the target is scaled to what is realistic by then, and the note
 * says what the full target would take (README, "Over-ambition"). A fixed event's date that is
 * too soon for the activity itself (a race already entered) keeps the goal, with a plainly tight
 * plan.
 */
export function decideDeadline(
  template: ActivityTemplate,
  explicit: GoalMetric | null,
  parsed: ParsedDeadline | null,
  today: string,
  context: TemplateContext,
  fixed: boolean,
): DeadlineDecision {
  const proposal = proposedDate(template, explicit, parsed, today);
  const { date } = proposal;
  const notes = [proposal.note];
  const flags: GoalFlag[] = proposal.passed ? ['deadline_passed'] : [];
  const days = daysBetween(today, date);
  const weeks = Math.max(1, days) / 7;
  // Without a stated number the minimum time still applies ("fluent in a month"), judged on the
  // target the plan would derive.
  const metric =
    explicit ??
    template.fallbackMetric(
      {
        weeks: Math.max(1, Math.floor(weeks)),
        weeklyHours: template.weeklyHours,
        timeZone: context.timeZone,
      },
      context,
    );
  const minWeeks = template.minWeeks?.(metric, context) ?? 1;
  const fullBy = (needed: number) => formatLongDate(addDays(today, Math.ceil(needed) * 7));
  let scoped: GoalMetric | undefined;
  let scopeNote: string | undefined;
  if (days < minWeeks * 7) {
    flags.push('over_ambitious');
    const need = `most people need at least ${minWeeks} week${minWeeks === 1 ? '' : 's'}`;
    scoped =
      fixed || !explicit
        ? undefined
        : template.scope
          ? template.scope(explicit, weeks, context)
          : scalable(explicit)
            ? {
                ...explicit,
                target: roundedShare((explicit.target * weeks) / minWeeks, explicit.unit),
              }
            : undefined;
    if (scoped && scoped.target >= metric.target && scoped.unit === metric.unit) scoped = undefined;
    const note = fixed
      ? `${formatLongDate(date)} is a fixed date, so I kept it. It is tight: ${need} for this, so the plan is shorter and gentler; aim to take part comfortably rather than for a best result.`
      : scoped
        ? `${formatLongDate(date)} is very soon for ${formatAmount(metric.target, metric.unit)}: ${need} (about ${fullBy(minWeeks)}). I kept your date and set the target to ${formatAmount(scoped.target, scoped.unit)} by then, with ${formatAmount(metric.target, metric.unit)} as the longer aim.`
        : `${formatLongDate(date)} is very soon for this: ${need} (about ${fullBy(minWeeks)}). I kept your date and planned the first stage that fits by then, with the whole goal as the longer aim.`;
    notes.push(note);
    if (scoped) scopeNote = note;
  }

  const aim = scoped ?? metric;
  const pace = explicit ? template.maxPerWeek?.(aim) : null;
  if (pace && aim.target / weeks > pace.perWeek) {
    if (!flags.includes('over_ambitious')) flags.push('over_ambitious');
    const target = Math.max(0.5, Math.floor(pace.safePerWeek * weeks * 2) / 2);
    const safeWeeks = Math.ceil(aim.target / pace.safePerWeek);
    scopeNote = `${formatAmount(aim.target, aim.unit)} by ${formatLongDate(date)} would mean about ${formatAmount(Math.round((aim.target / weeks) * 10) / 10, aim.unit)} a week; ${pace.why}. ${fixed ? `${formatLongDate(date)} is a fixed date, so I kept it` : 'I kept your date'} and set the target to ${formatAmount(target, aim.unit)} by then; ${formatAmount(aim.target, aim.unit)} would take about ${safeWeeks} weeks at that pace (about ${fullBy(safeWeeks)}).`;
    notes.push(scopeNote);
    scoped = { ...aim, target };
  }
  if (!scoped) return { date, notes, flags };
  return {
    date,
    notes,
    flags,
    target: scoped.target,
    ...(scopeNote ? { scopeNote } : {}),
    ...(scoped.name === metric.name && scoped.unit === metric.unit ? {} : { metric: scoped }),
  };
}

/** Losing several kilos a week is a crash diet: said in a note, whatever the plan makes of it. */
export function crashDiet(
  template: ActivityTemplate,
  explicit: GoalMetric | null,
  deadline: ParsedDeadline | null,
  today: string,
): boolean {
  if (template.id !== 'weight_loss' || !explicit || !deadline || deadline.passed) return false;
  const weeks = Math.max(1, daysBetween(today, deadline.date)) / 7;
  const kilos = explicit.unit === 'lb' ? explicit.target * 0.4536 : explicit.target;
  return /^(kg|lb)$/.test(explicit.unit) && kilos / weeks >= CRASH_KG_PER_WEEK;
}

/**
 * The ambition rules (ambition.ts) read on the person's own target and date. A rule's note is
 * added (and the goal flagged) when the goal was not already found over-ambitious, or when the
 * rule knows a closer realistic number than the plan's (a count from the level the person
 * states): that number is then the target, and its note replaces the scope note. Returns the
 * SMART goal's metric and its scaled target, if any.
 */
export function applyAmbition(
  check: AmbitionCheck,
  planned: { metric: GoalMetric; decision: DeadlineDecision; stated: boolean },
  flags: Set<GoalFlag>,
  notes: string[],
): { metric: GoalMetric; target: number | undefined } {
  const { metric, decision, stated } = planned;
  const unchanged = { metric, target: decision.target };
  const finding = ambitionFinding(check);
  if (!finding) return unchanged;
  const closer =
    stated &&
    finding.target !== undefined &&
    finding.target < metric.target &&
    check.metric.unit === metric.unit
      ? finding.target
      : undefined;
  if (flags.has('over_ambitious') && closer === undefined) return unchanged;
  flags.add('over_ambitious');
  const at = closer !== undefined && decision.scopeNote ? notes.indexOf(decision.scopeNote) : -1;
  if (at >= 0) notes.splice(at, 1);
  notes.push(finding.note);
  return closer === undefined
    ? unchanged
    : { metric: { ...metric, target: closer }, target: closer };
}
