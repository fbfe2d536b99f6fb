import { CalendarCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { Checkin, Experiment } from '#contracts/experiments.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { CheckinControl } from './checkin-control.tsx';

/** Today's check-in, or a missed day's: any date from the start to today (or the last day). */
export function OtherDayCheckin({
  userId,
  experiment,
  checkins,
  today,
}: {
  userId: string;
  experiment: Experiment;
  checkins: readonly Checkin[];
  today: string;
}) {
  const window = experiment.checkinWindow;
  const [date, setDate] = useState(window?.to ?? today);
  const id = useId();
  if (!window) return null;
  const inWindow = date >= window.from && date <= window.to;
  const current = checkins.find((checkin) => checkin.date === date)?.value ?? null;
  return (
    <Panel
      title="Check in"
      icon={<CalendarCheck aria-hidden="true" />}
      description="One check-in a day; saving a day again replaces its value."
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="space-y-2">
          <Label htmlFor={id}>Day</Label>
          <Input
            id={id}
            type="date"
            min={window.from}
            max={window.to}
            value={date}
            aria-describedby={inWindow ? undefined : `${id}-error`}
            aria-invalid={inWindow ? undefined : true}
            onChange={(event) => setDate(event.target.value)}
            className="w-44"
          />
          {!inWindow && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              Pick a day from {window.from} to {window.to}.
            </p>
          )}
        </div>
        {inWindow && (
          <CheckinControl
            key={date}
            userId={userId}
            experiment={experiment}
            date={date}
            current={current}
            label={date === today ? 'How was today?' : `How was ${date}?`}
          />
        )}
      </div>
    </Panel>
  );
}
