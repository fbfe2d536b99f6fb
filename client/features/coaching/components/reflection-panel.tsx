import { NotebookPen, PenLine } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REFLECTION_MAX, reflectionPeriods, type Reflection } from '#contracts/coaching.ts';
import { CoachMarkdown } from '#client/components/coach-markdown.tsx';
import { CrisisFrame } from '#client/components/crisis-panel.tsx';
import { EngineAttribution } from '#client/components/engine-attribution.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import { useReflect } from '../reflection-api.ts';
import { fieldProblem, problemOf } from '../problems.ts';

type Period = (typeof reflectionPeriods)[number];

const periodWords: Record<Period, { label: string; prompt: string; placeholder: string }> = {
  daily: {
    label: 'Today',
    prompt: 'How did today go?',
    placeholder: 'What went well, what got in the way, how you feel about it...',
  },
  weekly: {
    label: 'This week',
    prompt: 'How did this week go?',
    placeholder: 'What moved forward this week, what slipped, what you want from next week...',
  },
};

const moodLabels = ['Rough', 'Low', 'Okay', 'Good', 'Great'] as const;

/** A segmented choice made of native radios, so arrows move along it as in any radio group. */
function Segmented<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string; title?: string }>;
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={option.value}
            title={option.title}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium transition',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === option.value
                ? 'border-primary bg-primary-soft text-accent-foreground'
                : 'bg-card text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ReflectionReply({
  reflection,
  onAgain,
  headingLevel,
}: {
  reflection: Reflection;
  onAgain: () => void;
  headingLevel: 'h3' | 'h4';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the reply is where to read on.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const Heading = headingLevel;
  const again = (
    <Button variant="outline" size="sm" onClick={onAgain}>
      <PenLine aria-hidden="true" className="size-4" />
      Write another
    </Button>
  );
  if (reflection.crisis) {
    return (
      <CrisisFrame headingLevel={headingLevel} actions={again}>
        <CoachMarkdown text={reflection.reply} className="mt-4" />
      </CrisisFrame>
    );
  }
  return (
    <div className="space-y-4">
      <blockquote className="rounded-xl bg-muted px-4 py-3 text-sm whitespace-pre-wrap text-muted-foreground">
        <span className="sr-only">You wrote: </span>
        {reflection.text}
      </blockquote>
      <div>
        <Heading ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
          {reflection.coachName ? `${reflection.coachName} replied` : 'Your coach replied'}
        </Heading>
        <CoachMarkdown text={reflection.reply} className="mt-2" />
      </div>
      <EngineAttribution
        engine={reflection.engine}
        model={reflection.model}
        notice={reflection.notice}
      />
      {again}
    </div>
  );
}

/**
 * Reflection, daily or weekly: free text (at most 4,000 characters) and an optional 1–5 mood;
 * the coach answers in its tone from the person's own day (or with the crisis response).
 * Rendered on the dashboard, /history, the hub and the chat.
 */
export function ReflectionPanel({
  userId,
  coachId,
  defaultPeriod = 'daily',
  headingLevel = 'h2',
  className,
}: {
  userId: string;
  /** The own coach that answers; the server's default is the first on the team. */
  coachId?: string;
  defaultPeriod?: Period;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [text, setText] = useState('');
  const [mood, setMood] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState<Reflection | null>(null);
  const reflect = useReflect(userId);
  const textId = useId();
  const name = useId();
  const focusText = () => document.getElementById(textId)?.focus();

  const length = text.trim().length;
  const localError =
    length === 0
      ? 'Write a few words first.'
      : length > REFLECTION_MAX
        ? `Keep it to ${REFLECTION_MAX.toLocaleString('en')} characters (this is ${length.toLocaleString('en')}).`
        : null;
  const serverError = reflect.isError
    ? (fieldProblem(reflect.error, 'text') ??
      problemOf(
        reflect.error,
        'Your reflection was not sent. Your words are still here; try again.',
      ))
    : null;
  const shownError = (tried ? localError : null) ?? serverError;
  // No coach on the team yet: the server says so, and the team page is where to choose one.
  const noTeam =
    !(tried && localError) &&
    reflect.error instanceof ApiError &&
    reflect.error.code === 'conflict';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (localError) {
      focusText();
      return;
    }
    reflect.mutate(
      { period, text: text.trim(), mood, ...(coachId ? { coachId } : {}) },
      {
        onSuccess: (reflection) => {
          setAnswer(reflection);
          setText('');
          setMood(null);
          setTried(false);
        },
      },
    );
  };

  const again = () => {
    setAnswer(null);
    reflect.reset();
    // The form is back: its box is where to write.
    requestAnimationFrame(focusText);
  };

  return (
    <Panel
      className={className}
      title="Reflect"
      headingLevel={headingLevel}
      icon={<NotebookPen aria-hidden="true" />}
      description="A few honest lines; your coach answers from your own day."
    >
      {answer ? (
        <ReflectionReply
          reflection={answer}
          onAgain={again}
          headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Segmented
            legend="Looking back on"
            name={`${name}-period`}
            value={period}
            onChange={setPeriod}
            options={reflectionPeriods.map((value) => ({
              value,
              label: periodWords[value].label,
            }))}
          />
          <div className="space-y-2">
            <Label htmlFor={textId}>{periodWords[period].prompt}</Label>
            <Textarea
              id={textId}
              value={text}
              rows={4}
              placeholder={periodWords[period].placeholder}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={`${textId}-count${shownError ? ` ${textId}-error` : ''}`}
              onChange={(event) => setText(event.target.value)}
            />
            <p
              id={`${textId}-count`}
              className={cn(
                'text-xs',
                length > REFLECTION_MAX ? 'text-danger' : 'text-muted-foreground',
              )}
            >
              {length.toLocaleString('en')}/{REFLECTION_MAX.toLocaleString('en')} characters
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
            <Segmented
              legend="Mood (optional)"
              name={`${name}-mood`}
              value={mood}
              onChange={setMood}
              options={moodLabels.map((label, index) => ({
                value: index + 1,
                label: `${index + 1} ${label}`,
              }))}
            />
            {mood !== null && (
              <Button variant="link" size="sm" className="px-0" onClick={() => setMood(null)}>
                Clear mood
              </Button>
            )}
          </div>
          {shownError ? (
            <p id={`${textId}-error`} role="alert" className="text-sm text-danger">
              {shownError}
              {noTeam && (
                <>
                  {' '}
                  <Link to={paths.coachingTeam} className="font-medium underline">
                    Choose a coach
                  </Link>
                </>
              )}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={reflect.isPending}>
              {reflect.isPending ? 'Your coach is reading...' : 'Reflect with your coach'}
            </Button>
            <p role="status" className="text-xs text-muted-foreground">
              {reflect.isPending ? 'Writing a reply from your own day.' : ''}
            </p>
          </div>
        </form>
      )}
    </Panel>
  );
}
