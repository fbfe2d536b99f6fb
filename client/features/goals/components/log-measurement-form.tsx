import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { GoalMetric } from '#contracts/coach.ts';
import { formatMeasure } from '#contracts/measurements.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import {
  emptyDraft,
  readMeasurementDraft,
  type MeasurementDraft,
  type MeasurementErrors,
} from '../measurement-form.ts';
import { useLogMeasurement } from '../measurements-api.ts';

/**
 * "Log a value": one reading of the goal's metric, today unless another day is picked. Used on the
 * goal's page and on its domain's metrics page (which passes `onLogged` to refresh its figures).
 */
export function LogMeasurementForm({
  goalId,
  goalTitle,
  metric,
  today,
  onLogged,
}: {
  goalId: string;
  goalTitle: string;
  metric: GoalMetric;
  today: string;
  onLogged?: () => unknown;
}) {
  const id = useId();
  const [draft, setDraft] = useState<MeasurementDraft>(() => emptyDraft(today));
  const [errors, setErrors] = useState<MeasurementErrors>({});
  const log = useLogMeasurement(goalId, onLogged);

  const field = (name: keyof MeasurementDraft) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readMeasurementDraft(draft, today);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    log.mutate(read.request, {
      onSuccess: (saved) => {
        toast.success(`Logged ${formatMeasure(saved.value, metric.unit)}`, {
          description: goalTitle,
        });
        setDraft(emptyDraft(today));
      },
      onError: (error) => toast.error('The value was not logged', { description: error.message }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Log a value for ${goalTitle}`}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <FormField
        {...field('value')}
        label={`${metric.name.charAt(0).toUpperCase()}${metric.name.slice(1)} (${metric.unit})`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`Your ${metric.name} in ${metric.unit}`}
      />
      <FormField {...field('date')} label="Day" type="date" max={today} />
      <div className="space-y-2 sm:col-span-3 sm:row-start-2">
        <FormField {...field('note')} label="Note (optional)" maxLength={200} />
      </div>
      <Button type="submit" className="sm:mt-7" disabled={log.isPending}>
        <Plus aria-hidden="true" className="size-4" />
        {log.isPending ? 'Logging…' : 'Log value'}
      </Button>
    </form>
  );
}
