import { Globe, Moon, Pause, Plane, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { deliveryChannels, type Channels } from '#contracts/channels.ts';
import type { Schedule } from '#contracts/schedule.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useSaveSchedule } from '../api.ts';
import { channelState } from '../channel-state.ts';
import { checkDraft, toDraft, type ScheduleDraft } from '../draft.ts';
import { problemsFromError, type FieldErrors, type ScheduleField } from '../field-errors.ts';
import { clockIn } from '../zones.ts';
import { ChannelTimesField, FieldError, WeekdayChips } from './fields.tsx';
import { TimeZonePicker } from './time-zone-picker.tsx';

const hours = Array.from({ length: 24 }, (_, hour) => hour);

function Section({
  id,
  icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Panel id={id} headingLevel="h3" icon={icon} title={title} description={description}>
      <div className="space-y-4">{children}</div>
    </Panel>
  );
}

/** Moves the focus to the first field with a problem. */
function focusFirst(fields: FieldErrors, formElement: HTMLFormElement | null) {
  const first = Object.keys(fields)[0];
  if (!first || !formElement) return;
  formElement.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
}

/** /schedule's day contract: zone, day start, times per channel, days, quiet hours, travel. */
export function ScheduleForm({
  schedule,
  channels,
}: {
  schedule: Schedule;
  /** undefined while the channels load (or when they could not). */
  channels: Channels | undefined;
}) {
  const id = useId();
  const save = useSaveSchedule();
  const [draft, setDraft] = useState<ScheduleDraft>(() => toDraft(schedule));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof ScheduleDraft>(
    key: K,
    value: ScheduleDraft[K],
    ...clears: ScheduleField[]
  ) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (clears.length > 0) {
      setErrors((current) => {
        const next = { ...current };
        for (const field of clears) delete next[field];
        return next;
      });
    }
  };

  const describedBy = (field: ScheduleField) =>
    errors[field] ? `${id}-${field}-error` : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const checked = checkDraft(draft);
    if (!('update' in checked)) {
      setErrors(checked.fields);
      setFormError(checked.other[0] ?? null);
      focusFirst(checked.fields, form);
      return;
    }
    setErrors({});
    save.mutate(checked.update, {
      onSuccess: () => toast.success('Schedule saved'),
      onError: (error) => {
        const problems = problemsFromError(error);
        setErrors(problems.fields);
        setFormError(problems.other[0] ?? null);
        focusFirst(problems.fields, form);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="space-y-4">
      {/* Beside the lists on a wide screen the cards speak for themselves. */}
      <h2 id={`${id}-heading`} className="text-lg font-semibold lg:sr-only">
        Your day contract
      </h2>
      {formError && (
        <p
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-danger"
        >
          {formError}
        </p>
      )}

      <Section id={`${id}-zone`} icon={<Globe aria-hidden="true" />} title="Time zone and day">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-timeZone`}>Home time zone</Label>
          <TimeZonePicker
            id={`${id}-timeZone`}
            field="timeZone"
            value={draft.timeZone}
            onChange={(zone) => set('timeZone', zone, 'timeZone')}
            invalid={Boolean(errors.timeZone)}
            describedBy={describedBy('timeZone') ?? `${id}-timeZone-hint`}
          />
          <p id={`${id}-timeZone-hint`} className="text-xs text-muted-foreground">
            It is {clockIn(draft.timeZone)} there now.
          </p>
          <FieldError id={`${id}-timeZone-error`} message={errors.timeZone} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-dayStartHour`}>Your day starts at</Label>
          <Select
            id={`${id}-dayStartHour`}
            data-field="dayStartHour"
            value={String(draft.dayStartHour)}
            aria-invalid={errors.dayStartHour ? true : undefined}
            aria-describedby={describedBy('dayStartHour') ?? `${id}-dayStartHour-hint`}
            onChange={(event) => set('dayStartHour', Number(event.target.value), 'dayStartHour')}
            className="sm:max-w-48"
          >
            {hours.map((hour) => (
              <option key={hour} value={hour}>
                {String(hour).padStart(2, '0')}:00
              </option>
            ))}
          </Select>
          <p id={`${id}-dayStartHour-hint`} className="text-xs text-muted-foreground">
            Before this hour the clock still belongs to the day before, for late nights.
          </p>
          <FieldError id={`${id}-dayStartHour-error`} message={errors.dayStartHour} />
        </div>
      </Section>

      <Section
        id={`${id}-times`}
        icon={<Send aria-hidden="true" />}
        title="Delivery times"
        description="When today’s top three arrives on each channel, in your local time."
      >
        {deliveryChannels.map((channel) => (
          <ChannelTimesField
            key={channel}
            idPrefix={id}
            channel={channel}
            times={draft.times[channel]}
            onChange={(times) =>
              set('times', { ...draft.times, [channel]: times }, `times.${channel}`, 'times')
            }
            state={channels ? channelState(channels, channel) : undefined}
            layout="list"
            error={errors[`times.${channel}`] ?? (channel === 'email' ? errors.times : undefined)}
          />
        ))}
        <WeekdayChips
          idPrefix={id}
          value={draft.days}
          onChange={(days) => set('days', days, 'days')}
          error={errors.days}
        />
      </Section>

      <Section
        id={`${id}-quiet`}
        icon={<Moon aria-hidden="true" />}
        title="Quiet hours"
        description="Nothing is sent inside them; a delivery that falls in them waits for their end."
      >
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
          <Checkbox
            checked={draft.quietOn}
            data-field={draft.quietOn ? undefined : 'quietHours'}
            onChange={(event) => set('quietOn', event.target.checked, 'quietHours')}
          />
          Keep quiet hours
        </label>
        {draft.quietOn && (
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-quietStart`}>From</Label>
              <Input
                id={`${id}-quietStart`}
                type="time"
                data-field="quietHours"
                value={draft.quietStart}
                aria-invalid={errors.quietHours ? true : undefined}
                aria-describedby={describedBy('quietHours')}
                onChange={(event) => set('quietStart', event.target.value, 'quietHours')}
                className="tabular-nums"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-quietEnd`}>Until</Label>
              <Input
                id={`${id}-quietEnd`}
                type="time"
                value={draft.quietEnd}
                aria-invalid={errors.quietHours ? true : undefined}
                aria-describedby={describedBy('quietHours')}
                onChange={(event) => set('quietEnd', event.target.value, 'quietHours')}
                className="tabular-nums"
              />
            </div>
          </div>
        )}
        <FieldError id={`${id}-quietHours-error`} message={errors.quietHours} />
      </Section>

      <Section
        id={`${id}-travel`}
        icon={<Plane aria-hidden="true" />}
        title="Travel"
        description="Away from home? From the day you choose, deliveries follow the new zone."
      >
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
          <Checkbox
            checked={draft.travelOn}
            data-field="travel"
            onChange={(event) => set('travelOn', event.target.checked, 'travel')}
          />
          I am travelling
        </label>
        {draft.travelOn && (
          <>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-travelZone`}>Time zone while away</Label>
              <TimeZonePicker
                id={`${id}-travelZone`}
                field="travel.timeZone"
                value={draft.travelZone}
                onChange={(zone) => set('travelZone', zone, 'travel.timeZone', 'travel')}
                invalid={Boolean(errors['travel.timeZone'])}
                describedBy={describedBy('travel.timeZone')}
              />
              <FieldError id={`${id}-travel.timeZone-error`} message={errors['travel.timeZone']} />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-travelFrom`}>From</Label>
                <Input
                  id={`${id}-travelFrom`}
                  type="date"
                  data-field="travel.from"
                  value={draft.travelFrom}
                  aria-invalid={errors['travel.from'] ? true : undefined}
                  aria-describedby={describedBy('travel.from')}
                  onChange={(event) =>
                    set('travelFrom', event.target.value, 'travel.from', 'travel')
                  }
                />
                <FieldError id={`${id}-travel.from-error`} message={errors['travel.from']} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-travelUntil`}>Until (optional)</Label>
                <Input
                  id={`${id}-travelUntil`}
                  type="date"
                  data-field="travel.until"
                  value={draft.travelUntil}
                  min={draft.travelFrom}
                  aria-invalid={errors['travel.until'] ? true : undefined}
                  aria-describedby={describedBy('travel.until')}
                  onChange={(event) =>
                    set('travelUntil', event.target.value, 'travel.until', 'travel')
                  }
                />
                <FieldError id={`${id}-travel.until-error`} message={errors['travel.until']} />
              </div>
            </div>
          </>
        )}
        <FieldError id={`${id}-travel-error`} message={errors.travel} />
      </Section>

      <Section id={`${id}-pause`} icon={<Pause aria-hidden="true" />} title="Pause">
        <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
          <Checkbox
            className="mt-0.5"
            checked={draft.paused}
            data-field="paused"
            onChange={(event) => set('paused', event.target.checked, 'paused')}
          />
          <span>
            <span className="font-medium">Pause all deliveries</span>
            <span className="block text-muted-foreground">
              Your times are kept; nothing is sent until you turn this off.
            </span>
          </span>
        </label>
        <FieldError id={`${id}-paused-error`} message={errors.paused} />
      </Section>

      <div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
        <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving…' : 'Save schedule'}
        </Button>
      </div>
    </form>
  );
}
