import { useId, type ReactNode } from 'react';
import { ChoiceCard } from '#client/components/ui/choice-card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { cn } from '#client/lib/cn.ts';
import { sentenceCase } from '../questions.ts';

/** A question's problem, announced when it appears; the fieldset is described by it. */
function Problem({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-2 text-sm text-danger">
      {children}
    </p>
  );
}

interface GroupProps {
  legend: string;
  hint?: string;
  /** Shows the legend as the step's heading (a step of one question). */
  asHeading?: boolean;
  error?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A question as a fieldset: its legend, its hint, its choices, its problem. */
export function QuestionGroup({ legend, hint, asHeading, error, children }: GroupProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset aria-describedby={describedBy || undefined} aria-invalid={error ? true : undefined}>
      <legend className={cn(asHeading ? 'text-xl font-semibold sm:text-2xl' : 'font-semibold')}>
        {legend}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="mt-4">{children(describedBy || undefined)}</div>
      {error && <Problem id={`${id}-error`}>{error}</Problem>}
    </fieldset>
  );
}

interface ChoicesProps<Id extends string> extends Omit<GroupProps, 'children'> {
  name: string;
  ids: readonly Id[];
  labels: { readonly [K in Id]: string };
  descriptions?: { readonly [K in Id]?: string };
}

/** One choice among a few (native radios: arrow keys move between them). */
export function SingleChoice<Id extends string>({
  name,
  ids,
  labels,
  descriptions,
  value,
  onChange,
  ...group
}: ChoicesProps<Id> & { value: Id | undefined; onChange: (value: Id) => void }) {
  return (
    <QuestionGroup {...group}>
      {() => (
        <div className="grid gap-3 sm:grid-cols-2">
          {ids.map((id) => (
            <ChoiceCard
              key={id}
              type="radio"
              name={name}
              checked={value === id}
              onChange={() => onChange(id)}
              title={sentenceCase(labels[id])}
              className="p-3 sm:p-4"
            >
              {descriptions?.[id]}
            </ChoiceCard>
          ))}
        </div>
      )}
    </QuestionGroup>
  );
}

/** Several choices (checkboxes); the step's check says when there are too many. */
export function ManyChoices<Id extends string>({
  name,
  ids,
  labels,
  descriptions,
  value,
  onChange,
  ...group
}: ChoicesProps<Id> & { value: readonly Id[]; onChange: (value: Id[]) => void }) {
  return (
    <QuestionGroup {...group}>
      {() => (
        <div className="grid gap-3 sm:grid-cols-2">
          {ids.map((id) => {
            const checked = value.includes(id);
            return (
              <ChoiceCard
                key={id}
                type="checkbox"
                name={name}
                checked={checked}
                onChange={() =>
                  onChange(checked ? value.filter((chosen) => chosen !== id) : [...value, id])
                }
                title={sentenceCase(labels[id])}
                className="p-3 sm:p-4"
              >
                {descriptions?.[id]}
              </ChoiceCard>
            );
          })}
        </div>
      )}
    </QuestionGroup>
  );
}

/** A 0–10 rating as a native slider (arrow keys, Home and End), its value shown beside it. */
export function RatingSlider({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <output htmlFor={id} className="text-lg font-semibold tabular-nums">
          {value}
          <span className="text-sm font-normal text-muted-foreground">/10</span>
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={10}
        step={1}
        value={value}
        aria-valuetext={`${value} out of 10`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 w-full accent-primary"
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>0</span>
        <span>10</span>
      </div>
      {error && <Problem id={`${id}-error`}>{error}</Problem>}
    </div>
  );
}

/** Hours a week, as a number field. An empty or unreadable entry is no answer yet. */
export function HoursField({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="max-w-xs">
      <FormField
        id={id}
        label={<span className="text-xl font-semibold sm:text-2xl">{label}</span>}
        description={hint}
        error={error}
        type="number"
        inputMode="decimal"
        min={0.5}
        max={60}
        step={0.5}
        value={value ?? ''}
        onChange={(event) => {
          const number = event.target.valueAsNumber;
          onChange(Number.isFinite(number) ? number : undefined);
        }}
      />
    </div>
  );
}
