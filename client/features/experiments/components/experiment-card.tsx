import { ChevronRight, Target } from 'lucide-react';
import { Link } from 'react-router';
import type { Experiment, ExperimentStatus } from '#contracts/experiments.ts';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import { STATUS_LABELS, canCheckInToday, formatValue, progressLabel } from '../experiment-state.ts';
import { CheckinControl } from './checkin-control.tsx';

const statusStyles: Record<ExperimentStatus, string> = {
  running: 'bg-primary-soft text-accent-foreground',
  planned: 'border bg-background text-muted-foreground',
  done: 'bg-primary text-primary-foreground',
  abandoned: 'bg-muted text-muted-foreground',
};

export function ExperimentStatusBadge({ status }: { status: ExperimentStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        statusStyles[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The link to an experiment's detail (/experiments?id=…). */
export function experimentHref(id: string): string {
  return `${paths.experiments}?id=${encodeURIComponent(id)}`;
}

/** One experiment in the list; a running one takes today's check-in right here. */
export function ExperimentCard({
  userId,
  experiment,
  today,
}: {
  userId: string;
  experiment: Experiment;
  today: string;
}) {
  const checkinToday = canCheckInToday(experiment, today);
  return (
    <li className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            <Link
              to={experimentHref(experiment.id)}
              className="inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {experiment.title}
              <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            </Link>
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{experiment.change}</p>
        </div>
        <ExperimentStatusBadge status={experiment.status} />
      </div>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>{progressLabel(experiment, today)}</span>
        <span>
          {experiment.checkinCount} check-in{experiment.checkinCount === 1 ? '' : 's'}
        </span>
        {experiment.goal && (
          <span className="inline-flex items-center gap-1">
            <Target aria-hidden="true" className="size-3.5" />
            {experiment.goal.title}
          </span>
        )}
      </p>
      {checkinToday && (
        <div className="mt-4 border-t pt-4">
          <CheckinControl
            userId={userId}
            experiment={experiment}
            date={today}
            current={experiment.todayValue}
            label={
              experiment.todayValue === null
                ? 'Today’s check-in'
                : `Today’s check-in: ${formatValue(experiment.metric, experiment.todayValue)}`
            }
          />
        </div>
      )}
    </li>
  );
}
