import { BellRing, Mail, MessageSquare, Plus, X, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DeliveryChannel } from '#contracts/channels.ts';
import { MAX_TIMES_PER_CHANNEL, type LocalTime } from '#contracts/schedule.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import { channelLabels, type ChannelState } from '../channel-state.ts';

export const channelIcons: Record<DeliveryChannel, LucideIcon> = {
  email: Mail,
  sms: MessageSquare,
  push: BellRing,
};

/** A message under a field, referenced by the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {message}
    </p>
  );
}

const SUGGESTED_TIMES = ['07:30', '12:30', '18:00', '09:00', '20:00'];

/** A time not in the list yet, for "Add a time". */
function nextTime(times: readonly string[]): string {
  return SUGGESTED_TIMES.find((time) => !times.includes(time)) ?? '08:00';
}

function StateLine({
  state,
  channel,
}: {
  state: ChannelState | undefined;
  channel: DeliveryChannel;
}) {
  if (!state) return null;
  if (state.active) {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-accent-foreground">
        <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
        On
      </span>
    );
  }
  return (
    <span className="text-xs text-muted-foreground">
      {state.reason}
      {' — '}
      <Link
        to={paths.notificationSettings}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        turn on {channelLabels[channel]} in Settings
      </Link>
    </span>
  );
}

interface ChannelTimesFieldProps {
  idPrefix: string;
  channel: DeliveryChannel;
  times: LocalTime[];
  onChange: (times: LocalTime[]) => void;
  /** From GET /api/channels; undefined while it loads. */
  state: ChannelState | undefined;
  /**
   * 'list' (/schedule): its own row with the channel's icon, name and state, an inactive channel
   * linked to Settings. 'card': inside the channel's own card (onboarding), which already names it
   * and shows its state.
   */
  layout: 'list' | 'card';
  /** The form the time inputs belong to when they sit outside it (inside a channel card). */
  formId?: string;
  error: string | undefined;
}

/** One channel's delivery times: up to MAX_TIMES_PER_CHANNEL time inputs, added and removed. */
export function ChannelTimesField({
  idPrefix,
  channel,
  times,
  onChange,
  state,
  layout,
  formId,
  error,
}: ChannelTimesFieldProps) {
  const Icon = channelIcons[channel];
  const label = channelLabels[channel];
  const errorId = `${idPrefix}-times-${channel}-error`;
  const inactive = state !== undefined && !state.active;
  return (
    <fieldset
      className={cn(
        layout === 'list' && 'rounded-xl border p-3 sm:p-4',
        layout === 'list' && inactive && 'bg-muted/40',
      )}
      aria-describedby={error ? errorId : undefined}
      // In a card the legend says "Delivery times"; the name keeps the channel for a reader.
      aria-label={layout === 'card' ? `${label} delivery times` : undefined}
    >
      <legend className={layout === 'card' ? 'text-sm font-medium' : 'sr-only'}>
        {layout === 'card' ? 'Delivery times' : `${label} delivery times`}
      </legend>
      {layout === 'list' && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="flex items-center gap-2 font-medium" aria-hidden="true">
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full',
                inactive
                  ? 'bg-muted text-muted-foreground'
                  : 'bg-primary-soft text-accent-foreground',
              )}
            >
              <Icon className="size-4" />
            </span>
            {label}
          </span>
          <StateLine state={state} channel={channel} />
        </div>
      )}
      <ul className={cn('flex flex-wrap gap-2', layout === 'list' ? 'mt-3' : 'mt-2')}>
        {times.map((time, index) => {
          const inputId = `${idPrefix}-times-${channel}-${index}`;
          return (
            <li key={index} className="flex items-center gap-1">
              <label htmlFor={inputId} className="sr-only">
                {label} time {index + 1}
              </label>
              <Input
                id={inputId}
                type="time"
                required
                form={formId}
                value={time}
                data-field={index === 0 ? `times.${channel}` : undefined}
                aria-invalid={error ? true : undefined}
                onChange={(event) =>
                  onChange(times.map((t, i) => (i === index ? event.target.value : t)))
                }
                className="w-32 tabular-nums"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${label} time ${index + 1}`}
                onClick={() => onChange(times.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
        {times.length < MAX_TIMES_PER_CHANNEL && (
          <li>
            <Button
              variant="outline"
              className="h-11"
              aria-label={`Add a time for ${label}`}
              data-field={times.length === 0 ? `times.${channel}` : undefined}
              onClick={() => onChange([...times, nextTime(times)])}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add a time
            </Button>
          </li>
        )}
      </ul>
      {times.length === 0 && !error && (
        <p className="mt-2 text-xs text-muted-foreground">No {label} deliveries.</p>
      )}
      <div className="mt-2">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  );
}

const weekdayNames = [1, 2, 3, 4, 5, 6, 7].map((day) => {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, day));
  const format = (weekday: 'short' | 'long') =>
    new Intl.DateTimeFormat('en-GB', { weekday, timeZone: 'UTC' }).format(date);
  return { day, short: format('short'), long: format('long') };
});

/** The weekdays deliveries go out on, as toggle chips. */
export function WeekdayChips({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: number[];
  onChange: (days: number[]) => void;
  error: string | undefined;
}) {
  const errorId = `${idPrefix}-days-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Days of the week</legend>
      {/* Seven across even on a phone. */}
      <div className="mt-2 grid grid-cols-7 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
        {weekdayNames.map(({ day, short, long }, index) => {
          const on = value.includes(day);
          return (
            <button
              key={day}
              type="button"
              aria-pressed={on}
              aria-label={long}
              title={long}
              data-field={index === 0 ? 'days' : undefined}
              onClick={() =>
                onChange(
                  on ? value.filter((d) => d !== day) : [...value, day].sort((a, b) => a - b),
                )
              }
              className={cn(
                'h-11 rounded-full border px-0 text-sm font-medium transition sm:min-w-12 sm:px-3',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                on
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-card text-muted-foreground hover:bg-muted',
              )}
            >
              {short}
            </button>
          );
        })}
      </div>
      <div className="mt-2">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  );
}
