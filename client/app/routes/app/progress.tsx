import { Lightbulb, RefreshCw, TrendingUp } from 'lucide-react';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import {
  ChartEmpty,
  ChartPanel,
  DataTable,
} from '#client/features/analytics/components/chart-panel.tsx';
import { RateLines } from '#client/features/analytics/components/charts.tsx';
import { useInsights, useRefreshInsight } from '#client/features/insights/api.ts';
import { InsightCard } from '#client/features/insights/components/insight-card.tsx';
import { PastInsights } from '#client/features/insights/components/past-insights.tsx';
import {
  percent,
  weeklyCompletion,
  type WeekPoint,
} from '#client/features/insights/insight-state.ts';
import { formatDate } from '#contracts/local-date.ts';

function RefreshButton({ label = 'Refresh' }: { label?: string }) {
  const refresh = useRefreshInsight();
  return (
    <Button
      variant="outline"
      onClick={() => refresh.mutate()}
      disabled={refresh.isPending}
      aria-busy={refresh.isPending}
    >
      <RefreshCw
        aria-hidden="true"
        className={refresh.isPending ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
      />
      {refresh.isPending ? 'Refreshing…' : label}
    </Button>
  );
}

function CompletionChart({ points, today }: { points: readonly WeekPoint[]; today: string }) {
  const rows = points.map((point) => ({ ...point, label: formatDate(point.weekStart, today) }));
  const withRate = points.filter((point) => point.rate !== null);
  const latest = withRate.at(-1);
  return (
    <ChartPanel
      title="Top-three completion by week"
      icon={<TrendingUp aria-hidden="true" />}
      summary={
        latest
          ? `The share of days with all three done, week by week; the latest is ${percent(latest.rate)}.`
          : 'The share of days with all three done, week by week.'
      }
      table={
        withRate.length > 0 && (
          <DataTable
            caption="Top-three completion by week"
            rowKey={(row) => row.weekStart}
            rows={rows}
            columns={[
              { header: 'Week of', cell: (row) => row.label },
              {
                header: 'Days all done',
                cell: (row) => `${row.allDone} of ${row.days}`,
                numeric: true,
              },
              { header: 'Completion', cell: (row) => percent(row.rate), numeric: true },
            ]}
          />
        )
      }
    >
      {withRate.length === 0 ? (
        <ChartEmpty>
          No top three in the weeks reviewed yet: open Today, and finish your three to fill this
          chart.
        </ChartEmpty>
      ) : (
        <RateLines data={rows} lines={[{ dataKey: 'rate', name: 'Top-three completion' }]} />
      )}
    </ChartPanel>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading your insights" className="space-y-4">
      <Skeleton className="h-72" />
      <Skeleton className="h-40" />
    </div>
  );
}

export function ProgressInsightsPage() {
  const insights = useInsights();
  const data = insights.data;
  return (
    <PageShell
      title="Progress insights"
      description="Each week your coach looks back at what moved your goals forward and what keeps slipping."
      actions={data?.current ? <RefreshButton /> : undefined}
    >
      {insights.isPending ? (
        <Loading />
      ) : insights.isError || !data ? (
        <ErrorState title="Your insights could not load" onRetry={() => void insights.refetch()} />
      ) : (
        <div className="space-y-6">
          {data.current ? (
            <InsightCard insight={data.current} />
          ) : (
            <EmptyState
              icon={<Lightbulb aria-hidden="true" />}
              title="No insight for this week yet"
              action={<RefreshButton label="Write this week’s insight" />}
            >
              Your coach writes one at the start of each week from your tasks, your top three and
              your streak. Write this week’s now from the last seven days.
            </EmptyState>
          )}
          <CompletionChart points={weeklyCompletion(data)} today={data.weekStart} />
          <PastInsights insights={data.past} today={data.weekStart} />
        </div>
      )}
    </PageShell>
  );
}
