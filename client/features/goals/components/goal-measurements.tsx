import { Ruler, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Goal } from '#contracts/goals.ts';
import { formatDate } from '#contracts/local-date.ts';
import { formatMeasure } from '#contracts/measurements.ts';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { pathTo } from '#client/lib/paths.ts';
import { useDeleteMeasurement, useMeasurements } from '../measurements-api.ts';
import { LogMeasurementForm } from './log-measurement-form.tsx';

/** How many of the newest values the goal's page lists (the domain page charts them all). */
const SHOWN = 5;

/** A goal's page: the values logged against its metric, the newest first, and "Log a value". */
export function GoalMeasurements({ goal, today }: { goal: Goal; today: string }) {
  const list = useMeasurements(goal.id);
  const remove = useDeleteMeasurement(goal.id);
  const { metric } = goal;
  const values = list.data?.measurements ?? [];
  const newest = values.slice(-SHOWN).reverse();
  const total = values.reduce((sum, m) => sum + m.value, 0);

  return (
    <Panel
      title="Measurements"
      description={`${metric.name}, target ${formatMeasure(metric.target, metric.unit)}. Logging a value does not change the goal's progress.`}
      icon={<Ruler aria-hidden="true" />}
      action={
        values.length > 0 ? (
          <Link
            to={pathTo.domainMetrics(goal.domain)}
            className={buttonClasses('ghost', 'sm', 'text-primary')}
          >
            See the chart
          </Link>
        ) : undefined
      }
    >
      <div className="space-y-4">
        {list.isPending ? (
          <Skeleton className="h-16 rounded-xl" />
        ) : list.isError ? (
          <ErrorState title="Measurements could not load" onRetry={() => void list.refetch()} />
        ) : newest.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
            No value logged yet. Log your {metric.name} below, each time you measure it; the values
            are charted against your target on your domain's metrics page.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Latest{' '}
              <strong className="text-foreground">
                {formatMeasure(newest[0]?.value ?? 0, metric.unit)}
              </strong>{' '}
              · {values.length} logged, adding up to {formatMeasure(total, metric.unit)}
            </p>
            <ul className="divide-y rounded-xl border">
              {newest.map((m) => (
                <li key={m.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="w-28 shrink-0 text-muted-foreground">
                    {formatDate(m.date, today)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium tabular-nums">
                      {formatMeasure(m.value, metric.unit)}
                    </span>
                    {m.note && (
                      <span className="block truncate text-muted-foreground">{m.note}</span>
                    )}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${formatMeasure(m.value, metric.unit)} of ${formatDate(m.date, today)}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(m.id, {
                        onSuccess: () => toast.success('Value deleted'),
                        onError: (error) =>
                          toast.error('The value was not deleted', { description: error.message }),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
        <LogMeasurementForm goalId={goal.id} goalTitle={goal.title} metric={metric} today={today} />
      </div>
    </Panel>
  );
}
