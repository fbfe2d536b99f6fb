import type {
  BreakDownGoalInput,
  BreakDownGoalOutput,
  GoalMetric,
  Milestone,
  PlannedTask,
} from '#contracts/coach.ts';
import { withHealthNote } from '#server/ai/safety.ts';
import { planTemplate } from './own-words.ts';
import { addDays, daysBetween } from '#contracts/local-date.ts';
import { formatLongDate } from './dates.ts';
import { type ActivityTemplate, clamp, type PlanContext } from './templates/kit.ts';

/**
 * The offline coach's breakDownGoal: 3 to 7 dated milestones before the deadline, and tasks whose
 * minutes never exceed the user's weekly hours in any week of the plan. Pure and deterministic.
 *
 * Weeks are counted from the start date (week 0 = start … start + 6), the same way the plan
 * rules check them, so a plan built here always passes those rules.
 */

/** Default share of each week's time for repeating practice; the rest is for one-off tasks. */
const PRACTICE_SHARE = 0.7;
const CHECK_IN_MINUTES = 10;
const FIRST_STEP_MINUTES = 15;

function floorTo5(value: number): number {
  return Math.floor(value / 5) * 5;
}

/** About one milestone every three weeks, but no more than a small count target has steps. */
function milestoneCount(days: number, metric: GoalMetric): number {
  const byTime = clamp(Math.round(days / 7 / 3), 3, 7);
  const countable = !metric.unit.includes('/') && Number.isInteger(metric.target);
  return countable ? clamp(Math.min(byTime, metric.target), 3, 7) : byTime;
}

/**
 * Milestone due dates. With at least one week per milestone they fall on the last day of a plan
 * week, so each phase is whole weeks and its repeating tasks never share a week with the next
 * phase's; the last milestone is the deadline. Shorter plans space milestones by days instead.
 */
export function milestoneDates(startDate: string, deadline: string, count: number): string[] {
  const days = daysBetween(startDate, deadline);
  const weeks = Math.floor(days / 7);
  const dates: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    if (i === count) {
      dates.push(deadline);
    } else if (weeks >= count) {
      dates.push(addDays(startDate, 7 * Math.round((i * weeks) / count) - 1));
    } else {
      dates.push(addDays(startDate, clamp(Math.round((i * days) / count), 1, days)));
    }
  }
  return dates;
}

interface PracticePlan {
  template: ActivityTemplate['practice'][number];
  timesPerWeek: number;
  minutes: number;
}

/** Splits the weekly practice time between the activity's sessions, dropping what cannot fit. */
function planPractice(template: ActivityTemplate, practiceMinutes: number): PracticePlan[] {
  const totalWeight = template.practice.reduce((sum, p) => sum + (p.weight ?? 1), 0);
  const plans: PracticePlan[] = [];
  for (const practice of template.practice) {
    const share = Math.floor((practiceMinutes * (practice.weight ?? 1)) / totalWeight);
    let times = practice.timesPerWeek;
    while (times > 1 && share / times < practice.minMinutes) times -= 1;
    const minutes = Math.min(practice.maxMinutes, floorTo5(share / times));
    if (minutes >= 5) plans.push({ template: practice, timesPerWeek: times, minutes });
  }
  return plans;
}

/**
 * Sessions start a little shorter and grow to full length by the last phase (progress 0 → 1),
 * never below the activity's useful minimum.
 */
function sessionMinutes(session: PracticePlan, progress: number): number {
  const ramped = floorTo5(session.minutes * (0.75 + 0.25 * progress));
  return Math.min(session.minutes, Math.max(session.template.minMinutes, ramped, 5));
}

/** Minutes already planned in each week of the plan. */
class WeekLedger {
  private readonly used: number[];

  constructor(
    private readonly startDate: string,
    weeks: number,
    private readonly budget: number,
  ) {
    this.used = Array.from({ length: weeks }, () => 0);
  }

  week(date: string): number {
    return Math.floor(daysBetween(this.startDate, date) / 7);
  }

  weekStart(week: number): string {
    return addDays(this.startDate, week * 7);
  }

  room(week: number): number {
    return this.budget - (this.used[week] ?? this.budget);
  }

  charge(fromWeek: number, toWeek: number, minutes: number): boolean {
    for (let w = fromWeek; w <= toWeek; w += 1) if (this.room(w) < minutes) return false;
    for (let w = fromWeek; w <= toWeek; w += 1) this.used[w] = (this.used[w] ?? 0) + minutes;
    return true;
  }
}

interface Phase {
  index: number;
  start: string;
  due: string;
}

/**
 * Puts a one-off task on the first day from `preferred` to the phase's due date whose week still
 * has room, shrinking it to the room left (never under 5 minutes) rather than dropping it.
 */
function placeOneOff(
  ledger: WeekLedger,
  phase: Phase,
  preferred: string,
  title: string,
  minutes: number,
): PlannedTask | null {
  let date = preferred < phase.start ? phase.start : preferred > phase.due ? phase.due : preferred;
  while (date <= phase.due) {
    const week = ledger.week(date);
    const fit = Math.min(minutes, floorTo5(ledger.room(week)));
    if (fit >= 5 && ledger.charge(week, week, fit)) {
      return { title, milestoneIndex: phase.index, scheduledDate: date, estimatedMinutes: fit };
    }
    date = ledger.weekStart(week + 1); // this week is full: try the next one
  }
  return null;
}

export function breakDownGoalOffline(input: BreakDownGoalInput): BreakDownGoalOutput {
  const { goal, startDate, weeklyHours, timeZone } = input;
  // Every field, so the activity is found again in a goal a model wrote or the user edited.
  const description = [
    goal.title,
    goal.specific,
    goal.metric.name,
    goal.metric.unit,
    goal.firstStep,
    goal.why,
  ].join('. ');
  const template = planTemplate(goal, description);
  const days = Math.max(1, daysBetween(startDate, goal.deadline));
  const weeks = Math.max(1, Math.floor(days / 7));
  const count = milestoneCount(days, goal.metric);
  const dueDates = milestoneDates(startDate, goal.deadline, count);
  const budget = Math.round(weeklyHours * 60);
  const practice = planPractice(
    template,
    Math.floor(budget * (template.practiceShare ?? PRACTICE_SHARE)),
  );
  const wholeWeekPhases = weeks >= count;
  // Milestones know how long the sessions before them are, so a distance milestone never asks
  // for more than a planned session covers.
  const plan: PlanContext = {
    weeks,
    weeklyHours,
    timeZone,
    milestoneDays: dueDates.map((due) => daysBetween(startDate, due)),
    longestSession: (phase) =>
      Math.max(
        0,
        ...practice.map((session) =>
          sessionMinutes(session, wholeWeekPhases && count > 1 ? phase / (count - 1) : 1),
        ),
      ),
  };
  const milestones: Milestone[] = dueDates.map((dueDate, index) => ({
    ...template.milestone(index, count, goal.metric, plan),
    dueDate,
  }));

  const phases: Phase[] = dueDates.map((due, index) => {
    const previous = index === 0 ? null : dueDates[index - 1];
    const start = previous ? addDays(previous, 1) : startDate;
    return { index, start: start > due ? due : start, due };
  });

  const ledger = new WeekLedger(startDate, Math.floor(days / 7) + 1, budget);
  const tasks: PlannedTask[] = [];

  // Repeating practice: per phase (so sessions can progress) when phases are whole weeks, else
  // one run for the whole plan, tied to the last milestone.
  const practicePhases = wholeWeekPhases
    ? phases
    : [{ index: count - 1, start: startDate, due: goal.deadline }];
  for (const phase of practicePhases) {
    const progress = practicePhases.length === 1 ? 1 : phase.index / (practicePhases.length - 1);
    for (const session of practice) {
      const minutes = sessionMinutes(session, progress);
      const weekly = minutes * session.timesPerWeek;
      if (!ledger.charge(ledger.week(phase.start), ledger.week(phase.due), weekly)) continue;
      tasks.push({
        title: session.template.title(phase.index, count, goal.metric, plan),
        milestoneIndex: phase.index,
        scheduledDate: phase.start,
        estimatedMinutes: minutes,
        recurrence: { kind: 'weekly', timesPerWeek: session.timesPerWeek },
      });
    }
  }

  const firstPhase = phases[0];
  if (firstPhase) {
    const first = placeOneOff(ledger, firstPhase, startDate, goal.firstStep, FIRST_STEP_MINUTES);
    if (first) tasks.push(first);
  }

  // Setup tasks spread over the phases in order, two days apart inside a phase.
  const setup = template.setupTasks;
  const perPhase = phases.map(() => [] as (typeof setup)[number][]);
  setup.forEach((task, i) => {
    const phaseIndex = setup.length >= count ? Math.floor((i * count) / setup.length) : i;
    perPhase[phaseIndex]?.push(task);
  });
  for (const phase of phases) {
    (perPhase[phase.index] ?? []).forEach((task, i) => {
      // The first phase's setup starts on the start date itself: with the practice and the first
      // step, day one has three tasks, a full top three from the first day.
      const preferred = addDays(phase.start, (phase.index === 0 ? 0 : 1) + i * 2);
      const placed = placeOneOff(ledger, phase, preferred, task.title, task.minutes);
      if (placed) tasks.push(placed);
    });
    const milestone = milestones[phase.index];
    if (milestone) {
      const checkIn = placeOneOff(
        ledger,
        phase,
        phase.due,
        `Check progress: ${milestone.title}`,
        CHECK_IN_MINUTES,
      );
      if (checkIn) tasks.push(checkIn);
    }
  }

  tasks.sort(
    (a, b) =>
      a.scheduledDate.localeCompare(b.scheduledDate) ||
      a.milestoneIndex - b.milestoneIndex ||
      Number(Boolean(b.recurrence)) - Number(Boolean(a.recurrence)),
  );

  const notes = [
    `${count} milestones between ${formatLongDate(startDate)} and ${formatLongDate(goal.deadline)}; no week asks for more than ${formatHours(weeklyHours)}.`,
  ];
  if (weeklyHours < template.weeklyHours / 2) {
    notes.push(
      `With ${formatHours(weeklyHours)} a week the plan is lean; goals like this usually take about ${formatHours(template.weeklyHours)}. More time, if you find it, means faster progress.`,
    );
  }
  // "Plan more": the offline plan is made from the goal alone (what the plan already has is left
  // out afterwards, by title), so its weekly hours do not count the plan's own tasks: say so.
  const planned = input.existingPlan;
  if (planned && planned.milestones.length + planned.tasks.length > 0) {
    notes.push(
      `Your plan already has ${plural(planned.milestones.length, 'milestone')} and ${plural(planned.tasks.length, 'task')}; the hours above count only what is proposed here.`,
    );
  }
  // A plan with no practice at all would be a list of errands; say so rather than hide it.
  if (practice.length === 0)
    notes.push('There was no room for regular practice in the weekly hours given.');
  return { kind: 'plan', milestones, tasks, notes: withHealthNote(notes, goal.domain) };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function formatHours(hours: number): string {
  return hours === 1 ? '1 hour' : `${Math.round(hours * 100) / 100} hours`;
}
