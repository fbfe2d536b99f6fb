import {
  ArrowRight,
  BarChart3,
  CalendarCheck,
  CheckCircle2,
  Flame,
  Gauge,
  PieChart,
  Plus,
  Target,
  Trophy,
} from 'lucide-react';
import { Link } from 'react-router';
import type { AnalyticsPeriod, AnalyticsSummary } from '#contracts/analytics.ts';
import { coachDomains } from '#contracts/coach.ts';
import { pagePaths } from '#contracts/pages.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { pathTo, paths } from '#client/lib/paths.ts';
import { useAnalyticsSummary } from '../api.ts';
import {
  busiestOf,
  domainName,
  formatRate,
  plural,
  searchForPeriod,
  shortDate,
} from '../format.ts';
import { ChartEmpty, ChartPanel, DataTable } from './chart-panel.tsx';
import { CountBars, RateBars } from './charts.tsx';
import { GoalRings } from './goal-rings.tsx';
import { StatTile } from './stat-tile.tsx';
import { ChartPairSkeleton, FiguresSkeleton } from './figures-skeleton.tsx';

/** The other analytics pages, linked from the bottom of /analytics. */
const moreLinks = [
  {
    to: pagePaths.advancedAnalytics,
    label: 'Advanced analytics',
    text: '12-week trends and your streak calendar',
  },
  {
    to: pagePaths.coachEffectiveness,
    label: 'Coach effectiveness',
    text: 'What your coaches suggested and how it went',
  },
  { to: paths.engagement, label: 'Engagement analytics', text: 'When and how you use Trellis' },
  { to: paths.progress, label: 'Progress insights', text: 'This week’s insight and past weeks' },
  { to: paths.achievements, label: 'Achievements', text: 'Badges earned and the next ones' },
] as const;

function HeadlineFigures({ data }: { data: AnalyticsSummary }) {
  const { completion, topThree, streak } = data;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatTile
        icon={<CheckCircle2 aria-hidden="true" />}
        label="Tasks done"
        value={String(data.tasksDone)}
        detail={`in the last ${data.days} days`}
      />
      <StatTile
        icon={<Gauge aria-hidden="true" />}
        label="Completion rate"
        value={formatRate(completion.rate)}
        detail={
          completion.rate === null
            ? 'Nothing due or closed yet'
            : `${completion.done} done · ${completion.skipped} skipped · ${completion.overdueOpen} overdue`
        }
      />
      <StatTile
        icon={<Trophy aria-hidden="true" />}
        label="Top-three completion"
        value={formatRate(topThree.rate)}
        detail={
          topThree.rate === null
            ? 'No top three yet in this period'
            : `${topThree.allDone} of ${plural(topThree.days, 'day')} with all three done`
        }
      />
      <StatTile
        icon={<Flame aria-hidden="true" />}
        label="Streak"
        value={plural(streak.current, 'day')}
        detail={`Best ${plural(streak.best, 'day')}`}
      />
    </div>
  );
}

function ActiveGoals({ goals }: { goals: AnalyticsSummary['goals'] }) {
  return (
    <GoalRings
      title="Active goals"
      goals={goals}
      detail={(goal) =>
        `${domainName(goal.domain)}${goal.pinned ? ' · one of your top three goals' : ''}`
      }
      empty={
        <EmptyState
          icon={<Target aria-hidden="true" />}
          title="No active goals"
          action={
            <Link to={paths.newGoal} className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="size-4" />
              Declare a goal
            </Link>
          }
        >
          Declare a goal and plan its milestones: its progress shows here as a ring.
        </EmptyState>
      }
    />
  );
}

function DonePerDay({ data }: { data: AnalyticsSummary }) {
  const rows = data.perDay.map((day) => ({ ...day, label: shortDate(day.date) }));
  const busiest = busiestOf(rows);
  const activeDays = rows.filter((day) => day.done > 0).length;
  return (
    <ChartPanel
      title="Tasks done per day"
      icon={<CalendarCheck aria-hidden="true" />}
      summary={
        busiest
          ? `${plural(data.tasksDone, 'task')} done on ${plural(activeDays, 'day')} of ${data.days}; the most was ${busiest.done} on ${busiest.label}.`
          : `No task done in the last ${data.days} days.`
      }
      table={
        busiest && (
          <DataTable
            caption="Tasks done per day"
            rowKey={(row) => row.date}
            rows={rows}
            columns={[
              { header: 'Day', cell: (row) => row.label },
              { header: 'Tasks done', cell: (row) => row.done, numeric: true },
            ]}
          />
        )
      }
    >
      {busiest ? (
        <CountBars data={rows} dataKey="done" name="Tasks done" />
      ) : (
        <ChartEmpty>
          Complete a task on{' '}
          <Link className="text-primary underline" to={paths.tasks}>
            Tasks
          </Link>{' '}
          and it shows here the same day.
        </ChartEmpty>
      )}
    </ChartPanel>
  );
}

function ByDomain({ data, period }: { data: AnalyticsSummary; period: AnalyticsPeriod }) {
  const rows = data.byDomain
    .filter((row) => row.rate !== null)
    .map((row) => ({ ...row, label: domainName(row.domain) }));
  const best = rows.reduce<(typeof rows)[number] | null>(
    (top, row) => ((row.rate ?? 0) > (top?.rate ?? -1) ? row : top),
    null,
  );
  return (
    <ChartPanel
      title="Completion by domain"
      icon={<PieChart aria-hidden="true" />}
      footer={<DomainLinks period={period} />}
      summary={
        best
          ? `Highest in ${best.label} at ${formatRate(best.rate)}; ${rows.length === 1 ? 'the only area with tasks.' : `${rows.length} areas with tasks.`}`
          : 'No task done, skipped or overdue in this period.'
      }
      table={
        best && (
          <DataTable
            caption="Completion by domain"
            rowKey={(row) => row.label}
            rows={rows}
            columns={[
              { header: 'Domain', cell: (row) => row.label },
              { header: 'Done', cell: (row) => row.done, numeric: true },
              { header: 'Skipped', cell: (row) => row.skipped, numeric: true },
              { header: 'Overdue', cell: (row) => row.overdueOpen, numeric: true },
              { header: 'Rate', cell: (row) => formatRate(row.rate), numeric: true },
            ]}
          />
        )
      }
    >
      {best ? (
        <RateBars data={rows} dataKey="rate" name="Completion" />
      ) : (
        <ChartEmpty>
          Tasks of your goals count toward their domain once done, skipped or overdue.
        </ChartEmpty>
      )}
    </ChartPanel>
  );
}

/** Each domain's own page (its goals, milestones and measurements), for the same period. */
function DomainLinks({ period }: { period: AnalyticsPeriod }) {
  return (
    <nav aria-labelledby="metrics-by-domain" className="space-y-2 border-t pt-3">
      <p id="metrics-by-domain" className="text-sm font-medium">
        Metrics by domain
      </p>
      <ul className="flex flex-wrap gap-2">
        {coachDomains.map((domain) => (
          <li key={domain}>
            <Link
              to={{
                pathname: pathTo.domainMetrics(domain),
                search: searchForPeriod(period),
              }}
              className={buttonClasses('outline', 'sm')}
            >
              {domainName(domain)}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MoreAnalytics() {
  return (
    <Panel title="More analytics" icon={<BarChart3 aria-hidden="true" />}>
      <ul className="grid gap-2 sm:grid-cols-2">
        {moreLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex items-center justify-between gap-3 rounded-xl border p-3 transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="min-w-0">
                <span className="block font-medium">{link.label}</span>
                <span className="block text-sm text-muted-foreground">{link.text}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-primary" />
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function OverviewSkeleton() {
  return (
    <FiguresSkeleton label="Loading analytics">
      <Skeleton className="h-40 rounded-2xl" />
      <ChartPairSkeleton />
    </FiguresSkeleton>
  );
}

/** /analytics: the period's headline figures, goal rings, days and domains. */
export function AnalyticsOverview({ period }: { period: AnalyticsPeriod }) {
  const summary = useAnalyticsSummary(period);
  return (
    <div className="space-y-4 sm:space-y-6">
      {summary.isPending ? (
        <OverviewSkeleton />
      ) : summary.isError ? (
        <ErrorState title="Analytics could not load" onRetry={() => void summary.refetch()} />
      ) : (
        <div
          className="space-y-4 transition-opacity sm:space-y-6"
          aria-busy={summary.isPlaceholderData}
          style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}
        >
          <HeadlineFigures data={summary.data} />
          <ActiveGoals goals={summary.data.goals} />
          <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
            <DonePerDay data={summary.data} />
            <ByDomain data={summary.data} period={period} />
          </div>
        </div>
      )}
      <MoreAnalytics />
    </div>
  );
}
