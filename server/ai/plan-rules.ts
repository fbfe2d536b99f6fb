import type {
  BreakDownGoalInput,
  BreakDownGoalOutput,
  RefineGoalInput,
  RefineGoalOutput,
} from '#contracts/coach.ts';
import { daysBetween } from '#contracts/local-date.ts';

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

/** Rules for refineGoal answers: a SMART goal must be due after today. */
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
  return problems;
}
