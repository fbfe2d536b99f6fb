import { Bot, CheckCircle2, Cpu, Handshake, Lightbulb, Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { AnalyticsPeriod } from '#contracts/analytics.ts';
import type { CoachEffectiveness, Effectiveness } from '#contracts/coach-effectiveness.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useCoachEffectiveness } from '../coach-effectiveness-api.ts';
import {
  bestCompletion,
  coachBars,
  engineNames,
  isEmptyReport,
  reportTotals,
  suggestionsText,
} from '../coach-effectiveness-state.ts';
import { domainNames, formatRate, plural } from '../format.ts';
import { ChartPanel, DataTable, type TableColumn } from './chart-panel.tsx';
import { PairedBars } from './charts.tsx';
import { StatTile } from './stat-tile.tsx';
import { FiguresSkeleton } from './figures-skeleton.tsx';

/** The columns both tables share after their first (the coach, or the engine). */
const figureColumns: ReadonlyArray<TableColumn<Effectiveness>> = [
  { header: 'Suggestions', cell: (row) => suggestionsText(row.suggestions) },
  { header: 'Accepted', cell: (row) => row.accepted, numeric: true },
  { header: 'Acceptance', cell: (row) => formatRate(row.acceptanceRate), numeric: true },
  {
    header: 'Tasks done',
    cell: (row) =>
      `${row.tasks.done} of ${row.tasks.done + row.tasks.skipped + row.tasks.overdueOpen}`,
    numeric: true,
  },
  { header: 'Completion', cell: (row) => formatRate(row.tasks.rate), numeric: true },
  { header: 'Guided goals', cell: (row) => row.goals.count, numeric: true },
  {
    header: 'Average progress',
    cell: (row) => (row.goals.averageProgress === null ? '—' : `${row.goals.averageProgress}%`),
    numeric: true,
  },
];

function Headline({ report }: { report: CoachEffectiveness }) {
  const totals = reportTotals(report);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <StatTile
        icon={<Lightbulb aria-hidden="true" />}
        label="Suggestions made"
        value={String(totals.made)}
        detail={`Goals, plans and chat proposals in ${report.days} days`}
      />
      <StatTile
        icon={<Handshake aria-hidden="true" />}
        label="Acceptance rate"
        value={formatRate(totals.acceptanceRate)}
        detail={
          totals.made === 0
            ? 'No suggestion in this period'
            : `${totals.accepted} of ${plural(totals.made, 'suggestion')} accepted`
        }
      />
      <StatTile
        icon={<CheckCircle2 aria-hidden="true" />}
        label="Accepted tasks done"
        value={formatRate(totals.completionRate)}
        detail={
          totals.closedOrDue === 0
            ? 'No coach task done, skipped or overdue yet'
            : `${totals.done} of ${plural(totals.closedOrDue, 'task')} done`
        }
      />
    </div>
  );
}

function ByCoachChart({ report }: { report: CoachEffectiveness }) {
  const rows = coachBars(report);
  const best = bestCompletion(report);
  const drawn = rows.some((row) => row.acceptance !== null || row.completion !== null);
  return (
    <ChartPanel
      title="Acceptance and completion by coach"
      icon={<Users aria-hidden="true" />}
      summary={
        best
          ? `Tasks from the ${domainNames[best.coach]} coach went best: ${formatRate(best.tasks.rate)} done.`
          : 'Each coach’s share of suggestions accepted, and of its accepted tasks done.'
      }
      table={
        drawn && (
          <DataTable
            caption="Acceptance and completion by coach"
            rowKey={(row) => row.label}
            rows={rows}
            columns={[
              { header: 'Coach', cell: (row) => row.label },
              { header: 'Acceptance', cell: (row) => formatRate(row.acceptance), numeric: true },
              { header: 'Completion', cell: (row) => formatRate(row.completion), numeric: true },
            ]}
          />
        )
      }
    >
      <PairedBars
        data={rows}
        rates
        formatter={(value) => formatRate(value)}
        bars={[
          { dataKey: 'acceptance', name: 'Suggestions accepted' },
          { dataKey: 'completion', name: 'Accepted tasks done' },
        ]}
      />
    </ChartPanel>
  );
}

function PerCoach({ report }: { report: CoachEffectiveness }) {
  return (
    <Panel
      title="Per coach"
      icon={<Bot aria-hidden="true" />}
      description="Guided goals are those a coach proposed or planned; their progress is as of today."
    >
      <DataTable
        caption="Suggestions, acceptance, task completion and goal progress per coach"
        rowKey={(row) => row.coach}
        wide
        rows={report.byCoach}
        columns={[{ header: 'Coach', cell: (row) => domainNames[row.coach] }, ...figureColumns]}
      />
    </Panel>
  );
}

function PerEngine({ report }: { report: CoachEffectiveness }) {
  return (
    <Panel
      title="Per engine"
      icon={<Cpu aria-hidden="true" />}
      description="The engine that answered: the offline coach, or a model your Trellis is set up with."
    >
      <DataTable
        caption="Suggestions, acceptance, task completion and goal progress per engine"
        rowKey={(row) => row.engine}
        wide
        rows={report.byEngine}
        columns={[{ header: 'Engine', cell: (row) => engineNames[row.engine] }, ...figureColumns]}
      />
    </Panel>
  );
}

function ReportSkeleton() {
  return (
    <FiguresSkeleton label="Loading coach effectiveness" tiles={3}>
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-40 rounded-2xl" />
    </FiguresSkeleton>
  );
}

function NoSuggestions() {
  return (
    <EmptyState
      icon={<Lightbulb aria-hidden="true" />}
      title="No coach suggestions yet"
      action={
        <Link to={paths.newGoal} className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          Shape a goal with the coach
        </Link>
      }
    >
      Ask the coach to refine a goal or plan one to see how its suggestions work for you.
    </EmptyState>
  );
}

/** /analytics/coach-effectiveness: per coach and per engine, what was proposed and how it went. */
export function CoachEffectivenessReport({ period }: { period: AnalyticsPeriod }) {
  const report = useCoachEffectiveness(period);
  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    return (
      <ErrorState
        title="Coach effectiveness could not load"
        onRetry={() => void report.refetch()}
      />
    );
  }
  if (isEmptyReport(report.data)) return <NoSuggestions />;
  return (
    <div
      className="space-y-4 transition-opacity sm:space-y-6"
      aria-busy={report.isPlaceholderData}
      style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
    >
      <Headline report={report.data} />
      <ByCoachChart report={report.data} />
      <PerCoach report={report.data} />
      <PerEngine report={report.data} />
    </div>
  );
}
