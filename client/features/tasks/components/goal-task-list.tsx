import { ChevronDown, ListTodo } from 'lucide-react';
import { useState } from 'react';
import type { Task } from '#contracts/tasks.ts';
import { cn } from '#client/lib/cn.ts';
import { TaskItem } from './task-item.tsx';

/** A goal's tasks: open ones by date, finished ones folded away below. */
export function GoalTaskList({ tasks, localDate }: { tasks: Task[]; localDate: string }) {
  const [showClosed, setShowClosed] = useState(false);
  const open = tasks
    .filter((task) => task.status === 'open')
    .sort((a, b) => (a.scheduledDate ?? '9999').localeCompare(b.scheduledDate ?? '9999'));
  const closed = tasks.filter((task) => task.status !== 'open');

  if (tasks.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ListTodo aria-hidden="true" className="size-4" />
        No tasks yet.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {open.length > 0 ? (
        <ul className="space-y-2.5">
          {open.map((task) => (
            <li key={task.id}>
              <TaskItem task={task} localDate={localDate} showGoal={false} showToday compact />
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
                  <TaskItem task={task} localDate={localDate} showGoal={false} showToday compact />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
