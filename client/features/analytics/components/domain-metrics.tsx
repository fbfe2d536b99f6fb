import { CheckCircle2, Clock, Gauge, Plus, Ruler, Target, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnalyticsPeriod } from '#contracts/analytics.ts';
import type { CoachDomain, GoalMetric } from '#contracts/coach.ts';
import type { DomainGoal, DomainMetrics } from '#contracts/domain-metrics.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useDomainMetrics } from '../api.ts';
import { domainName, formatMinutes, formatRate, plural, shortDate } from '../format.ts';
import { GoalRings } from './goal-rings.tsx';
import { MetricChart } from './metric-chart.tsx';
import { MilestoneTimeline } from './milestone-timeline.tsx';
import { StatTile } from './stat-tile.tsx';
import { FiguresSkeleton } from './figures-skeleton.tsx';

/** The "Log a value" form of a goal with a metric (the goals feature's, composed by the route). */
export type RenderLogForm = (goal: DomainGoal & { metric: GoalMetric }, today: string) => ReactNode;

const statusWords = { active: 'Active', paused: 'Paused', completed: 'Completed', archived: '' };

function Figures({ data }: { data: DomainMetrics }) {
  const { completion, topThree } = data;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatTile
        icon={<CheckCircle2 aria-hidden="true" />}
        label="Tasks done"
        value={String(data.tasksDone)}
        detail={`of ${domainName(data.domain)} goals, last ${data.days} days`}
      />
      <StatTile
        icon={<Clock aria-hidden="true" />}
        label="Minutes invested"
        value={formatMinutes(data.minutesInvested)}
        detail="estimated time of the tasks done"
      />
      <StatTile
        icon={<Trophy aria-hidden="true" />}
        label="Share of top-three picks"
        value={formatRate(topThree.share)}
        detail={
          topThree.share === null
            ? 'No top three picked in this period'
            : `${topThree.domainPicks} of ${plural(topThree.picks, 'pick')}`
        }
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
    </div>
  );
}

function Skeletons() {
  return (
    <FiguresSkeleton label="Loading domain metrics">
      <Skeleton className="h-32 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
    </FiguresSkeleton>
  );
}

/** /analytics/metrics/{domain}: the domain's figures, goals, milestones and measurements. */
export function DomainMetricsReport({
  domain,
  period,
  renderLogForm,
}: {
  domain: CoachDomain;
  period: AnalyticsPeriod;
  renderLogForm: RenderLogForm;
}) {
  const query = useDomainMetrics(domain, period);
  if (query.isPending) return <Skeletons />;
  if (query.isError) {
    return (
      <ErrorState title="Domain metrics could not load" onRetry={() => void query.refetch()} />
    );
  }
  const data = query.data;
  const measured = data.goals.filter((goal): goal is DomainGoal & { metric: GoalMetric } =>
    Boolean(goal.metric),
  );
  return (
    <div
      className="space-y-4 transition-opacity sm:space-y-6"
      aria-busy={query.isPlaceholderData}
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
    >
      <Figures data={data} />
      <GoalRings
        title="Goals"
        goals={data.goals}
        detail={(goal) =>
          `${statusWords[goal.status]} · deadline ${shortDate(goal.deadline)}${goal.pinned ? ' · top three' : ''}`
        }
        empty={
          <EmptyState
            icon={<Target aria-hidden="true" />}
            title={`No ${domainName(domain).toLowerCase()} goals yet`}
            action={
              <Link to={paths.newGoal} className={buttonClasses('primary')}>
                <Plus aria-hidden="true" className="size-4" />
                Declare a goal
              </Link>
            }
          >
            Declare a goal in this area: its progress, milestones and measurements show here.
          </EmptyState>
        }
      />
      <MilestoneTimeline milestones={data.milestones} />
      {measured.length > 0 && (
        <section aria-labelledby="measurements-heading" className="space-y-3">
          <h2
            id="measurements-heading"
            className="flex items-center gap-2 text-lg font-semibold tracking-tight"
          >
            <Ruler aria-hidden="true" className="size-5 text-accent-foreground" />
            Measurements
          </h2>
          <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
            {measured.map((goal) => (
              <MetricChart
                key={goal.id}
                goal={goal}
                days={data.days}
                logForm={renderLogForm(goal, data.localDate)}
              />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
