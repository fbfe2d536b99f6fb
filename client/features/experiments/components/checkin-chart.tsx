import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { ExperimentMetric } from '#contracts/experiments.ts';

// The check-ins drawn as a line. Only /experiments imports this file, so Recharts arrives with
// that route and never with the landing page. The detail view puts the same figures in a table.

const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };
const animate =
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? false
    : !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function CheckinChart({
  points,
  metric,
  before,
}: {
  points: ReadonlyArray<{ label: string; value: number }>;
  metric: ExperimentMetric;
  /** The "before" average, drawn as a dashed line. */
  before: number | null;
}) {
  return (
    <LineChart
      responsive
      data={[...points]}
      style={{ width: '100%', height: 220 }}
      margin={{ top: 12, right: 16, bottom: 0, left: -16 }}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={16} />
      <YAxis
        domain={metric.kind === 'rating' ? [1, 5] : ['auto', 'auto']}
        allowDecimals={metric.kind !== 'rating'}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={48}
      />
      <Tooltip
        contentStyle={{
          background: 'var(--card)',
          border: '1px solid var(--border)',
          borderRadius: 12,
          color: 'var(--foreground)',
          fontSize: 13,
        }}
      />
      {before !== null && (
        <ReferenceLine
          y={before}
          stroke="var(--muted-foreground)"
          strokeDasharray="4 4"
          label={{ value: 'Before', position: 'insideTopLeft', ...AXIS }}
        />
      )}
      <Line
        isAnimationActive={animate}
        type="linear"
        dataKey="value"
        name={metric.kind === 'rating' ? 'Rating' : metric.unit}
        stroke="var(--primary)"
        strokeWidth={2}
        dot={{ r: 3 }}
      />
    </LineChart>
  );
}
