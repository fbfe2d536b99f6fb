import { Check } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Experiment } from '#contracts/experiments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';
import { useCheckin } from '../api.ts';

/**
 * One day's check-in: five buttons for a rating (the chosen one pressed), a number and Save
 * otherwise. Saving again replaces the day's value.
 */
export function CheckinControl({
  userId,
  experiment,
  date,
  current,
  label,
}: {
  userId: string;
  experiment: Pick<Experiment, 'id' | 'metric' | 'title'>;
  date: string;
  /** The value already saved for the date, if any. */
  current: number | null;
  /** What the control asks ("How was today?"). */
  label: string;
}) {
  const checkin = useCheckin(userId);
  const [draft, setDraft] = useState(current === null ? '' : String(current));
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const inputId = useId();
  const save = (value: number) => {
    setProblem(null);
    checkin.mutate(
      { id: experiment.id, date, value },
      { onError: (error) => setProblem(error.message) },
    );
  };
  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(value)) {
      setProblem('Enter a number.');
      return;
    }
    save(value);
  };
  const { metric } = experiment;
  return (
    <div className="space-y-2">
      {metric.kind === 'rating' ? (
        <div role="group" aria-labelledby={labelId} className="space-y-2">
          <p id={labelId} className="text-sm font-medium">
            {label}
          </p>
          <div className="flex gap-2">
            {[1, 2, 3, 4, 5].map((value) => (
              <Button
                key={value}
                variant={current === value ? 'primary' : 'outline'}
                size="icon"
                aria-pressed={current === value}
                aria-label={`${value} of 5`}
                disabled={checkin.isPending}
                onClick={() => save(value)}
                className={cn('size-11', current === value && 'ring-2 ring-ring/40')}
              >
                {value}
              </Button>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">1 is the worst, 5 the best.</p>
        </div>
      ) : (
        <form onSubmit={submitNumber} className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {label} ({metric.unit})
          </label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              type="number"
              inputMode="decimal"
              step="any"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="max-w-36"
            />
            <Button type="submit" variant="secondary" disabled={checkin.isPending}>
              <Check aria-hidden="true" className="size-4" />
              Save
            </Button>
          </div>
        </form>
      )}
      {checkin.isSuccess && !problem && (
        <p role="status" className="text-sm text-accent-foreground">
          Saved.
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
