import { Ruler } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DomainGoal } from '#contracts/domain-metrics.ts';
import { formatMeasure } from '#contracts/measurements.ts';
import { metricAxis, metricRows, metricSummary } from '../format.ts';
import { ChartEmpty, ChartPanel, DataTable } from './chart-panel.tsx';
import { MetricLine } from './charts.tsx';

/**
 * One goal's values in the period against its target: the line, the same figures as a table
 * (each value and the running total), and the goal's "Log a value" form under them.
 */
export function MetricChart({
  goal,
  days,
  logForm,
}: {
  goal: DomainGoal;
  days: number;
  logForm: ReactNode;
}) {
  const { metric } = goal;
  const rows = metricRows(goal);
  const unit = metric?.unit ?? '';
  return (
    <ChartPanel
      title={goal.title}
      icon={<Ruler aria-hidden="true" />}
      summary={metricSummary(goal, days)}
      table={
        rows.length > 0 && (
          <DataTable
            caption={`${goal.title}: values logged`}
            rowKey={(row) => row.id}
            rows={rows}
            columns={[
              { header: 'Day', cell: (row) => row.label },
              { header: 'Value', cell: (row) => formatMeasure(row.value, unit), numeric: true },
              {
                header: 'Running total',
                cell: (row) => formatMeasure(row.total, unit),
                numeric: true,
              },
              { header: 'Note', cell: (row) => row.note ?? '' },
            ]}
          />
        )
      }
      footer={logForm}
    >
      {metric && rows.length > 0 ? (
        <MetricLine
          data={rows}
          target={metric.target}
          axis={metricAxis(
            rows.map((row) => row.value),
            metric.target,
          )}
          name={metric.name}
          format={(value) => formatMeasure(value, unit)}
        />
      ) : (
        <ChartEmpty>
          {metric
            ? `Log your ${metric.name} below each time you measure it; the values line up here against your target.`
            : 'Edit the goal to give it a measure, a target and a unit.'}
        </ChartEmpty>
      )}
    </ChartPanel>
  );
}
