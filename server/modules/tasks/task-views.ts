import { type Task } from '#contracts/tasks.ts';
import type { TaskRecurrence } from '#contracts/coach.ts';

import { AppError } from '#server/errors.ts';
import type { GoalFacts } from '#server/modules/goals/goal-views.ts';
import type { TaskRow } from './tasks.repo.ts';

// Task rows as the API shows them, and the rules every flow of the module reads them by.

export function notFound(): AppError {
  return new AppError('not_found', 'No task has this id.');
}

export function recurrenceOf(row: TaskRow): TaskRecurrence | null {
  if (row.recurrenceKind === 'weekly' && row.recurrenceTimesPerWeek !== null) {
    return { kind: 'weekly', timesPerWeek: row.recurrenceTimesPerWeek };
  }
  if (row.recurrenceKind === 'after_completion' && row.recurrenceEveryDays !== null) {
    return { kind: 'after_completion', everyDays: row.recurrenceEveryDays };
  }
  return null;
}

export function recurrenceColumns(recurrence: TaskRecurrence | null) {
  return {
    recurrenceKind: recurrence?.kind ?? null,
    recurrenceTimesPerWeek: recurrence?.kind === 'weekly' ? recurrence.timesPerWeek : null,
    recurrenceEveryDays: recurrence?.kind === 'after_completion' ? recurrence.everyDays : null,
  };
}

export function toTask(row: TaskRow, facts: GoalFacts): Task {
  return {
    id: row.id,
    goalId: row.goalId,
    goalTitle: row.goalId === null ? null : (facts.goals.get(row.goalId)?.title ?? null),
    milestoneId: row.milestoneId,
    milestoneTitle:
      row.milestoneId === null ? null : (facts.milestones.get(row.milestoneId)?.title ?? null),
    title: row.title,
    notes: row.notes,
    status: row.status,
    scheduledDate: row.scheduledDate,
    dueDate: row.dueDate,
    snoozedUntil: row.snoozedUntil,
    estimatedMinutes: row.estimatedMinutes,
    recurrence: recurrenceOf(row),
    seriesId: row.seriesId,
    repeatsUntil: row.repeatsUntil,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tasks of paused, completed or archived goals wait: they stay out of today and the top three. */
export function isWorkable(row: TaskRow, facts: GoalFacts): boolean {
  return row.goalId === null || facts.goals.get(row.goalId)?.status === 'active';
}
