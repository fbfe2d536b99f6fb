import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { formatLocalTime, formatRelativeDate } from '#contracts/local-date.ts';
import { paths } from '#client/lib/paths.ts';
import { useChannelStates, useSchedule } from '../api.ts';
import { channelLabels } from '../channel-state.ts';
import { deliveryBlockers } from '../delivery-blockers.ts';
import { DeliveryBlockerList } from './delivery-blockers.tsx';

/** "today", "tomorrow", or "on Friday" / "on 2 Dec". */
function when(date: string, today: string): string {
  const relative = formatRelativeDate(date, today);
  return relative === 'Today' || relative === 'Tomorrow'
    ? relative.toLowerCase()
    : `on ${relative}`;
}

/**
 * One line under the dashboard's top three: when it next reaches the user outside the app, or
 * what stops it (an unconfirmed address, no channel on, no times…) with the fix for each. Quiet
 * while loading or on error (the dashboard's own panels carry those states).
 */
export function NextDelivery({ today }: { today: string }) {
  const schedule = useSchedule();
  const channels = useChannelStates();
  if (!schedule.data) return null;
  const next = schedule.data.preview.find((item) => !item.inactive);
  const icon = <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />;
  const box = 'mt-4 flex items-start gap-2 border-t pt-3 text-sm text-muted-foreground';

  if (!next) {
    const blockers = channels.data ? deliveryBlockers(schedule.data, channels.data) : [];
    return (
      <div className={box}>
        {icon}
        <div className="min-w-0 space-y-1.5">
          <p>Your top three does not reach you by email, SMS or push yet.</p>
          {blockers.length > 0 ? (
            <DeliveryBlockerList blockers={blockers} />
          ) : (
            <p>
              <Link
                to={paths.schedule}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Set delivery times
              </Link>
            </p>
          )}
        </div>
      </div>
    );
  }

  const names = schedule.data.preview
    .filter((item) => !item.inactive && item.at === next.at)
    .map((item) => channelLabels[item.channel].toLowerCase());
  return (
    <p className={box}>
      {icon}
      <span>
        {`Next delivery ${when(next.localDate, today)} at ${formatLocalTime(next.localTime)} by ${names.join(' and ')}.`}{' '}
        <Link
          to={paths.schedule}
          className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          Delivery times
        </Link>
      </span>
    </p>
  );
}
