import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FormField, LabelledControl } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useCreateExperiment, useGoalChoices } from '../api.ts';
import {
  checkForm,
  emptyForm,
  endDateBounds,
  startDateBounds,
  withStartDate,
  type ExperimentForm,
  type FormErrors,
} from '../experiment-state.ts';
import { experimentHref } from './experiment-card.tsx';

const INPUT_ID: Record<keyof ExperimentForm, string> = {
  title: 'title',
  hypothesis: 'hypothesis',
  change: 'change',
  metricKind: 'title',
  unit: 'unit',
  better: 'better',
  startDate: 'start',
  endDate: 'end',
  baseline: 'baseline',
  goalId: 'goal',
};
const FIELD_ORDER = Object.keys(INPUT_ID) as Array<keyof ExperimentForm>;

/** The create form in a dialog: every field checked on submit, the dates kept to 7–28 days. */
export function NewExperimentDialog({
  userId,
  today,
  open,
  onOpenChange,
}: {
  userId: string;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateExperiment(userId);
  const goals = useGoalChoices(userId);
  const [form, setForm] = useState<ExperimentForm>(() => emptyForm(today));
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = (change: Partial<ExperimentForm>) =>
    setForm((previous) => ({ ...previous, ...change }));
  const start = startDateBounds(today);
  const end = endDateBounds(form.startDate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = checkForm(form, today);
    setErrors(checked.errors ?? {});
    if (!checked.body) {
      // The first field to fix takes the focus, so its error is read out.
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) document.getElementById(`${id}-${INPUT_ID[first]}`)?.focus();
      return;
    }
    create.mutate(checked.body, {
      onSuccess: (detail) => {
        onOpenChange(false);
        setForm(emptyForm(today));
        void navigate(experimentHref(detail.experiment.id));
      },
      onError: (error) => setProblem(error.message),
    });
  };
  const text = (field: 'hypothesis' | 'change', label: string, hint: string) => (
    <LabelledControl id={`${id}-${field}`} label={label} error={errors[field]} description={hint}>
      {(describedBy) => (
        <Textarea
          id={`${id}-${field}`}
          value={form[field]}
          maxLength={1000}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => set({ [field]: event.target.value })}
          className="min-h-16"
        />
      )}
    </LabelledControl>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogTitle>New experiment</DialogTitle>
        <DialogDescription>
          One change, tried for 7 to 28 days, with one thing to measure each day.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 space-y-4">
          <FormField
            id={`${id}-title`}
            label="Title"
            value={form.title}
            maxLength={120}
            error={errors.title}
            onChange={(event) => set({ title: event.target.value })}
          />
          {text('hypothesis', 'What do you expect?', 'Your hypothesis: “I sleep better when…”')}
          {text('change', 'The change to try', 'What you will do differently each day.')}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">What you measure each day</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(['rating', 'number'] as const).map((kind) => (
                <label key={kind} className="inline-flex min-h-9 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-metric`}
                    checked={form.metricKind === kind}
                    onChange={() => set({ metricKind: kind })}
                    className="size-4 accent-primary"
                  />
                  {kind === 'rating' ? 'A 1–5 rating' : 'A number with a unit'}
                </label>
              ))}
            </div>
          </fieldset>
          {form.metricKind === 'number' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={`${id}-unit`}
                label="Unit"
                placeholder="hours, km, cups"
                value={form.unit}
                maxLength={20}
                error={errors.unit}
                onChange={(event) => set({ unit: event.target.value })}
              />
              <LabelledControl id={`${id}-better`} label="Better is">
                {() => (
                  <Select
                    id={`${id}-better`}
                    value={form.better}
                    onChange={(event) =>
                      set({ better: event.target.value === 'lower' ? 'lower' : 'higher' })
                    }
                  >
                    <option value="higher">Higher</option>
                    <option value="lower">Lower</option>
                  </Select>
                )}
              </LabelledControl>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={`${id}-start`}
              label="Start"
              type="date"
              min={start.min}
              max={start.max}
              value={form.startDate}
              error={errors.startDate}
              onChange={(event) =>
                setForm((previous) => withStartDate(previous, event.target.value))
              }
            />
            <FormField
              id={`${id}-end`}
              label="End"
              type="date"
              min={end?.min}
              max={end?.max}
              value={form.endDate}
              description="7 to 28 days."
              error={errors.endDate}
              onChange={(event) => set({ endDate: event.target.value })}
            />
          </div>
          <FormField
            id={`${id}-baseline`}
            label="Your usual value before (optional)"
            type="number"
            inputMode="decimal"
            step="any"
            value={form.baseline}
            description="Without it, your first 3 days are the “before”."
            error={errors.baseline}
            onChange={(event) => set({ baseline: event.target.value })}
          />
          <LabelledControl
            id={`${id}-goal`}
            label="Goal it serves (optional)"
            error={errors.goalId}
          >
            {(describedBy) => (
              <Select
                id={`${id}-goal`}
                value={form.goalId}
                aria-describedby={describedBy}
                onChange={(event) => set({ goalId: event.target.value })}
              >
                <option value="">No goal</option>
                {(goals.data ?? []).map((goal) => (
                  <option key={goal.id} value={goal.id}>
                    {goal.title}
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          <DialogFormFooter
            error={problem}
            pending={create.isPending}
            submitLabel="Create experiment"
            pendingLabel="Creating…"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
