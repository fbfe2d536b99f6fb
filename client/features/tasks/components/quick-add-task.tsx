import { ChevronDown, LoaderCircle, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { TaskRecurrence } from '#contracts/coach.ts';
import { MAX_TASK_MINUTES, type CreateTask } from '#contracts/tasks.ts';
import { RecurrenceField } from '#client/components/recurrence.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatRelativeDate } from '#contracts/local-date.ts';
import { useCreateTask } from '../api.ts';

/** A task of one's own in one line; a date, a time and a repeat when wanted. */
export function QuickAddTask({ localDate }: { localDate: string }) {
  const id = useId();
  const create = useCreateTask();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [date, setDate] = useState('');
  const [minutes, setMinutes] = useState('');
  const [recurrence, setRecurrence] = useState<TaskRecurrence | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError('Write what you want to do.');
      return;
    }
    if (date && date < localDate) {
      setError('Choose today or a later day.');
      return;
    }
    const estimated = Math.round(Number(minutes));
    const task: CreateTask = {
      title: trimmed.slice(0, 160),
      ...(date ? { scheduledDate: date } : {}),
      ...(minutes && estimated >= 1
        ? { estimatedMinutes: Math.min(estimated, MAX_TASK_MINUTES) }
        : {}),
      ...(recurrence ? { recurrence } : {}),
    };
    create.mutate(task, {
      onSuccess: (saved) => {
        toast.success('Task added', {
          description: saved.scheduledDate
            ? `${saved.title} · ${formatRelativeDate(saved.scheduledDate, localDate)}`
            : saved.title,
        });
        setTitle('');
        setDate('');
        setMinutes('');
        setRecurrence(null);
      },
      onError: (failure) => toast.error('The task was not added', { description: failure.message }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border bg-card p-3 shadow-sm sm:p-4">
      <Label htmlFor={`${id}-title`} className="sr-only">
        New task
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={160}
          placeholder="Add a task of your own"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" className="h-11 shrink-0" disabled={create.isPending}>
          {create.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Add
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <button
        type="button"
        aria-expanded={more}
        aria-controls={`${id}-more`}
        onClick={() => setMore(!more)}
        className="mt-2 inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronDown aria-hidden="true" className={cn('size-4 transition', more && 'rotate-180')} />
        Date, time and repeat
      </button>
      <div id={`${id}-more`} hidden={!more} className="mt-3 space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-date`}>Day</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={localDate}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-minutes`}>Minutes</Label>
            <Input
              id={`${id}-minutes`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TASK_MINUTES}
              placeholder="30"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
            />
          </div>
        </div>
        <RecurrenceField value={recurrence} onChange={setRecurrence} />
        <p className="text-xs text-muted-foreground">
          Without a day, the task is open any day and can be picked for today.
        </p>
      </div>
    </form>
  );
}
