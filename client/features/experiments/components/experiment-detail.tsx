import { ArrowLeft, FlaskConical, LineChart as LineIcon, Scale } from 'lucide-react';
import { Link } from 'react-router';
import type { ExperimentDetail } from '#contracts/experiments.ts';
import { formatDate } from '#contracts/local-date.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { useExperiment } from '../api.ts';
import { chartPoints, describeMetric, formatValue, progressLabel } from '../experiment-state.ts';
import { CheckinChart } from './checkin-chart.tsx';
import { ExperimentStatusBadge } from './experiment-card.tsx';
import { ExperimentActions } from './experiment-actions.tsx';
import { OtherDayCheckin } from './other-day-checkin.tsx';

const backLink = (
  <Link to={paths.experiments} className={buttonClasses('ghost', 'sm', '-ml-3 mb-4')}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    All experiments
  </Link>
);

/** One experiment: what it tries, the result, the check-ins as a chart and a table, actions. */
export function ExperimentDetailView({ userId, id }: { userId: string; id: string }) {
  const query = useExperiment(userId, id);
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the experiment" className="space-y-4">
        {backLink}
        <Skeleton className="h-28 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div>
        {backLink}
        <ErrorState
          title={missing ? 'No such experiment' : 'This experiment could not load'}
          message={missing ? 'It may have been deleted. Go back to all experiments.' : undefined}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  return <DetailBody userId={userId} detail={query.data} />;
}

function DetailBody({ userId, detail }: { userId: string; detail: ExperimentDetail }) {
  const { experiment, result, checkins, localDate } = detail;
  const points = chartPoints(checkins);
  const value = (figure: number | null) =>
    figure === null ? '—' : formatValue(experiment.metric, figure);
  return (
    <div className="space-y-6">
      <div>
        {backLink}
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold">{experiment.title}</h2>
          <ExperimentStatusBadge status={experiment.status} />
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatDate(experiment.startDate, localDate)} –{' '}
          {formatDate(experiment.endDate, localDate)} · {progressLabel(experiment, localDate)}
          {experiment.goal && <> · Goal: {experiment.goal.title}</>}
        </p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium">Hypothesis</dt>
            <dd className="text-muted-foreground">{experiment.hypothesis}</dd>
          </div>
          <div>
            <dt className="font-medium">The change</dt>
            <dd className="text-muted-foreground">{experiment.change}</dd>
          </div>
          <div>
            <dt className="font-medium">Measured by</dt>
            <dd className="text-muted-foreground">{describeMetric(experiment.metric)}</dd>
          </div>
        </dl>
      </div>

      <Panel title="Result" icon={<Scale aria-hidden="true" />} id="experiment-result">
        <p className="text-base font-medium" data-testid="experiment-conclusion">
          {result.conclusion}
        </p>
        <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
          <div className="rounded-xl bg-muted p-3">
            <dt className="text-muted-foreground">
              Before{result.before.source === 'baseline' ? ' (your baseline)' : ' (first 3 days)'}
            </dt>
            <dd className="text-lg font-semibold tabular-nums">{value(result.before.average)}</dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="text-muted-foreground">After ({result.after.checkins} days)</dt>
            <dd className="text-lg font-semibold tabular-nums">{value(result.after.average)}</dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="text-muted-foreground">Change</dt>
            <dd className="text-lg font-semibold tabular-nums">
              {result.change === null ? '—' : `${result.change > 0 ? '+' : ''}${result.change}`}
            </dd>
          </div>
        </dl>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Check-ins" icon={<LineIcon aria-hidden="true" />} className="min-w-0">
          {points.length === 0 ? (
            <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              {experiment.status === 'planned'
                ? 'Check-ins start on the first day of the experiment.'
                : 'No check-ins yet. Check in below, once a day.'}
            </p>
          ) : (
            <figure aria-label={`Check-ins of ${experiment.title}, shown in the table beside`}>
              <CheckinChart
                points={points}
                metric={experiment.metric}
                before={result.before.average}
              />
            </figure>
          )}
        </Panel>
        <Panel
          title="Every check-in"
          icon={<FlaskConical aria-hidden="true" />}
          className="min-w-0"
        >
          {checkins.length === 0 ? (
            <p className="text-sm text-muted-foreground">None yet.</p>
          ) : (
            <div className="max-h-72 overflow-y-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Check-ins of {experiment.title}, by date</caption>
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="px-2 py-1.5 font-medium">
                      Date
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right font-medium">
                      Value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {checkins.map((checkin) => (
                    <tr key={checkin.date} className="border-b last:border-0">
                      <th scope="row" className="px-2 py-1.5 text-left font-normal">
                        {formatDate(checkin.date, localDate)}
                      </th>
                      <td className="px-2 py-1.5 text-right tabular-nums">
                        {formatValue(experiment.metric, checkin.value)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
      </div>

      {experiment.checkinWindow && (
        <OtherDayCheckin
          key={experiment.id}
          userId={userId}
          experiment={experiment}
          checkins={checkins}
          today={localDate}
        />
      )}
      <ExperimentActions userId={userId} experiment={experiment} />
    </div>
  );
}
