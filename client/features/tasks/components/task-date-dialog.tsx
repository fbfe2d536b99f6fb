import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { addDays, formatDate } from '#contracts/local-date.ts';

export type DateChoice = 'snooze' | 'reschedule';

interface TaskDateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: DateChoice;
  taskTitle: string;
  /** Today in the user's zone. */
  localDate: string;
  /** The task's current date, to start from. */
  current: string | null;
  onChoose: (date: string) => void;
}

/** Snooze (hide until a later day) or reschedule (move to another day), with quick choices. */
export function TaskDateDialog({
  open,
  onOpenChange,
  kind,
  taskTitle,
  localDate,
  current,
  onChoose,
}: TaskDateDialogProps) {
  const id = useId();
  // A snooze must end after today; a reschedule may be today.
  const earliest = kind === 'snooze' ? addDays(localDate, 1) : localDate;
  // Start from the task's own later day, else tomorrow (moving to where it already is is no move).
  const initial = current && current > localDate ? current : addDays(localDate, 1);
  const [date, setDate] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const quick = [
    ...(kind === 'reschedule' ? [{ label: 'Today', date: localDate }] : []),
    { label: 'Tomorrow', date: addDays(localDate, 1) },
    { label: 'In 3 days', date: addDays(localDate, 3) },
    { label: 'Next week', date: addDays(localDate, 7) },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || date < earliest) {
      setError(kind === 'snooze' ? 'Choose a day after today.' : 'Choose today or a later day.');
      return;
    }
    onChoose(date);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogTitle>{kind === 'snooze' ? 'Snooze until…' : 'Move to…'}</DialogTitle>
          <DialogDescription>
            “{taskTitle}”
            {kind === 'snooze'
              ? ' leaves today and comes back on the day you choose.'
              : ' moves to the day you choose.'}
          </DialogDescription>
          <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label="Quick choices">
            {quick.map((choice) => (
              <button
                key={choice.label}
                type="button"
                aria-pressed={date === choice.date}
                onClick={() => {
                  setDate(choice.date);
                  setError(null);
                }}
                className={cn(
                  'min-h-9 rounded-full border px-3.5 py-1.5 text-sm transition',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  date === choice.date
                    ? 'border-primary bg-primary-soft font-medium text-accent-foreground'
                    : 'bg-card hover:bg-muted',
                )}
              >
                {choice.label}
              </button>
            ))}
          </div>
          <div className="mt-4 space-y-1.5">
            <Label htmlFor={`${id}-date`}>Date</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={earliest}
              value={date}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setDate(event.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">
              {kind === 'snooze' ? 'Snooze' : 'Move'}
              {date && date >= earliest ? ` to ${formatDate(date, localDate)}` : ''}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
