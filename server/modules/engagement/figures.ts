import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import type { EngagementSummary } from '#contracts/engagement.ts';
import { addDays, daysBetween, isoWeekday, todayIn, weekStart } from '#contracts/local-date.ts';
import { ratio } from '#server/modules/analytics/figures.ts';

// The engagement figures as pure functions over the grouped rows the repo reads (definitions in
// contracts/engagement.ts, ADR 027).

/** The person's local date (by their day-start hour) and clock hour at `instant`. */
export function localSlotOf(
  instant: Date,
  timeZone: string,
  dayStartHour: number,
): { localDate: string; localHour: number } {
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { localDate: todayIn(timeZone, instant, dayStartHour), localHour: Number(hour) % 24 };
}

export interface DaySessions {
  date: string;
  sessions: number;
}

/** Every day from `from` to `to` with its sessions (rows for the same date add up). */
export function sessionsPerDay(
  rows: readonly DaySessions[],
  from: string,
  to: string,
): DaySessions[] {
  const byDate = new Map<string, number>();
  for (const row of rows) byDate.set(row.date, (byDate.get(row.date) ?? 0) + row.sessions);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => {
    const date = addDays(from, i);
    return { date, sessions: byDate.get(date) ?? 0 };
  });
}

/** The ISO weeks (their Mondays) the days fall in, with the days' sessions summed. */
export function sessionsPerWeek(days: readonly DaySessions[]) {
  const weeks = new Map<string, number>();
  for (const day of days) {
    const monday = weekStart(day.date);
    weeks.set(monday, (weeks.get(monday) ?? 0) + day.sessions);
  }
  return [...weeks].map(([start, sessions]) => ({ weekStart: start, sessions }));
}

/** Sessions per weekday of the person's days and hour of their clock, busiest cells kept only. */
export function sessionHeatmap(
  rows: ReadonlyArray<{ date: string; hour: number; sessions: number }>,
): EngagementSummary['heatmap'] {
  const cells = new Map<string, EngagementSummary['heatmap'][number]>();
  for (const row of rows) {
    const weekday = isoWeekday(row.date);
    const key = `${weekday}:${row.hour}`;
    const cell = cells.get(key) ?? { weekday, hour: row.hour, sessions: 0 };
    cell.sessions += row.sessions;
    cells.set(key, cell);
  }
  return [...cells.values()]
    .filter((cell) => cell.sessions > 0)
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
}

export interface ChannelCounts {
  channel: DeliveryChannel;
  sent: number;
  delivered: number;
  opened: number;
}

/** Every channel in the product's order, zeros where nothing went out, with its open rate. */
export function deliveryEngagement(
  rows: readonly ChannelCounts[],
): EngagementSummary['deliveries'] {
  return deliveryChannels.map((channel) => {
    const row = rows.find((candidate) => candidate.channel === channel);
    const counts = row ?? { sent: 0, delivered: 0, opened: 0 };
    return {
      channel,
      sent: counts.sent,
      delivered: counts.delivered,
      opened: counts.opened,
      openRate: ratio(counts.opened, counts.sent),
    };
  });
}
