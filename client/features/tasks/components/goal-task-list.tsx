import { ArrowDown, ArrowUp, ChevronDown, ListTodo } from 'lucide-react';
import { useState } from 'react';
import type { Task } from '#contracts/tasks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { TaskItem } from './task-item.tsx';

interface GoalTaskListProps {
  /** One group of a goal's tasks (a milestone's, or those without one), in the plan's order. */
  tasks: Task[];
  localDate: string;
  /** Moves an open task one place up (-1) or down (+1) in its group. */
  onMove?: (taskId: string, direction: -1 | 1) => void;
  /** What the group says when it has no task. */
  emptyText?: string;
}

/** A goal's tasks in the person's order, with edit, delete and move; finished ones folded away. */
export function GoalTaskList({
  tasks,
  localDate,
  onMove,
  emptyText = 'No tasks yet.',
}: GoalTaskListProps) {
  const [showClosed, setShowClosed] = useState(false);
  const open = tasks.filter((task) => task.status === 'open');
  const closed = tasks.filter((task) => task.status !== 'open');

  if (tasks.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ListTodo aria-hidden="true" className="size-4" />
        {emptyText}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {open.length > 0 ? (
        <ul className="space-y-2.5">
          {open.map((task, index) => (
            <li key={task.id} className="flex items-start gap-1">
              <div className="min-w-0 flex-1">
                <TaskItem
                  task={task}
                  localDate={localDate}
                  showGoal={false}
                  showToday
                  compact
                  manage
                />
              </div>
              {onMove && open.length > 1 && (
                <div className="flex shrink-0 flex-col">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={index === 0}
                    aria-label={`Move “${task.title}” up`}
                    onClick={() => onMove(task.id, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={index === open.length - 1}
                    aria-label={`Move “${task.title}” down`}
                    onClick={() => onMove(task.id, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Every task is done or skipped.</p>
      )}
      {closed.length > 0 && (
        <div>
          <button
            type="button"
            aria-expanded={showClosed}
            onClick={() => setShowClosed(!showClosed)}
            className="inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 transition', showClosed && 'rotate-180')}
            />
            {showClosed ? 'Hide' : 'Show'} {closed.length} done or skipped
          </button>
          {showClosed && (
            <ul className="mt-2 space-y-2.5">
              {closed.map((task) => (
                <li key={task.id}>
                  <TaskItem
                    task={task}
                    localDate={localDate}
                    showGoal={false}
                    showToday
                    compact
                    manage
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
