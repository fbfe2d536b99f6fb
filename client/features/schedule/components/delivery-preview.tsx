import { BellOff, CalendarClock, Clock3, Moon, PauseCircle, Plane } from 'lucide-react';
import { Link } from 'react-router';
import { useState, type ReactNode } from 'react';
import { deliveryChannels, type Channels } from '#contracts/channels.ts';
import type { PreviewItem, Schedule } from '#contracts/schedule.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/states.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatDate, formatLocalTime, formatRelativeDate, todayIn } from '#contracts/local-date.ts';
import { paths } from '#client/lib/paths.ts';
import { channelLabels, channelState } from '../channel-state.ts';
import { channelBlocker } from '../delivery-blockers.ts';
import { DeliveryBlockerText } from './delivery-blockers.tsx';
import { zoneLabel, zoneOffset } from '../zones.ts';
import { channelIcons } from './fields.tsx';

/** The next seven deliveries show first; the rest of the week on request. */
const SHOWN_FIRST = 7;

type Tone = 'warning' | 'info' | 'neutral';

const toneClasses: Record<Tone, string> = {
  warning: 'border-warning/40 bg-warning/10 text-foreground',
  info: 'border-info/40 bg-info/10 text-foreground',
  neutral: 'border-border bg-muted text-muted-foreground',
};

/** A small marker with a tooltip; the same words are on screen beside it for every reader. */
function Badge({
  tone,
  icon,
  label,
  title,
}: {
  tone: Tone;
  icon: ReactNode;
  label: string;
  title: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium [&_svg]:size-3',
        toneClasses[tone],
      )}
    >
      {icon}
      {label}
    </span>
  );
}

/** What is notable about one delivery, as badges and one line of explanation each. */
function notesOf(
  item: PreviewItem,
  homeZone: string,
): Array<{ key: string; badge: ReactNode; text: string }> {
  const notes: Array<{ key: string; badge: ReactNode; text: string }> = [];
  const travel = item.notes.includes('travel');
  const gap = item.notes.includes('dst_gap');
  const repeat = item.notes.includes('dst_repeat');
  if (gap || repeat || (item.offsetChanged && !travel)) {
    const text = gap
      ? `Clocks go forward that night: ${formatLocalTime(item.slot)} does not exist, so it goes at ${formatLocalTime(item.localTime)}.`
      : repeat
        ? `Clocks go back that night: ${formatLocalTime(item.slot)} happens twice, and it goes only once.`
        : `Clocks change that day (now ${zoneOffset(item.timeZone, new Date(item.at))}).`;
    notes.push({
      key: 'dst',
      badge: (
        <Badge
          tone="warning"
          icon={<Clock3 aria-hidden="true" />}
          label="Clocks change"
          title={text}
        />
      ),
      text,
    });
  }
  if (item.notes.includes('quiet_hours')) {
    const text = `Held by your quiet hours: set for ${formatLocalTime(item.slot)}, it goes when they end.`;
    notes.push({
      key: 'quiet',
      badge: (
        <Badge tone="neutral" icon={<Moon aria-hidden="true" />} label="Quiet hours" title={text} />
      ),
      text,
    });
  }
  if (travel || item.timeZone !== homeZone) {
    const text = `Travel: in ${zoneLabel(item.timeZone)} time (${zoneOffset(item.timeZone, new Date(item.at))}).`;
    notes.push({
      key: 'travel',
      badge: <Badge tone="info" icon={<Plane aria-hidden="true" />} label="Travel" title={text} />,
      text,
    });
  }
  return notes;
}

function PreviewRow({ item, homeZone }: { item: PreviewItem; homeZone: string }) {
  const Icon = channelIcons[item.channel];
  const notes = notesOf(item, homeZone);
  return (
    // Dimmed in colour rather than opacity, so the words stay readable.
    <li className={cn('flex gap-3 py-2.5', item.inactive && 'text-muted-foreground')}>
      <span
        className={cn(
          'w-12 shrink-0 pt-0.5 text-base font-semibold tabular-nums',
          item.inactive && 'font-medium line-through decoration-1',
        )}
      >
        {formatLocalTime(item.localTime)}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="inline-flex items-center gap-1.5 text-sm font-medium">
            <Icon
              aria-hidden="true"
              className={cn('size-4', item.inactive ? 'text-muted-foreground' : 'text-primary')}
            />
            {channelLabels[item.channel]}
          </span>
          {item.inactive && (
            <Badge
              tone="neutral"
              icon={<BellOff aria-hidden="true" />}
              label="Not sent"
              title={`${channelLabels[item.channel]} cannot deliver yet: see above.`}
            />
          )}
          {notes.map((note) => (
            <span key={note.key}>{note.badge}</span>
          ))}
        </div>
        {notes.map((note) => (
          <p key={note.key} className="mt-1 text-xs text-muted-foreground">
            {note.text}
          </p>
        ))}
      </div>
    </li>
  );
}

/**
 * Once per channel that cannot deliver: why, and the fix (confirm the address, verify the number,
 * turn it on). A channel that works but waits for the schedule (paused, not saved) is said above.
 */
function InactiveNotices({
  preview,
  channels,
}: {
  preview: PreviewItem[];
  channels: Channels | undefined;
}) {
  const inactive = deliveryChannels.filter((channel) =>
    preview.some((item) => item.channel === channel && item.inactive),
  );
  const notices = inactive.flatMap((channel) => {
    if (!channels) return [];
    const blocker = channelBlocker(channels, channel);
    if (blocker) return [{ channel, body: <DeliveryBlockerText blocker={blocker} /> }];
    const state = channelState(channels, channel);
    if (state.active) return [];
    return [
      {
        channel,
        body: (
          <>
            Not sent by {channelLabels[channel]} — {state.reason.toLowerCase()}.{' '}
            <Link
              to={paths.notificationSettings}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {channelLabels[channel]} settings
            </Link>
          </>
        ),
      },
    ];
  });
  if (notices.length === 0) return null;
  return (
    <ul className="space-y-1.5 rounded-xl bg-muted px-3 py-2.5 text-sm">
      {notices.map(({ channel, body }) => (
        <li key={channel} className="flex items-start gap-2">
          <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{body}</span>
        </li>
      ))}
    </ul>
  );
}

/** The next deliveries from GET/PUT /api/schedule's `preview`, grouped by local day. */
export function DeliveryPreview({
  schedule,
  preview,
  channels,
}: {
  schedule: Schedule;
  preview: PreviewItem[];
  channels: Channels | undefined;
}) {
  const [wholeWeek, setWholeWeek] = useState(false);
  const today = todayIn(schedule.timeZone);
  const shown = wholeWeek ? preview : preview.slice(0, SHOWN_FIRST);
  const clockChangeLater = preview
    .slice(SHOWN_FIRST)
    .some((item) => item.notes.includes('dst_gap') || item.notes.includes('dst_repeat'));
  const days = new Map<string, PreviewItem[]>();
  for (const item of shown) {
    const list = days.get(item.localDate) ?? [];
    list.push(item);
    days.set(item.localDate, list);
  }

  return (
    <div className="space-y-3">
      {schedule.paused ? (
        <p className="flex items-start gap-2 rounded-xl bg-muted px-3 py-2.5 text-sm">
          <PauseCircle
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-muted-foreground"
          />
          Deliveries are paused. This is what would go out once you resume them.
        </p>
      ) : !schedule.saved ? (
        <p className="flex items-start gap-2 rounded-xl bg-primary-soft px-3 py-2.5 text-sm text-accent-foreground">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Nothing is sent until you save your schedule. This is what the defaults would do.
        </p>
      ) : null}
      <InactiveNotices preview={preview} channels={channels} />
      {days.size === 0 ? (
        <EmptyState icon={<CalendarClock aria-hidden="true" />} title="Nothing planned">
          Add a delivery time and keep at least one channel on.
        </EmptyState>
      ) : (
        <ol className="space-y-3">
          {[...days].map(([date, items]) => {
            const relative = formatRelativeDate(date, today);
            const full = formatDate(date, today);
            return (
              <li key={date} className="rounded-xl border px-3 pt-2 pb-1 sm:px-4">
                <h3 className="flex items-baseline justify-between gap-2 border-b pb-2 text-sm font-semibold">
                  {relative}
                  {relative !== full && (
                    <span className="text-xs font-normal text-muted-foreground">{full}</span>
                  )}
                </h3>
                <ul className="divide-y">
                  {items.map((item) => (
                    <PreviewRow
                      key={`${item.channel}-${item.slot}-${item.at}`}
                      item={item}
                      homeZone={schedule.timeZone}
                    />
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
      {preview.length > SHOWN_FIRST && (
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={wholeWeek}
          onClick={() => setWholeWeek((open) => !open)}
          className="w-full text-primary"
        >
          {wholeWeek
            ? 'Show the next seven only'
            : `Show the whole week (${preview.length - SHOWN_FIRST} more${clockChangeLater ? ', with a clock change' : ''})`}
        </Button>
      )}
    </div>
  );
}
