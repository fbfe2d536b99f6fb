import type { CoachEngine, TaskRecurrence } from '#contracts/coach.ts';

import { addDays, daysBetween } from '#contracts/local-date.ts';
import type { AcceptPlan, PlanProposal } from '#contracts/plan.ts';

/**
 * The breakdown editor's state: the coach's proposal as the person edits, reorders and picks
 * from it. Milestones keep the order of their due dates: moving one swaps it into the other's
 * date slot, and its tasks move with it by the same number of days. A milestone the goal already
 * has ("Plan more") only carries new tasks: it is not picked, edited or moved here.
 */

export interface DraftMilestone {
  key: string;
  title: string;
  description: string;
  dueDate: string;
  selected: boolean;
  /** The goal's own milestone this one is; null for a new one. */
  existingId: string | null;
}

export interface DraftTask {
  key: string;
  title: string;
  /** The milestone the task moves forward. */
  milestoneKey: string;
  scheduledDate: string;
  estimatedMinutes: number;
  recurrence: TaskRecurrence | null;
  selected: boolean;
}

export interface PlanDraft {
  milestones: DraftMilestone[];
  tasks: DraftTask[];
}

export function draftFromProposal(plan: Omit<PlanProposal, 'alreadyInPlan'>): PlanDraft {
  const milestones = plan.milestones.map((milestone, index) => ({
    key: `m${index}`,
    title: milestone.title,
    description: milestone.description,
    dueDate: milestone.dueDate,
    selected: true,
    existingId: milestone.existingId ?? null,
  }));
  const tasks = plan.tasks.map((task, index) => ({
    key: `t${index}`,
    title: task.title,
    milestoneKey: milestones[task.milestoneIndex]?.key ?? milestones[0]?.key ?? 'm0',
    scheduledDate: task.scheduledDate,
    estimatedMinutes: task.estimatedMinutes,
    recurrence: task.recurrence ?? null,
    selected: true,
  }));
  return { milestones, tasks };
}

/** The tasks of one milestone, in the draft's order. */
export function tasksOf(draft: PlanDraft, milestoneKey: string): DraftTask[] {
  return draft.tasks.filter((task) => task.milestoneKey === milestoneKey);
}

function clampDate(date: string, min: string, max: string): string {
  if (date < min) return min;
  if (date > max) return max;
  return date;
}

/**
 * Moves a milestone one place up (-1) or down (+1). The two milestones trade due dates, and each
 * one's tasks shift by the days its milestone moved, kept between `today` and the new due date.
 */
export function moveMilestone(
  draft: PlanDraft,
  key: string,
  direction: -1 | 1,
  today: string,
): PlanDraft {
  const index = draft.milestones.findIndex((milestone) => milestone.key === key);
  const otherIndex = index + direction;
  const moving = draft.milestones[index];
  const other = draft.milestones[otherIndex];
  if (!moving || !other || moving.existingId || other.existingId) return draft;

  const milestones = [...draft.milestones];
  milestones[otherIndex] = { ...moving, dueDate: other.dueDate };
  milestones[index] = { ...other, dueDate: moving.dueDate };
  const shift = new Map([
    [moving.key, { days: daysBetween(moving.dueDate, other.dueDate), due: other.dueDate }],
    [other.key, { days: daysBetween(other.dueDate, moving.dueDate), due: moving.dueDate }],
  ]);
  const tasks = draft.tasks.map((task) => {
    const change = shift.get(task.milestoneKey);
    if (!change) return task;
    const scheduledDate = clampDate(addDays(task.scheduledDate, change.days), today, change.due);
    return { ...task, scheduledDate };
  });
  return { milestones, tasks: orderTasksByMilestone(milestones, tasks) };
}

/** Tasks grouped in their milestones' order, each group keeping its own order. */
function orderTasksByMilestone(milestones: DraftMilestone[], tasks: DraftTask[]): DraftTask[] {
  const rank = new Map(milestones.map((milestone, index) => [milestone.key, index]));
  return tasks
    .map((task, index) => ({ task, index }))
    .sort(
      (a, b) =>
        (rank.get(a.task.milestoneKey) ?? 0) - (rank.get(b.task.milestoneKey) ?? 0) ||
        a.index - b.index,
    )
    .map(({ task }) => task);
}

/** Moves a task one place up or down among its milestone's tasks. */
export function moveTask(draft: PlanDraft, key: string, direction: -1 | 1): PlanDraft {
  const task = draft.tasks.find((candidate) => candidate.key === key);
  if (!task) return draft;
  const siblings = tasksOf(draft, task.milestoneKey);
  const position = siblings.indexOf(task);
  const swapWith = siblings[position + direction];
  if (!swapWith) return draft;
  const tasks = [...draft.tasks];
  const a = tasks.indexOf(task);
  const b = tasks.indexOf(swapWith);
  tasks[a] = swapWith;
  tasks[b] = task;
  return { ...draft, tasks };
}

export function updateMilestone(
  draft: PlanDraft,
  key: string,
  change: Partial<Omit<DraftMilestone, 'key' | 'existingId'>>,
): PlanDraft {
  if (draft.milestones.find((milestone) => milestone.key === key)?.existingId) return draft;
  const milestones = draft.milestones.map((milestone) =>
    milestone.key === key ? { ...milestone, ...change } : milestone,
  );
  // Picking a milestone picks its tasks; leaving it out leaves them out (each can be re-picked).
  const tasks =
    change.selected === undefined
      ? draft.tasks
      : draft.tasks.map((task) =>
          task.milestoneKey === key
            ? { ...task, selected: change.selected ?? task.selected }
            : task,
        );
  // A new due date may change the milestones' order: they stay in date order.
  if (change.dueDate === undefined) return { milestones, tasks };
  const sorted = milestones
    .map((milestone, index) => ({ milestone, index }))
    .sort((a, b) => a.milestone.dueDate.localeCompare(b.milestone.dueDate) || a.index - b.index)
    .map(({ milestone }) => milestone);
  return { milestones: sorted, tasks: orderTasksByMilestone(sorted, tasks) };
}

export function updateTask(
  draft: PlanDraft,
  key: string,
  change: Partial<Omit<DraftTask, 'key' | 'milestoneKey'>>,
): PlanDraft {
  return {
    ...draft,
    tasks: draft.tasks.map((task) => (task.key === key ? { ...task, ...change } : task)),
  };
}

export function selectAll(draft: PlanDraft, selected: boolean): PlanDraft {
  return {
    milestones: draft.milestones.map((milestone) =>
      milestone.existingId ? milestone : { ...milestone, selected },
    ),
    tasks: draft.tasks.map((task) => ({ ...task, selected })),
  };
}

export function selectionCount(draft: PlanDraft): { selected: number; total: number } {
  const items = [...draft.milestones.filter((milestone) => !milestone.existingId), ...draft.tasks];
  return { selected: items.filter((item) => item.selected).length, total: items.length };
}

/** What is wrong with one item, by its key: empty titles, dates out of range. */
export function draftProblems(
  draft: PlanDraft,
  today: string,
  deadline: string,
): Map<string, string> {
  const problems = new Map<string, string>();
  const dueOf = new Map(draft.milestones.map((milestone) => [milestone.key, milestone]));
  for (const milestone of draft.milestones) {
    if (!milestone.selected || milestone.existingId) continue;
    if (!milestone.title.trim()) problems.set(milestone.key, 'Give the milestone a title.');
    else if (!milestone.description.trim())
      problems.set(milestone.key, 'Describe the milestone in a sentence.');
    else if (!milestone.dueDate || milestone.dueDate < today || milestone.dueDate > deadline)
      problems.set(milestone.key, 'Its date must be between today and the goal’s deadline.');
  }
  for (const task of draft.tasks) {
    if (!task.selected) continue;
    const milestone = dueOf.get(task.milestoneKey);
    const last = milestone?.selected && milestone.dueDate < deadline ? milestone.dueDate : deadline;
    if (!task.title.trim()) problems.set(task.key, 'Give the task a title.');
    else if (!task.scheduledDate || task.scheduledDate < today || task.scheduledDate > last)
      problems.set(
        task.key,
        milestone?.selected
          ? 'Its date must be between today and its milestone’s date.'
          : 'Its date must be between today and the goal’s deadline.',
      );
    else if (!Number.isInteger(task.estimatedMinutes) || task.estimatedMinutes < 1)
      problems.set(task.key, 'Give it a time of at least a minute.');
  }
  return problems;
}

/**
 * The request that accepts exactly the picked items, in the draft's order. A picked task whose
 * milestone was left out is kept, without a milestone; one of a milestone the goal has joins it.
 * The breakdown's `suggestionId`, when it has one, goes back with it.
 */
export function acceptRequest(
  draft: PlanDraft,
  proposedBy: CoachEngine | null,
  suggestionId?: string,
): AcceptPlan {
  const picked = draft.milestones.filter(
    (milestone) => milestone.selected && !milestone.existingId,
  );
  const indexOf = new Map(picked.map((milestone, index) => [milestone.key, index]));
  const existing = new Map(
    draft.milestones.flatMap((milestone) =>
      milestone.existingId ? [[milestone.key, milestone.existingId] as const] : [],
    ),
  );
  return {
    milestones: picked.map((milestone) => ({
      title: milestone.title.trim(),
      description: milestone.description.trim(),
      dueDate: milestone.dueDate,
    })),
    tasks: draft.tasks
      .filter((task) => task.selected)
      .map((task) => {
        const milestoneIndex = indexOf.get(task.milestoneKey);
        const milestoneId = existing.get(task.milestoneKey);
        return {
          title: task.title.trim(),
          ...(milestoneIndex === undefined ? {} : { milestoneIndex }),
          ...(milestoneId === undefined ? {} : { milestoneId }),
          scheduledDate: task.scheduledDate,
          estimatedMinutes: task.estimatedMinutes,
          ...(task.recurrence ? { recurrence: task.recurrence } : {}),
        };
      }),
    proposedBy,
    ...(suggestionId ? { suggestionId } : {}),
  };
}
