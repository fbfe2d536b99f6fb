import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { coachDomains, smartGoalSchema, type SmartGoal } from '#contracts/coach.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { domainLabels } from '../domains.ts';

type Field =
  | 'title'
  | 'specific'
  | 'metricName'
  | 'metricTarget'
  | 'metricUnit'
  | 'deadline'
  | 'why'
  | 'firstStep'
  | 'weeklyHours'
  | 'domain';

type Draft = Record<Field, string>;

function toDraft(goal: SmartGoal): Draft {
  return {
    title: goal.title,
    specific: goal.specific,
    metricName: goal.metric.name,
    metricTarget: String(goal.metric.target),
    metricUnit: goal.metric.unit,
    deadline: goal.deadline,
    why: goal.why,
    firstStep: goal.firstStep,
    weeklyHours: String(goal.weeklyHours),
    domain: goal.domain,
  };
}

const pathToField: Record<string, Field> = {
  title: 'title',
  specific: 'specific',
  'metric.name': 'metricName',
  'metric.target': 'metricTarget',
  'metric.unit': 'metricUnit',
  deadline: 'deadline',
  why: 'why',
  firstStep: 'firstStep',
  weeklyHours: 'weeklyHours',
  domain: 'domain',
};

const messages: Record<Field, string> = {
  title: 'Give the goal a short title (up to 120 characters).',
  specific: 'Describe the outcome in a sentence or two.',
  metricName: 'Name what you will measure.',
  metricTarget: 'Enter a number above zero.',
  metricUnit: 'Name the unit (km, sessions, pages…).',
  deadline: 'Choose a date after today.',
  why: 'Say why it matters to you.',
  firstStep: 'Name the first small step.',
  weeklyHours: 'Between 0.5 and 60 hours a week.',
  domain: 'Choose an area of life.',
};

function numberOrNaN(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
}

/** The draft as a SMART goal, or the fields that need fixing. */
function parseDraft(
  draft: Draft,
  today: string,
): { goal: SmartGoal } | { errors: Partial<Record<Field, string>> } {
  const result = smartGoalSchema.safeParse({
    title: draft.title.trim(),
    domain: draft.domain,
    specific: draft.specific.trim(),
    metric: {
      name: draft.metricName.trim(),
      target: numberOrNaN(draft.metricTarget),
      unit: draft.metricUnit.trim(),
    },
    deadline: draft.deadline,
    why: draft.why.trim(),
    firstStep: draft.firstStep.trim(),
    weeklyHours: numberOrNaN(draft.weeklyHours),
  });
  const errors: Partial<Record<Field, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = pathToField[issue.path.join('.')];
      if (field) errors[field] = messages[field];
    }
  }
  if (!errors.deadline && draft.deadline <= today) errors.deadline = messages.deadline;
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  return { goal: result.data };
}

interface SmartGoalFormProps {
  initial: SmartGoal;
  /** Today in the user's zone: the deadline must come after it. */
  today: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (goal: SmartGoal) => void;
  /** Extra controls beside the submit button (back, cancel). */
  secondary?: ReactNode;
  /** Extra fields before the buttons. */
  extra?: ReactNode;
}

/** Every part of a SMART goal, editable; nothing is saved until the person submits. */
export function SmartGoalForm({
  initial,
  today,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  secondary,
  extra,
}: SmartGoalFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft, today);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      const first = Object.keys(parsed.errors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onSubmit(parsed.goal);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input {...field('title')} maxLength={120} />
        {error('title')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-specific`}>Specific outcome</Label>
        <Textarea {...field('specific')} maxLength={600} rows={3} />
        {error('specific')}
      </div>
      <fieldset className="space-y-3 rounded-xl border p-4">
        <legend className="px-1 text-sm font-medium">How you will measure it</legend>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-metricName`}>Metric</Label>
          <Input {...field('metricName')} maxLength={80} />
          {error('metricName')}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-metricTarget`}>Target</Label>
            <Input {...field('metricTarget')} inputMode="decimal" />
            {error('metricTarget')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-metricUnit`}>Unit</Label>
            <Input {...field('metricUnit')} maxLength={30} />
            {error('metricUnit')}
          </div>
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-deadline`}>Deadline</Label>
          <Input {...field('deadline')} type="date" min={today} />
          {error('deadline')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-weeklyHours`}>Hours a week</Label>
          <Input {...field('weeklyHours')} inputMode="decimal" />
          {error('weeklyHours')}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-domain`}>Area of life</Label>
        <Select {...field('domain')}>
          {coachDomains.map((domain) => (
            <option key={domain} value={domain}>
              {domainLabels[domain]}
            </option>
          ))}
        </Select>
        {error('domain')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-why`}>Why it matters</Label>
        <Textarea {...field('why')} maxLength={600} rows={2} />
        {error('why')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-firstStep`}>First step</Label>
        <Input {...field('firstStep')} maxLength={300} />
        {error('firstStep')}
      </div>
      {extra}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        {secondary ?? <span />}
        <Button type="submit" size="lg" disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
