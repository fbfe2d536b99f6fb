import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

// The Recharts drawings of the Deliveries and AI panels, loaded with React.lazy when one of them
// is first shown. Each chart sits beside a table with the same figures, for screen readers and
// for reading exact numbers.

const GRID = 'var(--border)';
const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };
const TOOLTIP = {
  contentStyle: {
    background: 'var(--card)',
    border: '1px solid var(--border)',
    borderRadius: 12,
    color: 'var(--foreground)',
    fontSize: 13,
  },
  cursor: { fill: 'var(--muted)' },
};
const animate =
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? false
    : !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface StackSeries {
  key: string;
  name: string;
  color: string;
}

/** Horizontal stacked bars, one per label (deliveries per channel, calls per engine). */
export function StackedBars({
  data,
  series,
}: {
  data: ReadonlyArray<Record<string, string | number>>;
  series: readonly StackSeries[];
}) {
  return (
    <BarChart
      responsive
      // The table beside it is what keyboards and screen readers read.
      accessibilityLayer={false}
      layout="vertical"
      data={[...data]}
      style={{ width: '100%', height: Math.max(150, data.length * 48 + 50) }}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
      <YAxis
        type="category"
        dataKey="label"
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={120}
      />
      <Tooltip {...TOOLTIP} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {series.map((item, index) => (
        <Bar
          key={item.key}
          isAnimationActive={animate}
          dataKey={item.key}
          name={item.name}
          stackId="total"
          fill={item.color}
          radius={index === series.length - 1 ? [0, 4, 4, 0] : 0}
          maxBarSize={26}
        />
      ))}
    </BarChart>
  );
}
