import {
  Clock,
  Flag,
  Hourglass,
  LineChart,
  SkipForward,
  Timer,
  TrendingUp,
  CalendarRange,
} from 'lucide-react';
import { Link } from 'react-router';
import type { AnalyticsTrends } from '#contracts/analytics.ts';
import { ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useAnalyticsTrends } from '../api.ts';
import {
  busiestOf,
  formatDays,
  formatMinutes,
  formatRate,
  plural,
  shortDate,
  weekdayNames,
} from '../format.ts';
import { ChartEmpty, ChartPanel, DataTable } from './chart-panel.tsx';
import { CountBars, PairedBars, RateLines } from './charts.tsx';
import { StatTile } from './stat-tile.tsx';
import { StreakCalendar } from './streak-calendar.tsx';
import { ChartPairSkeleton, FiguresSkeleton } from './figures-skeleton.tsx';

const tasksLink = (
  <Link className="text-primary underline" to={paths.tasks}>
    Tasks
  </Link>
);

function HeadlineFigures({ data }: { data: AnalyticsTrends }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatTile
        icon={<Clock aria-hidden="true" />}
        label="On-time rate"
        value={formatRate(data.onTime.rate)}
        detail={
          data.onTime.dated === 0
            ? 'No dated task done yet'
            : `${data.onTime.onTime} of ${plural(data.onTime.dated, 'dated task')} done by their date`
        }
      />
      <StatTile
        icon={<Flag aria-hidden="true" />}
        label="Milestone hit rate"
        value={formatRate(data.milestones.rate)}
        detail={
          data.milestones.due === 0
            ? 'No milestone due yet'
            : `${data.milestones.hit} of ${plural(data.milestones.due, 'milestone')} reached by its date`
        }
      />
      <StatTile
        icon={<Hourglass aria-hidden="true" />}
        label="Open to done"
        value={formatDays(data.openToDone.medianDays)}
        detail={
          data.openToDone.count === 0
            ? 'No task done yet'
            : `median over ${plural(data.openToDone.count, 'task')}`
        }
      />
      <StatTile
        icon={<SkipForward aria-hidden="true" />}
        label="Skipped and snoozed"
        value={`${data.skipped} · ${data.snoozed}`}
        detail={`${plural(data.skipped, 'task')} skipped in 12 weeks · ${data.snoozed} open ${data.snoozed === 1 ? 'task' : 'tasks'} snoozed`}
      />
    </div>
  );
}

function WeeklyCompletion({ data }: { data: AnalyticsTrends }) {
  const rows = data.weeks.map((week) => ({
    ...week,
    label: shortDate(week.weekStart),
    onTimeRate: week.dated === 0 ? null : week.onTime / week.dated,
  }));
  const rated = rows.filter((week) => week.rate !== null);
  const last = rated.at(-1);
  const first = rated[0];
  return (
    <ChartPanel
      title="Weekly completion"
      icon={<TrendingUp aria-hidden="true" />}
      summary={
        last && first
          ? `${formatRate(last.rate)} in the week of ${last.label}${rated.length > 1 ? `, against ${formatRate(first.rate)} in the week of ${first.label}` : ''}${data.onTime.rate === null ? '' : `; ${formatRate(data.onTime.rate)} done by their date overall`}.`
          : 'No week has a task done, skipped or overdue yet.'
      }
      table={
        last && (
          <DataTable
            caption="Weekly completion and on-time rate"
            rowKey={(row) => row.weekStart}
            rows={rows}
            columns={[
              { header: 'Week of', cell: (row) => row.label },
              { header: 'Done', cell: (row) => row.done, numeric: true },
              { header: 'Skipped', cell: (row) => row.skipped, numeric: true },
              { header: 'Overdue', cell: (row) => row.overdueOpen, numeric: true },
              { header: 'Completion', cell: (row) => formatRate(row.rate), numeric: true },
              { header: 'On time', cell: (row) => formatRate(row.onTimeRate), numeric: true },
            ]}
          />
        )
      }
    >
      {last ? (
        <RateLines
          data={rows}
          lines={[
            { dataKey: 'rate', name: 'Completion' },
            { dataKey: 'onTimeRate', name: 'On time' },
          ]}
        />
      ) : (
        <ChartEmpty>
          Plan tasks on {tasksLink} and complete them: each week gets a point here.
        </ChartEmpty>
      )}
    </ChartPanel>
  );
}

function Minutes({ data }: { data: AnalyticsTrends }) {
  const rows = data.weeks.map((week) => ({ ...week, label: shortDate(week.weekStart) }));
  const planned = rows.reduce((sum, week) => sum + week.plannedMinutes, 0);
  const done = rows.reduce((sum, week) => sum + week.doneMinutes, 0);
  const any = planned + done > 0;
  return (
    <ChartPanel
      title="Planned and done minutes"
      icon={<Timer aria-hidden="true" />}
      summary={
        any
          ? `${formatMinutes(done)} of estimated work done against ${formatMinutes(planned)} planned in twelve weeks.`
          : 'No task with an estimate yet.'
      }
      table={
        any && (
          <DataTable
            caption="Planned and done minutes per week"
            rowKey={(row) => row.weekStart}
            rows={rows}
            columns={[
              { header: 'Week of', cell: (row) => row.label },
              {
                header: 'Planned',
                cell: (row) => formatMinutes(row.plannedMinutes),
                numeric: true,
              },
              { header: 'Done', cell: (row) => formatMinutes(row.doneMinutes), numeric: true },
            ]}
          />
        )
      }
    >
      {any ? (
        <PairedBars
          data={rows}
          bars={[
            { dataKey: 'plannedMinutes', name: 'Planned' },
            { dataKey: 'doneMinutes', name: 'Done' },
          ]}
          formatter={formatMinutes}
        />
      ) : (
        <ChartEmpty>
          Give your tasks an estimate and a date on {tasksLink}: planned and done minutes show here.
        </ChartEmpty>
      )}
    </ChartPanel>
  );
}

function Weekdays({ data }: { data: AnalyticsTrends }) {
  const rows = data.weekdays.map((day) => ({
    ...day,
    label: (weekdayNames[day.weekday - 1] ?? '').slice(0, 3),
    name: weekdayNames[day.weekday - 1] ?? '',
  }));
  const busiest = busiestOf(rows);
  return (
    <ChartPanel
      title="Day-of-week pattern"
      icon={<CalendarRange aria-hidden="true" />}
      summary={
        busiest
          ? `You get the most done on ${busiest.name}s (${plural(busiest.done, 'task')} in twelve weeks).`
          : 'No task done in these twelve weeks yet.'
      }
      table={
        busiest && (
          <DataTable
            caption="Tasks done per weekday"
            rowKey={(row) => row.name}
            rows={rows}
            columns={[
              { header: 'Weekday', cell: (row) => row.name },
              { header: 'Tasks done', cell: (row) => row.done, numeric: true },
            ]}
          />
        )
      }
    >
      {busiest ? (
        <CountBars data={rows} dataKey="done" name="Tasks done" />
      ) : (
        <ChartEmpty>Complete tasks on {tasksLink}: the days you do most show here.</ChartEmpty>
      )}
    </ChartPanel>
  );
}

function OpenToDone({ data }: { data: AnalyticsTrends }) {
  const rows = data.openToDone.buckets;
  return (
    <ChartPanel
      title="Time from open to done"
      icon={<Hourglass aria-hidden="true" />}
      summary={
        data.openToDone.count === 0
          ? 'No task done in these twelve weeks yet.'
          : data.openToDone.medianDays === 0
            ? `Half of ${plural(data.openToDone.count, 'task')} were done on the day they were opened.`
            : `Half of ${plural(data.openToDone.count, 'task')} were done within ${formatDays(data.openToDone.medianDays)} of being opened.`
      }
      table={
        data.openToDone.count > 0 && (
          <DataTable
            caption="Tasks by days from open to done"
            rowKey={(row) => row.label}
            rows={rows}
            columns={[
              { header: 'Open for', cell: (row) => row.label },
              { header: 'Tasks', cell: (row) => row.count, numeric: true },
            ]}
          />
        )
      }
    >
      {data.openToDone.count > 0 ? (
        <CountBars data={rows} dataKey="count" name="Tasks" />
      ) : (
        <ChartEmpty>Complete tasks on {tasksLink}: how long they waited shows here.</ChartEmpty>
      )}
    </ChartPanel>
  );
}

function TrendsSkeleton() {
  return (
    <FiguresSkeleton label="Loading trends">
      <ChartPairSkeleton />
      <ChartPairSkeleton />
    </FiguresSkeleton>
  );
}

/** /analytics/advanced: twelve weeks of trends and the streak calendar. */
export function AnalyticsTrendsReport() {
  const trends = useAnalyticsTrends();
  if (trends.isPending) return <TrendsSkeleton />;
  if (trends.isError) {
    return <ErrorState title="Trends could not load" onRetry={() => void trends.refetch()} />;
  }
  const { data } = trends;
  return (
    <div className="space-y-4 sm:space-y-6">
      <HeadlineFigures data={data} />
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <WeeklyCompletion data={data} />
        <Minutes data={data} />
        <Weekdays data={data} />
        <OpenToDone data={data} />
      </div>
      <StreakCalendar data={data} />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LineChart aria-hidden="true" className="size-4" />
        Weeks run Monday to Sunday in your time zone ({data.timeZone}).
      </p>
    </div>
  );
}
