import {
  CalendarCheck,
  CheckCircle2,
  ChevronDown,
  Flag,
  History as HistoryIcon,
  MessageCircle,
  MessagesSquare,
  NotebookPen,
  SkipForward,
  Target,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { coachDomainLabels } from '#contracts/coach.ts';
import type { HistoryEntry, HistoryEntryType } from '#contracts/coaching.ts';
import { LoadMore } from '#client/components/load-more.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useHistory } from '../history-api.ts';
import {
  dayHeading,
  filtersFromSearch,
  filtersToSearch,
  groupByDay,
  hasHistoryFilters,
  noHistoryFilters,
  type HistoryFilters,
} from '../history-state.ts';
import { HistoryFilterForm } from './history-filters.tsx';

const typeIcons: Record<HistoryEntryType, LucideIcon> = {
  task_done: CheckCircle2,
  task_skipped: SkipForward,
  milestone_reached: Flag,
  goal_event: Target,
  top_three_day: CalendarCheck,
  reflection: NotebookPen,
  conversation: MessageCircle,
  consultation: MessagesSquare,
};

function EntryRow({ entry, timeZone }: { entry: HistoryEntry; timeZone: string }) {
  const Icon = typeIcons[entry.type];
  const time = new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(entry.at));
  return (
    <li className="relative flex gap-3 py-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground"
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={entry.href}
          className="font-medium break-words underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {entry.title}
        </Link>
        {entry.detail && (
          <p className="mt-0.5 line-clamp-3 text-sm break-words text-muted-foreground">
            {entry.detail}
          </p>
        )}
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <time dateTime={entry.at}>{time}</time>
          {entry.domain && (
            <>
              <span aria-hidden="true">·</span>
              <span>{coachDomainLabels[entry.domain]}</span>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

function Timeline({
  userId,
  filters,
  timeZone,
  today,
  onClear,
}: {
  userId: string;
  filters: HistoryFilters;
  timeZone: string;
  today: string;
  onClear: () => void;
}) {
  const history = useHistory(userId, filters);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const days = groupByDay(entries, timeZone);

  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading your history" className="space-y-4">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (history.isError && entries.length === 0) {
    return (
      <ErrorState title="Your history could not load" onRetry={() => void history.refetch()} />
    );
  }
  if (entries.length === 0) {
    return hasHistoryFilters(filters) ? (
      <EmptyState
        icon={<HistoryIcon aria-hidden="true" />}
        title="Nothing matches these filters"
        action={
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        }
      >
        Try fewer types, another goal or a wider range of dates.
      </EmptyState>
    ) : (
      <EmptyState
        icon={<HistoryIcon aria-hidden="true" />}
        title="Nothing here yet"
        action={
          <Link to={paths.tasks} className={buttonClasses('primary')}>
            Open today’s tasks
          </Link>
        }
      >
        Tasks you finish or skip, milestones, reflections and conversations with your coaches gather
        here, newest first.
      </EmptyState>
    );
  }
  return (
    <div>
      <div className="space-y-6">
        {days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`}>
            <h2
              id={`day-${day.date}`}
              className="sticky top-16 z-10 -mx-1 bg-background/95 px-1 py-1 text-sm font-semibold text-muted-foreground backdrop-blur"
            >
              {dayHeading(day.date, today)}
            </h2>
            <ul className="mt-1 divide-y rounded-2xl border bg-card px-4 shadow-sm">
              {day.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} timeZone={timeZone} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <LoadMore
        pages={history}
        end="That is everything."
        paused={history.isError}
        failed={history.isFetchNextPageError}
      />
    </div>
  );
}

/**
 * /history: the timeline, newest first, by day, a page at a time, filtered by type, goal, area and
 * dates (kept in the URL); each entry opens its source. The reflection panel the route hands in
 * sits beside it (first on a phone, where the timeline scrolls on without end).
 */
export function HistoryScreen({
  userId,
  timeZone,
  today,
  goals,
  reflection,
}: {
  userId: string;
  timeZone: string;
  today: string;
  goals: ReadonlyArray<{ id: string; title: string }>;
  reflection?: ReactNode;
}) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const setFilters = (next: HistoryFilters) =>
    setSearch(filtersToSearch(next), { replace: true, preventScrollReset: true });
  const active = filtersToSearch(filters).size;
  // Open from the start when the link carries filters; then as the person leaves it.
  const [open, setOpen] = useState(active > 0);

  return (
    <PageShell
      title="History"
      description="What you and your coaches did, newest first."
      width="wide"
    >
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {/* A phone: reflection, the filters, then the timeline (which scrolls on without end).
            Wide: the timeline, with the filters and then reflection beside it. */}
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          {reflection && (
            <div id="reflect" className="scroll-mt-24">
              {reflection}
            </div>
          )}
          <details
            className="group rounded-2xl border bg-card shadow-sm lg:order-first"
            open={open}
            onToggle={(event) => setOpen(event.currentTarget.open)}
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl p-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              <span>
                Filters
                {active > 0 && (
                  <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 text-xs text-accent-foreground">
                    {active} on
                  </span>
                )}
              </span>
              <ChevronDown
                aria-hidden="true"
                className="size-4 text-muted-foreground transition group-open:rotate-180"
              />
            </summary>
            <div className="border-t p-4">
              <HistoryFilterForm filters={filters} goals={goals} onChange={setFilters} />
            </div>
          </details>
        </div>
        <section aria-label="Timeline" className="lg:col-start-1 lg:row-start-1">
          <Timeline
            userId={userId}
            filters={filters}
            timeZone={timeZone}
            today={today}
            onClear={() => setFilters(noHistoryFilters)}
          />
        </section>
      </div>
    </PageShell>
  );
}
