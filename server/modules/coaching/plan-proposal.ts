import type { BreakDownGoalOutput, ExistingPlan } from '#contracts/coach.ts';
import { planTitleKey, type PlanProposal, type ProposedMilestone } from '#contracts/plan.ts';

/** A goal's plan as the breakdown compares against it: milestones with their ids. */
export interface PlanOutline {
  milestones: Array<{
    id: string;
    title: string;
    description: string;
    dueDate: string;
    done: boolean;
  }>;
  tasks: Array<{ title: string; milestoneId: string | null; status: 'open' | 'done' | 'skipped' }>;
}

/** Most milestones and tasks the coach is shown (existingPlanSchema's bounds). */
const MAX_EXISTING_MILESTONES = 100;
const MAX_EXISTING_TASKS = 1000;

/**
 * The plan so far as the coach reads it (milestones by title, not by id); each task once, however
 * many occurrences a repeating one has had.
 */
export function existingPlanOf(outline: PlanOutline): ExistingPlan {
  const titles = new Map(outline.milestones.map((m) => [m.id, m.title]));
  const seen = new Set<string>();
  const tasks: ExistingPlan['tasks'] = [];
  for (const task of outline.tasks) {
    const milestone = task.milestoneId === null ? null : (titles.get(task.milestoneId) ?? null);
    const key = `${milestone ?? ''}\u0000${planTitleKey(task.title)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tasks.push({ title: task.title, milestone, status: task.status });
  }
  return {
    milestones: outline.milestones
      .slice(0, MAX_EXISTING_MILESTONES)
      .map(({ title, dueDate, done }) => ({ title, dueDate, done })),
    tasks: tasks.slice(0, MAX_EXISTING_TASKS),
  };
}

const MAX_NOTES = 10;

/**
 * Keeps only what the goal's plan lacks, whoever wrote the proposal (a model may repeat the plan
 * however it was asked). A proposed milestone whose title the plan has is that milestone: it stays
 * (with `existingId`) only to carry new tasks. A task whose title its milestone (or the goal,
 * without one) already has is left out, as is a repeat within the proposal.
 */
export function onlyWhatThePlanLacks(
  plan: BreakDownGoalOutput,
  outline: PlanOutline,
): PlanProposal {
  const existing = new Map(outline.milestones.map((m) => [planTitleKey(m.title), m]));
  const targets = plan.milestones.map((m) => existing.get(planTitleKey(m.title)) ?? null);
  const taskKey = (milestoneId: string | null, title: string) =>
    `${milestoneId ?? '-'}\u0000${planTitleKey(title)}`;
  const known = new Set(outline.tasks.map((task) => taskKey(task.milestoneId, task.title)));
  const tasks = plan.tasks.filter((task) => {
    const target = targets[task.milestoneIndex];
    // Proposed milestones are told apart by index until they exist.
    const key = taskKey(target ? target.id : `new-${task.milestoneIndex}`, task.title);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });

  const index = new Map<number, number>();
  const milestones: ProposedMilestone[] = [];
  plan.milestones.forEach((milestone, i) => {
    const target = targets[i];
    if (target && !tasks.some((task) => task.milestoneIndex === i)) return;
    index.set(i, milestones.length);
    milestones.push(
      target
        ? {
            title: target.title,
            description: target.description,
            dueDate: target.dueDate,
            existingId: target.id,
          }
        : milestone,
    );
  });
  const left =
    plan.milestones.length -
    targets.filter((target) => target === null).length +
    (plan.tasks.length - tasks.length);
  const notes = [...plan.notes];
  if (left > 0) {
    notes.unshift(
      milestones.length + tasks.length === 0
        ? 'Your plan already has everything the coach would propose now.'
        : `${left} of the coach’s milestones and tasks are already in your plan, so only what it lacks is shown.`,
    );
  }
  return {
    kind: 'plan',
    milestones,
    tasks: tasks.map((task) => ({ ...task, milestoneIndex: index.get(task.milestoneIndex) ?? 0 })),
    notes: notes.slice(0, MAX_NOTES),
    alreadyInPlan: left,
  };
}
