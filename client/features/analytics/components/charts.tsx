import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// The Recharts drawings of both screens. Only the analytics routes import this file, so Recharts
// arrives with them and never with the landing or sign-in pages (their bundle is measured by
// `npm run bench -- landing`). Each chart sits in a ChartPanel with the same figures as a table.

const PRIMARY = 'var(--primary)';
const SECOND = 'var(--muted-foreground)';
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
const percent = (value: number) => `${Math.round(value * 100)}%`;
// Bars and lines grow in, unless the person asked for less motion.
const animate =
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? false
    : !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Point {
  label: string;
}

/** Vertical bars of one count per label (tasks per day, per weekday, per wait). */
export function CountBars<T extends Point>({
  data,
  dataKey,
  name,
  height = 220,
}: {
  data: readonly T[];
  dataKey: string;
  name: string;
  height?: number;
}) {
  return (
    <BarChart
      responsive
      data={[...data]}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={12} />
      <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} />
      <Tooltip {...TOOLTIP} />
      <Bar
        isAnimationActive={animate}
        dataKey={dataKey}
        name={name}
        fill={PRIMARY}
        radius={[4, 4, 0, 0]}
        maxBarSize={40}
      />
    </BarChart>
  );
}

/** Horizontal bars of a rate (0–1) per label; labels without a rate draw nothing. */
export function RateBars<T extends Point>({
  data,
  dataKey,
  name,
}: {
  data: readonly T[];
  dataKey: string;
  name: string;
}) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[...data]}
      style={{ width: '100%', height: Math.max(160, data.length * 40) }}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis
        type="number"
        domain={[0, 1]}
        tickFormatter={percent}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
      />
      <YAxis
        type="category"
        dataKey="label"
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={110}
      />
      <Tooltip {...TOOLTIP} formatter={(value) => percent(Number(value))} />
      <Bar
        isAnimationActive={animate}
        dataKey={dataKey}
        name={name}
        fill={PRIMARY}
        radius={[0, 4, 4, 0]}
        maxBarSize={24}
      />
    </BarChart>
  );
}

/** One or two rates (0–1) week by week, as lines. */
export function RateLines<T extends Point>({
  data,
  lines,
}: {
  data: readonly T[];
  lines: ReadonlyArray<{ dataKey: string; name: string }>;
}) {
  return (
    <LineChart
      responsive
      data={[...data]}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={12} />
      <YAxis
        domain={[0, 1]}
        tickFormatter={percent}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={52}
      />
      <Tooltip
        {...TOOLTIP}
        cursor={{ stroke: GRID }}
        formatter={(value) => (value === null ? '—' : percent(Number(value)))}
      />
      {lines.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
      {lines.map((line, i) => (
        <Line
          isAnimationActive={animate}
          key={line.dataKey}
          type="monotone"
          dataKey={line.dataKey}
          name={line.name}
          stroke={i === 0 ? PRIMARY : SECOND}
          strokeWidth={2}
          strokeDasharray={i === 0 ? undefined : '5 4'}
          dot={{ r: 3 }}
          connectNulls
        />
      ))}
    </LineChart>
  );
}

/**
 * Two figures side by side per label (planned against done minutes; with `rates`, two rates from
 * 0 to 1, such as a coach's acceptance and completion, where a missing rate draws no bar).
 */
export function PairedBars<T extends Point>({
  data,
  bars,
  formatter,
  rates = false,
}: {
  data: readonly T[];
  bars: readonly [{ dataKey: string; name: string }, { dataKey: string; name: string }];
  formatter: (value: number) => string;
  rates?: boolean;
}) {
  return (
    <BarChart
      responsive
      data={[...data]}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={12} />
      <YAxis
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={56}
        {...(rates ? { domain: [0, 1], tickFormatter: percent } : {})}
      />
      <Tooltip
        {...TOOLTIP}
        formatter={(value) => (value === null ? '—' : formatter(Number(value)))}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar
        isAnimationActive={animate}
        dataKey={bars[0].dataKey}
        name={bars[0].name}
        fill={SECOND}
        fillOpacity={0.45}
        radius={[4, 4, 0, 0]}
        maxBarSize={20}
      />
      <Bar
        isAnimationActive={animate}
        dataKey={bars[1].dataKey}
        name={bars[1].name}
        fill={PRIMARY}
        radius={[4, 4, 0, 0]}
        maxBarSize={20}
      />
    </BarChart>
  );
}

/** Values logged against a goal's metric, in order, with its target as a dashed line. */
export function MetricLine<T extends Point>({
  data,
  target,
  axis,
  name,
  format,
}: {
  data: readonly T[];
  target: number;
  /** The value axis (see `metricAxis`). */
  axis: { domain: readonly [number, number]; ticks: readonly number[] };
  name: string;
  format: (value: number) => string;
}) {
  return (
    <LineChart
      responsive
      data={[...data]}
      style={{ width: '100%', height: 220 }}
      margin={{ top: 16, right: 12, bottom: 0, left: -4 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={12} />
      <YAxis
        domain={[...axis.domain]}
        ticks={[...axis.ticks]}
        tickFormatter={(value: number) => format(value)}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={68}
      />
      <Tooltip
        {...TOOLTIP}
        cursor={{ stroke: GRID }}
        formatter={(value) => format(Number(value))}
      />
      <ReferenceLine
        y={target}
        stroke={SECOND}
        strokeDasharray="5 4"
        label={{ value: `Target ${format(target)}`, position: 'insideTopRight', ...AXIS }}
      />
      <Line
        isAnimationActive={animate}
        type="monotone"
        dataKey="value"
        name={name}
        stroke={PRIMARY}
        strokeWidth={2}
        dot={{ r: 3 }}
      />
    </LineChart>
  );
}
