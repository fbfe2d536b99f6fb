import { Activity, BellRing, CalendarDays, Flame, Send, Timer, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { AnalyticsPeriod } from '#contracts/analytics.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { EngagementSummary } from '#contracts/engagement.ts';
import { Panel } from '#client/components/ui/panel.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useEngagementSummary } from '../engagement-api.ts';
import { formatDuration } from '../engagement-format.ts';
import { formatRate, plural, shortDate } from '../format.ts';
import { ChartEmpty, ChartPanel, DataTable } from './chart-panel.tsx';
import { CountBars } from './charts.tsx';
import { StatTile } from './stat-tile.tsx';
import { UsageHeatmap } from './usage-heatmap.tsx';
import { ChartPairSkeleton, FiguresSkeleton } from './figures-skeleton.tsx';

const channelNames: Record<DeliveryChannel, string> = { email: 'Email', sms: 'SMS', push: 'Push' };

const noSessions = (
  <ChartEmpty>
    Each visit to Trellis while signed in counts as a session, in your own days: come back on a few
    days and they show here.
  </ChartEmpty>
);

function HeadlineFigures({ data }: { data: EngagementSummary }) {
  const { sessions, foreground, activeDays, topThree } = data;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatTile
        icon={<Activity aria-hidden="true" />}
        label="Sessions"
        value={String(sessions.total)}
        detail={`in the last ${data.days} days`}
      />
      <StatTile
        icon={<Timer aria-hidden="true" />}
        label="Median time in front"
        value={formatDuration(foreground.medianSeconds)}
        detail={
          foreground.sessions === 0
            ? 'Counted once a session has more than its start'
            : `per session · ${formatDuration(foreground.totalSeconds)} in all`
        }
      />
      <StatTile
        icon={<Flame aria-hidden="true" />}
        label="Active days"
        value={`${activeDays.count} of ${data.days}`}
        detail={`Streak ${plural(activeDays.current, 'day')} · best ${plural(activeDays.best, 'day')}`}
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
    </div>
  );
}

function SessionsPerDay({ data }: { data: EngagementSummary }) {
  const rows = data.sessions.perDay.map((day) => ({ ...day, label: shortDate(day.date) }));
  const active = data.activeDays.count;
  return (
    <ChartPanel
      title="Sessions per day"
      icon={<CalendarDays aria-hidden="true" />}
      summary={
        data.sessions.total > 0
          ? `${plural(data.sessions.total, 'session')} on ${plural(active, 'day')} of ${data.days}${data.topThree.rate === null ? '.' : `; all of your top three done on ${formatRate(data.topThree.rate)} of its days.`}`
          : `No session in the last ${data.days} days.`
      }
      table={
        data.sessions.total > 0 && (
          <DataTable
            caption="Sessions per day"
            rowKey={(row) => row.date}
            rows={rows}
            columns={[
              { header: 'Day', cell: (row) => row.label },
              { header: 'Sessions', cell: (row) => row.sessions, numeric: true },
            ]}
          />
        )
      }
    >
      {data.sessions.total > 0 ? (
        <CountBars data={rows} dataKey="sessions" name="Sessions" />
      ) : (
        noSessions
      )}
    </ChartPanel>
  );
}

function SessionsPerWeek({ data }: { data: EngagementSummary }) {
  const rows = data.sessions.perWeek.map((week) => ({
    ...week,
    label: shortDate(week.weekStart),
  }));
  const weeks = rows.length;
  return (
    <ChartPanel
      title="Sessions per week"
      icon={<Activity aria-hidden="true" />}
      summary={
        data.sessions.total > 0
          ? `About ${Math.round((data.sessions.total / weeks) * 10) / 10} a week over ${plural(weeks, 'week')} (weeks begin on Monday; the first and last may be partial).`
          : 'No session in these weeks.'
      }
      table={
        data.sessions.total > 0 && (
          <DataTable
            caption="Sessions per week"
            rowKey={(row) => row.weekStart}
            rows={rows}
            columns={[
              { header: 'Week of', cell: (row) => row.label },
              { header: 'Sessions', cell: (row) => row.sessions, numeric: true },
            ]}
          />
        )
      }
    >
      {data.sessions.total > 0 ? (
        <CountBars data={rows} dataKey="sessions" name="Sessions" />
      ) : (
        noSessions
      )}
    </ChartPanel>
  );
}

function DeliveryEngagement({ data }: { data: EngagementSummary }) {
  const sentAny = data.deliveries.some((row) => row.sent > 0);
  const notes = data.notifications;
  return (
    <Panel title="Deliveries and notifications" icon={<Send aria-hidden="true" />}>
      <div className="space-y-4">
        {sentAny ? (
          <DataTable
            caption="Daily top three deliveries per channel"
            rowKey={(row) => row.channel}
            rows={data.deliveries}
            columns={[
              { header: 'Channel', cell: (row) => channelNames[row.channel] },
              { header: 'Sent', cell: (row) => row.sent, numeric: true },
              { header: 'Delivered', cell: (row) => row.delivered, numeric: true },
              { header: 'Opened', cell: (row) => row.opened, numeric: true },
              {
                header: 'Opened of sent',
                numeric: true,
                cell: (row) => (
                  <span className="inline-flex items-center justify-end gap-2">
                    <span
                      aria-hidden="true"
                      className="hidden h-2 w-16 rounded-full bg-muted sm:block"
                    >
                      <span
                        className="block h-2 rounded-full bg-primary"
                        style={{ width: `${Math.round((row.openRate ?? 0) * 100)}%` }}
                      />
                    </span>
                    {formatRate(row.openRate)}
                  </span>
                ),
              },
            ]}
          />
        ) : (
          <ChartEmpty>
            No daily top three went out in these days. Turn on email, SMS or push on{' '}
            <Link className="text-primary underline" to={paths.schedule}>
              Schedule
            </Link>{' '}
            and what was sent, delivered and opened is counted here.
          </ChartEmpty>
        )}
        <div className="flex items-start gap-3 rounded-xl border p-3">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p className="text-sm">
            <span className="font-medium">Notifications read: {formatRate(notes.rate)}</span>
            <span className="block text-muted-foreground">
              {notes.received === 0 ? (
                'No notification in these days.'
              ) : (
                <>
                  {notes.read} of {plural(notes.received, 'notification')} received in these days.{' '}
                  <Link className="text-primary underline" to={paths.notifications}>
                    See them all
                  </Link>
                </>
              )}
            </span>
          </p>
        </div>
      </div>
    </Panel>
  );
}

function OverviewSkeleton() {
  return (
    <FiguresSkeleton label="Loading engagement analytics">
      <ChartPairSkeleton />
    </FiguresSkeleton>
  );
}

/** /engagement-analytics: sessions, time in front, active days, when, and what reached you. */
export function EngagementOverview({ period }: { period: AnalyticsPeriod }) {
  const summary = useEngagementSummary(period);
  if (summary.isPending) return <OverviewSkeleton />;
  if (summary.isError) {
    return (
      <ErrorState
        title="Engagement analytics could not load"
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const { data } = summary;
  return (
    <div
      className="space-y-4 transition-opacity sm:space-y-6"
      aria-busy={summary.isPlaceholderData}
      style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}
    >
      <HeadlineFigures data={data} />
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <SessionsPerDay data={data} />
        <SessionsPerWeek data={data} />
      </div>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <UsageHeatmap data={data} />
        <DeliveryEngagement data={data} />
      </div>
    </div>
  );
}
