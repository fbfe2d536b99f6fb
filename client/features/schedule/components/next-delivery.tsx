import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { useSchedule } from '#client/features/schedule/api.ts';
import { channelLabels } from '#client/features/schedule/channel-state.ts';
import { formatRelativeDate } from '#contracts/local-date.ts';
import { paths } from '#client/lib/paths.ts';

/** "today", "tomorrow", or "on Friday" / "on 2 Dec". */
function when(date: string, today: string): string {
  const relative = formatRelativeDate(date, today);
  return relative === 'Today' || relative === 'Tomorrow'
    ? relative.toLowerCase()
    : `on ${relative}`;
}

/**
 * One line under the dashboard's top three: when it next reaches the user outside the app, or
 * that it does not yet, with the way to /schedule either way. Quiet while loading or on error
 * (the dashboard's own panels carry those states).
 */
export function NextDelivery({ today }: { today: string }) {
  const schedule = useSchedule();
  if (!schedule.data) return null;
  const next = schedule.data.preview.find((item) => !item.inactive);
  const channels = next
    ? schedule.data.preview
        .filter((item) => !item.inactive && item.at === next.at)
        .map((item) => channelLabels[item.channel].toLowerCase())
    : [];

  return (
    <p className="mt-4 flex items-start gap-2 border-t pt-3 text-sm text-muted-foreground">
      <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        {next
          ? `Next delivery ${when(next.localDate, today)} at ${next.localTime} by ${channels.join(' and ')}.`
          : 'Your top three is not delivered by email, SMS or push yet.'}{' '}
        <Link
          to={paths.schedule}
          className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          {next ? 'Delivery times' : 'Set delivery times'}
        </Link>
      </span>
    </p>
  );
}
