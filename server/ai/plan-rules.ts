import type {
  BreakDownGoalInput,
  BreakDownGoalOutput,
  RefineGoalInput,
  RefineGoalOutput,
} from '#contracts/coach.ts';
import { daysBetween } from '#contracts/local-date.ts';
import { goalIntent, keepsIntent } from './offline/intent.ts';

/**
 * The rules a coach answer must meet beyond its schema: they depend on the input (start date,
 * deadline, weekly hours), so zod alone cannot hold them. Every engine's answer is checked here;
 * a model's problems are sent back to it once to repair.
 *
 * Weeks are counted from the start date: week 0 is the start date and the six days after it.
 * A repeating task counts in full in every week from its scheduled date to its milestone's due
 * date (weekly: timesPerWeek sessions; after completion every N days: ceil(7 / N) sessions).
 */

function occurrencesPerWeek(task: BreakDownGoalOutput['tasks'][number]): number {
  if (!task.recurrence) return 1;
  return task.recurrence.kind === 'weekly'
    ? task.recurrence.timesPerWeek
    : Math.ceil(7 / task.recurrence.everyDays);
}

/** Planned minutes in each week of the plan, index 0 = the week starting on the start date. */
export function weeklyMinutes(input: BreakDownGoalInput, plan: BreakDownGoalOutput): number[] {
  const weekOf = (date: string) => Math.floor(daysBetween(input.startDate, date) / 7);
  const weeks = weekOf(input.goal.deadline) + 1;
  const totals = Array.from({ length: Math.max(1, weeks) }, () => 0);
  for (const task of plan.tasks) {
    const from = Math.max(0, weekOf(task.scheduledDate));
    const milestone = plan.milestones[task.milestoneIndex];
    const to = task.recurrence && milestone ? Math.min(weeks - 1, weekOf(milestone.dueDate)) : from;
    for (let week = from; week <= to && week < totals.length; week += 1) {
      totals[week] = (totals[week] ?? 0) + task.estimatedMinutes * occurrencesPerWeek(task);
    }
  }
  return totals;
}

/** Every way the plan breaks the rules, as sentences a model can act on; empty when it is fine. */
export function planProblems(input: BreakDownGoalInput, plan: BreakDownGoalOutput): string[] {
  const problems: string[] = [];
  const { startDate } = input;
  const deadline = input.goal.deadline;
  plan.milestones.forEach((milestone, i) => {
    if (milestone.dueDate <= startDate) {
      problems.push(
        `milestones[${i}].dueDate ${milestone.dueDate} must be after the start date ${startDate}.`,
      );
    }
    if (milestone.dueDate > deadline) {
      problems.push(
        `milestones[${i}].dueDate ${milestone.dueDate} is after the goal's deadline ${deadline}.`,
      );
    }
    const previous = plan.milestones[i - 1];
    if (previous && milestone.dueDate < previous.dueDate) {
      problems.push(
        `milestones[${i}] is due before milestones[${i - 1}]; list milestones in date order.`,
      );
    }
  });
  plan.tasks.forEach((task, i) => {
    const milestone = plan.milestones[task.milestoneIndex];
    if (!milestone) {
      problems.push(
        `tasks[${i}].milestoneIndex ${task.milestoneIndex} does not exist (there are ${plan.milestones.length} milestones).`,
      );
      return;
    }
    if (task.scheduledDate < startDate) {
      problems.push(
        `tasks[${i}].scheduledDate ${task.scheduledDate} is before the start date ${startDate}.`,
      );
    }
    if (task.scheduledDate > milestone.dueDate) {
      problems.push(
        `tasks[${i}].scheduledDate ${task.scheduledDate} is after its milestone's due date ${milestone.dueDate}.`,
      );
    }
  });
  problems.push(
    ...duplicateProblems(plan),
    ...progressionProblems(plan),
    ...distanceProblems(plan),
  );
  const budget = Math.round(input.weeklyHours * 60);
  weeklyMinutes(input, plan).forEach((minutes, week) => {
    if (minutes > budget) {
      problems.push(
        `Week ${week + 1} of the plan asks for ${minutes} minutes but the user has ${budget} minutes a week (${input.weeklyHours} h); shorten or remove tasks.`,
      );
    }
  });
  return problems;
}

/** The same milestone twice, or the same task twice on the same day, is padding. */
function duplicateProblems(plan: BreakDownGoalOutput): string[] {
  const problems: string[] = [];
  const titles = new Map<string, number>();
  plan.milestones.forEach((milestone, i) => {
    const key = milestone.title.trim().toLowerCase();
    const first = titles.get(key);
    if (first === undefined) titles.set(key, i);
    else {
      problems.push(
        `milestones[${i}] repeats milestones[${first}] ("${milestone.title}"); each milestone must be a new step.`,
      );
    }
  });
  const tasks = new Map<string, number>();
  plan.tasks.forEach((task, i) => {
    const key = `${task.title.trim().toLowerCase()}|${task.scheduledDate}|${task.milestoneIndex}`;
    const first = tasks.get(key);
    if (first === undefined) tasks.set(key, i);
    else problems.push(`tasks[${i}] repeats tasks[${first}] ("${task.title}") on the same day.`);
  });
  return problems;
}

/** "12 km", "3.5 miles", "5K" in a title, in kilometres. */
function distanceKm(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s?(km|k|kilomet(?:er|re)s?|mi|miles?)\b/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return /^m/i.test(match[2] ?? '') ? value * 1.609 : value;
}

/** A weekly rate the plan promises itself: "about 10 % a week", "one run a week by about 10 %". */
function promisedRate(text: string): number | null {
  const percent = /(\d+(?:\.\d+)?)\s?(?:%|percent)/i.exec(text);
  if (!percent || !/\b(?:a|per|each|every) week\b|\bweekly\b/i.test(text)) return null;
  return Number(percent[1]);
}

/**
 * Progression must match what the plan promises: when a milestone says distances grow by about
 * N % a week, its distance may not be more than the previous milestone's grown by N % a week over
 * the weeks between them (with half a kilometre for rounding).
 */
function progressionProblems(plan: BreakDownGoalOutput): string[] {
  const problems: string[] = [];
  const planRate = plan.notes.map(promisedRate).find((rate) => rate !== null) ?? null;
  plan.milestones.forEach((milestone, i) => {
    const previous = plan.milestones[i - 1];
    if (!previous) return;
    const rate = promisedRate(milestone.description) ?? planRate;
    const from = distanceKm(previous.title);
    const to = distanceKm(milestone.title);
    if (rate === null || from === null || to === null) return;
    const weeks = Math.max(0, daysBetween(previous.dueDate, milestone.dueDate)) / 7;
    const allowed = from * (1 + rate / 100) ** weeks + 0.5;
    if (to > allowed) {
      problems.push(
        `milestones[${i}] goes from ${round1(from)} km to ${round1(to)} km in ${round1(weeks)} weeks, but the plan promises about ${rate} % a week (at most ${round1(allowed)} km); lower the distance or move the milestone later.`,
      );
    }
  });
  return problems;
}

/** A milestone about covering a distance in one go. */
const MOVING = /\b(run|running|jog|walk|hike|swim|cycle|ride|row)\b/i;

/** An easy running pace, minutes per kilometre: a distance milestone needs a session this long. */
const EASY_MINUTES_PER_KM = 5;

/**
 * A distance milestone (not the last, which may be the event itself) must be reachable in the
 * sessions planned before it: some task scheduled by its due date is long enough to cover the
 * distance at an easy pace.
 */
function distanceProblems(plan: BreakDownGoalOutput): string[] {
  const problems: string[] = [];
  plan.milestones.slice(0, -1).forEach((milestone, i) => {
    const km = MOVING.test(milestone.title) ? distanceKm(milestone.title) : null;
    if (km === null) return;
    const needed = Math.ceil(km * EASY_MINUTES_PER_KM);
    const longest = Math.max(
      0,
      ...plan.tasks
        .filter((task) => task.scheduledDate <= milestone.dueDate)
        .map((task) => task.estimatedMinutes),
    );
    if (longest < needed) {
      problems.push(
        `milestones[${i}] asks for ${round1(km)} km by ${milestone.dueDate}, but no session planned by then is longer than ${longest} minutes; that distance needs about ${needed} minutes. Lengthen a session or lower the distance.`,
      );
    }
  });
  return problems;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Rules for refineGoal answers: a SMART goal must be due after today, in the domain the user
 * chose, and about what the user asked for (it keeps a key word of the statement's main action).
 */
export function refineProblems(input: RefineGoalInput, output: RefineGoalOutput): string[] {
  if (output.kind === 'questions') {
    const ids = output.questions.map((q) => q.id);
    return new Set(ids).size === ids.length ? [] : ['Question ids must be unique.'];
  }
  const problems: string[] = [];
  if (output.goal.deadline <= input.today) {
    problems.push(`goal.deadline ${output.goal.deadline} must be after today (${input.today}).`);
  }
  if (input.domainHint && output.goal.domain !== input.domainHint) {
    problems.push(`goal.domain must be "${input.domainHint}", the domain the user chose.`);
  }
  const intent = goalIntent(input.text);
  const goal = output.goal;
  const goalText = [
    goal.title,
    goal.specific,
    goal.metric.name,
    goal.metric.unit,
    goal.firstStep,
  ].join(' ');
  if (!keepsIntent(intent, goalText)) {
    problems.push(
      `The SMART goal dropped what the user asked for: keep their activity "${intent.phrase}" (key words: ${intent.keywords.join(', ')}) in the title and the specific outcome.`,
    );
  }
  return problems;
}
