import { CalendarCheck2, CalendarClock, Inbox, Sun } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Task } from '#contracts/tasks.ts';
import type { Today } from '#contracts/today.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatRelativeDate } from '#contracts/local-date.ts';
import { useTaskList, useToday } from '../api.ts';
import { QuickAddTask } from './quick-add-task.tsx';
import { TaskItem, TaskItemSkeleton } from './task-item.tsx';
import { TopThree } from './top-three.tsx';

const views = [
  { id: 'today', label: 'Today' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'overdue', label: 'Overdue' },
] as const;
type BoardView = (typeof views)[number]['id'];

function isBoardView(value: string | null): value is BoardView {
  return views.some((view) => view.id === value);
}

function Loading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <TaskItemSkeleton key={index} />
      ))}
    </div>
  );
}

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2
      id={id}
      className="mb-3 flex items-center gap-2 text-lg font-semibold [&_svg]:size-5 [&_svg]:text-primary"
    >
      {children}
    </h2>
  );
}

function TaskStack({
  tasks,
  localDate,
  dayShown = false,
}: {
  tasks: Task[];
  localDate: string;
  /** The heading above already names the day. */
  dayShown?: boolean;
}) {
  return (
    <ul className="space-y-2.5">
      {tasks.map((task) => (
        <li key={task.id}>
          <TaskItem task={task} localDate={localDate} dayShown={dayShown} />
        </li>
      ))}
    </ul>
  );
}

/** Today's open tasks besides the three: the best ones first, every one on request. */
function AlsoToday({ today }: { today: Today }) {
  const [all, setAll] = useState(false);
  const full = useTaskList('today', all);
  const { others, othersTotal, localDate } = today;
  if (othersTotal === 0) return null;
  const picked = new Set(today.topThree.map((pick) => pick.task.id));
  const tasks = all && full.data ? full.data.tasks.filter((task) => !picked.has(task.id)) : others;
  return (
    <section aria-labelledby="also-today-heading">
      <Heading id="also-today-heading">
        <CalendarCheck2 aria-hidden="true" />
        Also open today
        <span className="text-sm font-normal text-muted-foreground">({othersTotal})</span>
      </Heading>
      <TaskStack tasks={tasks} localDate={localDate} />
      {othersTotal > others.length && !(all && full.data) && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          disabled={all && full.isPending}
          onClick={() => setAll(true)}
        >
          {all && full.isPending ? 'Loading…' : `Show all ${othersTotal}`}
        </Button>
      )}
    </section>
  );
}

function TodayView({ emptyAction }: { emptyAction: ReactNode }) {
  const today = useToday();
  if (today.isPending) return <Loading label="Loading today’s tasks" />;
  if (today.isError) {
    return <ErrorState title="Today’s tasks could not load" onRetry={() => void today.refetch()} />;
  }
  return (
    <div className="space-y-8">
      <section aria-labelledby="top-three-heading">
        <Heading id="top-three-heading">
          <Sun aria-hidden="true" />
          Today’s top three
        </Heading>
        <TopThree today={today.data} emptyAction={emptyAction} />
      </section>
      <AlsoToday today={today.data} />
    </div>
  );
}

function UpcomingView() {
  const list = useTaskList('upcoming');
  if (list.isPending) return <Loading label="Loading upcoming tasks" />;
  if (list.isError) {
    return <ErrorState title="Upcoming tasks could not load" onRetry={() => void list.refetch()} />;
  }
  const { tasks, localDate } = list.data;
  if (tasks.length === 0) {
    return (
      <EmptyState icon={<CalendarClock aria-hidden="true" />} title="Nothing planned ahead">
        Tasks planned for later days show here, day by day.
      </EmptyState>
    );
  }
  // Day by day: the day a task comes back (snoozed) or is planned for.
  const groups = new Map<string, Task[]>();
  for (const task of tasks) {
    const day =
      task.snoozedUntil && task.snoozedUntil > localDate
        ? task.snoozedUntil
        : (task.scheduledDate ?? localDate);
    groups.set(day, [...(groups.get(day) ?? []), task]);
  }
  const days = [...groups.keys()].sort();
  return (
    <div className="space-y-6">
      {days.map((day) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="mb-2.5 text-sm font-semibold text-muted-foreground">
            {formatRelativeDate(day, localDate)}
          </h2>
          <TaskStack tasks={groups.get(day) ?? []} localDate={localDate} dayShown />
        </section>
      ))}
    </div>
  );
}

function OverdueView() {
  const list = useTaskList('overdue');
  if (list.isPending) return <Loading label="Loading overdue tasks" />;
  if (list.isError) {
    return <ErrorState title="Overdue tasks could not load" onRetry={() => void list.refetch()} />;
  }
  const { tasks, localDate } = list.data;
  if (tasks.length === 0) {
    return (
      <EmptyState icon={<Inbox aria-hidden="true" />} title="Nothing overdue">
        You are up to date. Tasks left from earlier days would show here.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Left from earlier days. Do it, skip it, or move it to a day that works: no guilt needed.
      </p>
      <TaskStack tasks={tasks} localDate={localDate} />
    </div>
  );
}

/** Today (top three first), upcoming and overdue tasks, and a quick way to add one's own. */
export function TaskBoard({ emptyAction }: { emptyAction: ReactNode }) {
  const [search] = useSearchParams();
  const param = search.get('view');
  const view: BoardView = isBoardView(param) ? param : 'today';
  const today = useToday();
  const localDate = today.data?.localDate;

  return (
    <div className="space-y-6">
      <nav aria-label="Task views">
        <ul className="inline-flex rounded-xl bg-muted p-1">
          {views.map((item) => (
            <li key={item.id}>
              <Link
                to={{ search: item.id === 'today' ? '' : `?view=${item.id}` }}
                replace
                aria-current={view === item.id ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-9 items-center rounded-lg px-3.5 text-sm font-medium transition',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  view === item.id
                    ? 'bg-card text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {localDate && <QuickAddTask localDate={localDate} />}
      {view === 'today' && <TodayView emptyAction={emptyAction} />}
      {view === 'upcoming' && <UpcomingView />}
      {view === 'overdue' && <OverdueView />}
    </div>
  );
}
