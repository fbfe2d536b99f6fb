import type { InputProblem } from '#server/modules/goals/input-problems.ts';

/** Keeps a task's dates within today, its milestone and its goal's deadline. */
export function dateProblems(
  path: string,
  date: string,
  today: string,
  limits: { milestone?: { title: string; dueDate: string } | null; deadline?: string | null },
  options: { after?: boolean } = {},
): InputProblem[] {
  if (options.after ? date <= today : date < today) {
    return [
      {
        path,
        message: options.after
          ? `must be after today (${today})`
          : `must be today (${today}) or later`,
      },
    ];
  }
  if (limits.milestone && date > limits.milestone.dueDate) {
    return [
      {
        path,
        message: `must be on or before its milestone "${limits.milestone.title}" (${limits.milestone.dueDate})`,
      },
    ];
  }
  if (limits.deadline && date > limits.deadline) {
    return [{ path, message: `must be on or before its goal's deadline (${limits.deadline})` }];
  }
  return [];
}
