import { useId, useState } from 'react';
import type { TaskRecurrence } from '#contracts/coach.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';

/** "3 times a week", "Every 2 days after completion", "Daily after completion". */
export function describeRecurrence(recurrence: TaskRecurrence): string {
  switch (recurrence.kind) {
    case 'weekly':
      if (recurrence.timesPerWeek === 7) return 'Every day';
      return recurrence.timesPerWeek === 1
        ? 'Once a week'
        : `${recurrence.timesPerWeek} times a week`;
    case 'after_completion':
      return recurrence.everyDays === 1
        ? 'Every day after completion'
        : `Every ${recurrence.everyDays} days after completion`;
  }
}

type Kind = 'none' | TaskRecurrence['kind'];

interface RecurrenceFieldProps {
  value: TaskRecurrence | null;
  onChange: (value: TaskRecurrence | null) => void;
  /** Prefixes the control's labels when several sit on one page. */
  label?: string;
}

/** Once, N times a week, or every N days after the last completion. */
export function RecurrenceField({ value, onChange, label = 'Repeat' }: RecurrenceFieldProps) {
  const id = useId();
  const kind: Kind = value?.kind ?? 'none';
  const count = value
    ? value.kind === 'weekly'
      ? value.timesPerWeek
      : value.everyDays
    : undefined;

  const setKind = (next: Kind) => {
    setTyped(null);
    if (next === 'none') onChange(null);
    else if (next === 'weekly') onChange({ kind: 'weekly', timesPerWeek: 3 });
    else onChange({ kind: 'after_completion', everyDays: 2 });
  };

  // What is typed, while it is typed: an empty field must not snap back to a number.
  const [typed, setTyped] = useState<string | null>(null);

  const setCount = (raw: string) => {
    setTyped(raw);
    const parsed = Math.round(Number(raw));
    if (!value || raw.trim() === '' || !Number.isFinite(parsed)) return;
    if (value.kind === 'weekly') {
      onChange({ kind: 'weekly', timesPerWeek: Math.min(7, Math.max(1, parsed)) });
    } else {
      onChange({ kind: 'after_completion', everyDays: Math.min(90, Math.max(1, parsed)) });
    }
  };

  return (
    <div className="grid grid-cols-[1fr_auto] items-end gap-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-kind`}>{label}</Label>
        <Select
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
        >
          <option value="none">Does not repeat</option>
          <option value="weekly">Times a week</option>
          <option value="after_completion">Every N days after completion</option>
        </Select>
      </div>
      {value && (
        <div className="w-24 space-y-1.5">
          <Label htmlFor={`${id}-count`}>{value.kind === 'weekly' ? 'Times' : 'Days'}</Label>
          <Input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={value.kind === 'weekly' ? 7 : 90}
            value={typed ?? count}
            onChange={(event) => setCount(event.target.value)}
            onBlur={() => setTyped(null)}
          />
        </div>
      )}
    </div>
  );
}
