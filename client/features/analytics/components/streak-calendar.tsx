import { CalendarDays } from 'lucide-react';
import type { AnalyticsTrends, CalendarDay } from '#contracts/analytics.ts';
import { cn } from '#client/lib/cn.ts';
import {
  calendarStreaks,
  calendarWeeks,
  heatLevel,
  plural,
  shortDate,
  weekdayNames,
} from '../format.ts';
import { ChartPanel, DataTable } from './chart-panel.tsx';

const shades = [
  'bg-muted',
  'bg-primary/25',
  'bg-primary/45',
  'bg-primary/70',
  'bg-primary',
] as const;

function dayText(day: CalendarDay): string {
  const tasks = `${plural(day.done, 'task')} done`;
  switch (day.topThree) {
    case 'all-done':
      return `${tasks}, top three all done`;
    case 'missed':
      return `${tasks}, top three not all done`;
    case 'pending':
      return `${tasks}, today`;
    case 'none':
      return tasks;
    case 'future':
      return 'ahead';
  }
}

/**
 * Twelve weeks of days, a column a week (Monday on top): the shade is how many tasks were done,
 * a ring marks a day whose top three were all done (a streak day). The drawing is one image for
 * assistive technology; the table beside it has every day.
 */
export function StreakCalendar({ data }: { data: AnalyticsTrends }) {
  const weeks = calendarWeeks(data.calendar);
  const busiest = Math.max(0, ...data.calendar.map((day) => day.done));
  const { longest, total } = calendarStreaks(data.calendar);
  const summary =
    total === 0
      ? 'No day with all of its top three done in these twelve weeks yet: finish today’s three to start a streak.'
      : `${plural(total, 'day')} with all three done in twelve weeks; the longest run was ${plural(longest, 'day')}.`;
  return (
    <ChartPanel
      title="Streak calendar"
      icon={<CalendarDays aria-hidden="true" />}
      summary={summary}
      table={
        <DataTable
          caption="Streak calendar, a row per week"
          rowKey={(week) => week[0]?.date ?? ''}
          rows={weeks}
          columns={[
            { header: 'Week of', cell: (week) => (week[0] ? shortDate(week[0].date) : '') },
            ...weekdayNames.map((name, i) => ({
              header: name.slice(0, 3),
              cell: (week: CalendarDay[]) => {
                const day = week[i];
                if (!day || day.topThree === 'future') return '–';
                return `${day.done}${day.topThree === 'all-done' ? ' ✓' : ''}`;
              },
              numeric: true,
            })),
          ]}
        />
      }
    >
      <div className="overflow-x-auto">
        <div
          role="img"
          aria-label={summary}
          className="inline-grid grid-flow-col grid-rows-7 gap-1"
          style={{ gridTemplateColumns: `auto repeat(${weeks.length}, minmax(0, 1fr))` }}
        >
          {weekdayNames.map((name, i) => (
            <span
              key={name}
              aria-hidden="true"
              className={cn(
                'flex h-5 items-center pr-1 text-[11px] text-muted-foreground sm:h-6 lg:h-8',
                i % 2 === 1 && 'invisible',
              )}
            >
              {name.slice(0, 3)}
            </span>
          ))}
          {data.calendar.map((day) => (
            <span
              key={day.date}
              title={`${shortDate(day.date)}: ${dayText(day)}`}
              className={cn(
                'size-5 rounded-[5px] sm:size-6 lg:size-8',
                day.topThree === 'future'
                  ? 'border border-dashed'
                  : shades[heatLevel(day.done, busiest)],
                day.topThree === 'all-done' && 'ring-2 ring-foreground ring-inset',
                day.topThree === 'pending' && 'outline-2 outline-offset-1 outline-primary',
              )}
            />
          ))}
        </div>
      </div>
      <div
        aria-hidden="true"
        className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground"
      >
        <span className="inline-flex items-center gap-1">
          Fewer
          {shades.map((shade) => (
            <span key={shade} className={cn('size-3 rounded-[3px]', shade)} />
          ))}
          More tasks done
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="size-3 rounded-[3px] ring-2 ring-foreground ring-inset" />
          Top three all done
        </span>
      </div>
    </ChartPanel>
  );
}
