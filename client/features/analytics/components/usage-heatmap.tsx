import { Clock } from 'lucide-react';
import type { EngagementSummary } from '#contracts/engagement.ts';
import { cn } from '#client/lib/cn.ts';
import { busiestSlot, heatmapGrid, timeBlocks } from '../engagement-format.ts';
import { heatLevel, plural, weekdayNames } from '../format.ts';
import { ChartEmpty, ChartPanel, DataTable } from './chart-panel.tsx';

const shades = [
  'bg-muted',
  'bg-primary/25',
  'bg-primary/45',
  'bg-primary/70',
  'bg-primary',
] as const;

/**
 * When sessions begin: a row per four hours of the person's clock, a column per weekday of their
 * days, the shade how many began there. The drawing is one image for assistive technology; the
 * table beside it has every cell.
 */
export function UsageHeatmap({ data }: { data: EngagementSummary }) {
  const grid = heatmapGrid(data.heatmap);
  const busiest = busiestSlot(grid);
  const most = busiest?.sessions ?? 0;
  const summary = busiest
    ? `Most sessions began on ${weekdayNames[busiest.weekday - 1]} ${busiest.block.label.toLowerCase()} (${busiest.block.hours}): ${plural(busiest.sessions, 'session')}.`
    : `No session in the last ${data.days} days yet.`;
  const rows = timeBlocks.map((block, i) => ({ block, counts: grid[i] ?? [] }));
  return (
    <ChartPanel
      title="When you use Trellis"
      icon={<Clock aria-hidden="true" />}
      summary={summary}
      table={
        busiest && (
          <DataTable
            caption="Sessions begun by time of day and weekday"
            rowKey={(row) => row.block.hours}
            rows={rows}
            columns={[
              { header: 'Time', cell: (row) => `${row.block.label} ${row.block.hours}` },
              ...weekdayNames.map((name, day) => ({
                header: name.slice(0, 3),
                cell: (row: (typeof rows)[number]) => row.counts[day] ?? 0,
                numeric: true,
              })),
            ]}
          />
        )
      }
    >
      {busiest ? (
        <div role="img" aria-label={summary} className="overflow-x-auto">
          <div className="grid min-w-72 grid-cols-[auto_repeat(7,minmax(0,1fr))] gap-1 text-xs text-muted-foreground">
            <span />
            {weekdayNames.map((name) => (
              <span key={name} className="text-center">
                {name.slice(0, 3)}
              </span>
            ))}
            {rows.map((row) => (
              <div key={row.block.hours} className="contents">
                <span className="pr-2 text-right tabular-nums">{row.block.hours}</span>
                {row.counts.map((sessions, day) => (
                  <span
                    key={weekdayNames[day]}
                    title={`${weekdayNames[day]} ${row.block.hours}: ${plural(sessions, 'session')}`}
                    className={cn('h-7 rounded-md', shades[heatLevel(sessions, most)])}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      ) : (
        <ChartEmpty>
          Each visit to Trellis starts a session; the hours you come back most will show here.
        </ChartEmpty>
      )}
    </ChartPanel>
  );
}
