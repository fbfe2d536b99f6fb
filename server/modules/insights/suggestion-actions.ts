import type { InsightSuggestion } from '#contracts/insights.ts';
import { AppError } from '#server/errors.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';

/**
 * What accepting a suggestion does, through the tasks service (which checks the dates and the
 * goal as for any change the person makes): shortens or moves the task, or adds the small task.
 * Returns the task's id.
 */
export async function applySuggestion(
  tasks: Pick<TasksService, 'create' | 'act' | 'find'>,
  userId: string,
  suggestion: InsightSuggestion,
): Promise<string> {
  if (suggestion.kind === 'add_task') {
    const task = await tasks.create(userId, {
      title: suggestion.title,
      goalId: suggestion.goalId,
      estimatedMinutes: suggestion.minutes,
    });
    return task.id;
  }
  if (suggestion.kind === 'experiment') {
    throw new Error('an experiment suggestion is accepted with its experiment, not a task');
  }
  const target = await tasks.find(userId, suggestion.targetTaskId);
  if (target?.status !== 'open') {
    throw new AppError(
      'conflict',
      target
        ? `“${target.title}” is no longer open: refresh the insight for new suggestions.`
        : 'The task of this suggestion was deleted: refresh the insight for new suggestions.',
    );
  }
  const action =
    suggestion.kind === 'shorten'
      ? ({ action: 'edit', estimatedMinutes: suggestion.minutes } as const)
      : ({ action: 'reschedule', to: suggestion.to } as const);
  const { task } = await tasks.act(userId, suggestion.targetTaskId, action);
  return task.id;
}
