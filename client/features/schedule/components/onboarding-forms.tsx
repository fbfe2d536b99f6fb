import { MapPin } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { deliveryChannels, type DeliveryChannel } from '#contracts/channels.ts';
import type { Schedule, ScheduleUpdate } from '#contracts/schedule.ts';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { browserTimeZone } from '#contracts/local-date.ts';
import { toUpdate, useSaveSchedule, useSchedule } from '../api.ts';
import { problemsFromError, type FieldErrors } from '../field-errors.ts';
import { clockIn, zoneLabel, zoneOffset } from '../zones.ts';
import { ChannelTimesField, FieldError, WeekdayChips } from './fields.tsx';
import { TimeZonePicker } from './time-zone-picker.tsx';

/** What an onboarding step's form gets from the flow around it. */
interface StepFormProps {
  /** The <form>'s id: the flow's Continue button submits it. */
  formId: string;
  /** Called once the step's choices are saved. */
  onSaved: () => void;
  /** Loading or saving: the flow holds its Continue button meanwhile. */
  onBusyChange: (busy: boolean) => void;
}

function useScheduleStep(onBusyChange: (busy: boolean) => void) {
  const schedule = useSchedule();
  const save = useSaveSchedule();
  const busy = schedule.isPending || save.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  return { schedule, save };
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-danger"
    >
      {message}
    </p>
  );
}

/** Saves a change to the day contract, keeping the rest as the server has it. */
function useStepSave(
  schedule: Schedule | undefined,
  save: ReturnType<typeof useSaveSchedule>,
  onSaved: () => void,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (change: Partial<ScheduleUpdate>) => {
    if (!schedule) return;
    setProblem(null);
    save.mutate(
      { ...toUpdate(schedule), ...change },
      {
        onSuccess: () => {
          setErrors({});
          onSaved();
        },
        onError: (error) => {
          const problems = problemsFromError(error);
          setErrors(problems.fields);
          setProblem(problems.other[0] ?? null);
        },
      },
    );
  };
  return { errors, setErrors, problem, submit };
}

/** Onboarding › time zone: the zone this device reports, confirmed or changed. */
export function TimeZoneStepForm({ formId, onSaved, onBusyChange }: StepFormProps) {
  const id = useId();
  const { schedule, save } = useScheduleStep(onBusyChange);
  const detected = browserTimeZone();
  const [zone, setZone] = useState<string | null>(null);
  const current = schedule.data?.schedule;
  const { errors, setErrors, problem, submit } = useStepSave(current, save, onSaved);

  if (schedule.isPending) return <Loading label="Loading your time zone" />;
  if (schedule.isError) {
    return <ErrorState message={schedule.error.message} onRetry={() => void schedule.refetch()} />;
  }
  const chosen =
    zone ?? (schedule.data.schedule.saved ? schedule.data.schedule.timeZone : detected);

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit({ timeZone: chosen });
      }}
      className="space-y-5"
    >
      <FormProblem message={problem} />
      <div className="flex items-start gap-3 rounded-xl bg-primary-soft px-4 py-3 text-accent-foreground">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="text-sm">
          This device says <strong className="font-semibold">{zoneLabel(detected)}</strong> (
          {zoneOffset(detected)}), where it is {clockIn(detected)} now.
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-zone`}>Your time zone</Label>
        <TimeZonePicker
          id={`${id}-zone`}
          value={chosen}
          onChange={(next) => {
            setZone(next);
            setErrors({});
          }}
          invalid={Boolean(errors.timeZone)}
          describedBy={errors.timeZone ? `${id}-zone-error` : `${id}-zone-hint`}
        />
        <p id={`${id}-zone-hint`} className="text-xs text-muted-foreground">
          Type a city or region to change it. Your days and delivery times follow this zone.
        </p>
        <FieldError id={`${id}-zone-error`} message={errors.timeZone} />
      </div>
    </form>
  );
}

/**
 * Onboarding › channels: when each channel delivers, and on which days. Each channel's times sit
 * in that channel's card (`channels` renders the cards with `timesFor` inside), so each channel
 * shows once; the time inputs belong to this step's form through its id.
 */
export function DeliveryTimesStepForm({
  formId,
  onSaved,
  onBusyChange,
  channels: renderChannels,
}: StepFormProps & {
  channels: (timesFor: (channel: DeliveryChannel) => ReactNode) => ReactNode;
}) {
  const id = useId();
  const { schedule, save } = useScheduleStep(onBusyChange);
  const current = schedule.data?.schedule;
  const [times, setTimes] = useState<Schedule['times'] | null>(null);
  const [days, setDays] = useState<number[] | null>(null);
  const { errors, setErrors, problem, submit } = useStepSave(current, save, onSaved);

  if (schedule.isPending) return <Loading label="Loading your delivery times" />;
  if (schedule.isError) {
    return <ErrorState message={schedule.error.message} onRetry={() => void schedule.refetch()} />;
  }
  const shownTimes = times ?? schedule.data.schedule.times;
  const shownDays = days ?? schedule.data.schedule.days;

  const timesFor = (channel: DeliveryChannel) => (
    <ChannelTimesField
      idPrefix={id}
      channel={channel}
      times={shownTimes[channel]}
      onChange={(next) => {
        setTimes({ ...shownTimes, [channel]: next });
        setErrors((current) => ({ ...current, [`times.${channel}`]: undefined }));
      }}
      state={undefined}
      layout="card"
      formId={formId}
      error={errors[`times.${channel}`]}
    />
  );

  return (
    <div className="space-y-6">
      <form
        id={formId}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          // A cleared time input is no time at all.
          const filled = Object.fromEntries(
            deliveryChannels.map((channel) => [channel, shownTimes[channel].filter(Boolean)]),
          ) as Schedule['times'];
          submit({ times: filled, days: shownDays });
        }}
      >
        <FormProblem message={problem} />
      </form>
      {renderChannels(timesFor)}
      <WeekdayChips
        idPrefix={id}
        value={shownDays}
        onChange={(next) => {
          setDays(next);
          setErrors((current) => ({ ...current, days: undefined }));
        }}
        error={errors.days}
      />
    </div>
  );
}
