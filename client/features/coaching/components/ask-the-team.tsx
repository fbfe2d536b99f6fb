import { ChevronDown, History, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGE_MAX, type Consultation } from '#contracts/coaching.ts';
import { formatTimestamp } from '#contracts/local-date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { cn } from '#client/lib/cn.ts';
import { fieldProblem, problemOf } from '../problems.ts';
import { useConsult, useConsultations } from '../team-api.ts';
import { ConsultationView } from './consultation-view.tsx';

const examples = [
  'My run and my course both want my evenings. What gives?',
  'I have less time this month. Which goal should slow down?',
];

/**
 * "Ask the team": a question for every coach on the team at once; the answer appears under the
 * box, and joins the past consultations.
 */
export function AskTheTeam({
  userId,
  today,
  timeZone,
  disabled,
}: {
  userId: string;
  today: string;
  timeZone: string;
  /** No one to ask yet (an empty team). */
  disabled: boolean;
}) {
  const [question, setQuestion] = useState('');
  const [tried, setTried] = useState(false);
  const [answerId, setAnswerId] = useState<string | null>(null);
  const consult = useConsult(userId);
  const consultations = useConsultations(userId);
  const id = useId();
  const answerHeading = useRef<HTMLHeadingElement>(null);

  const all = consultations.data?.pages.flatMap((page) => page.consultations) ?? [];
  const answer =
    all.find((c) => c.id === answerId) ??
    (consult.data?.id === answerId ? consult.data : undefined);

  useEffect(() => {
    if (answerId) answerHeading.current?.focus();
  }, [answerId]);

  const length = question.trim().length;
  const localError =
    length === 0
      ? 'Write a question for your team first.'
      : length > MESSAGE_MAX
        ? `Keep it to ${MESSAGE_MAX.toLocaleString('en')} characters (this is ${length.toLocaleString('en')}).`
        : null;
  const serverError = consult.isError
    ? (fieldProblem(consult.error, 'question') ??
      problemOf(consult.error, 'Your team could not answer just now. Try again in a moment.'))
    : null;
  const shownError = (tried ? localError : null) ?? serverError;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (localError) {
      document.getElementById(id)?.focus();
      return;
    }
    consult.mutate(question.trim(), {
      onSuccess: (consultation) => {
        setAnswerId(consultation.id);
        setQuestion('');
        setTried(false);
      },
    });
  };

  const past = all.filter((c) => c.id !== answerId);

  return (
    <div className="space-y-6">
      <form onSubmit={ask} noValidate className="space-y-3">
        <Label htmlFor={id}>Your question</Label>
        <Textarea
          id={id}
          value={question}
          rows={3}
          disabled={disabled}
          placeholder={examples[0]}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {disabled
            ? 'Add a coach to your team first.'
            : `For example: “${examples[1]}” Your coaches answer from your own goals and hours.`}
        </p>
        {shownError ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {shownError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={disabled || consult.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {consult.isPending ? 'Your team is talking it over...' : 'Ask the team'}
          </Button>
          <p role="status" className="text-xs text-muted-foreground">
            {consult.isPending ? 'Each coach is reading your goals and your week.' : ''}
          </p>
        </div>
      </form>

      {answer && (
        <section aria-labelledby={`${id}-answer`} className="rounded-2xl border bg-card p-4 sm:p-5">
          <h3
            id={`${id}-answer`}
            ref={answerHeading}
            tabIndex={-1}
            className="font-semibold outline-none"
          >
            Your team on: “{answer.question}”
          </h3>
          <div className="mt-4">
            <ConsultationView
              userId={userId}
              consultation={answer}
              today={today}
              headingLevel="h4"
            />
          </div>
        </section>
      )}

      <section aria-labelledby={`${id}-past`}>
        <h3 id={`${id}-past`} className="flex items-center gap-2 font-semibold">
          <History aria-hidden="true" className="size-4 text-primary" />
          Past consultations
        </h3>
        {consultations.isPending ? (
          <div role="status" aria-label="Loading past consultations" className="mt-3 space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : consultations.isError ? (
          <p role="alert" className="mt-2 text-sm text-muted-foreground">
            Past consultations could not load.{' '}
            <button
              type="button"
              className="text-primary underline"
              onClick={() => void consultations.refetch()}
            >
              Try again
            </button>
          </p>
        ) : past.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            {answer
              ? 'This is your first consultation.'
              : 'None yet. Your questions and the team’s answers stay here.'}
          </p>
        ) : (
          <ul className="mt-3 space-y-2">
            {past.map((consultation) => (
              <PastConsultation
                key={consultation.id}
                userId={userId}
                consultation={consultation}
                today={today}
                timeZone={timeZone}
              />
            ))}
          </ul>
        )}
        {consultations.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            disabled={consultations.isFetchingNextPage}
            onClick={() => void consultations.fetchNextPage()}
          >
            {consultations.isFetchingNextPage ? 'Loading older...' : 'Show older consultations'}
          </Button>
        )}
      </section>
    </div>
  );
}

function PastConsultation({
  userId,
  consultation,
  today,
  timeZone,
}: {
  userId: string;
  consultation: Consultation;
  today: string;
  timeZone: string;
}) {
  const open = consultation.proposals.filter((p) => p.state === 'open').length;
  return (
    <li>
      <details className="group rounded-xl border bg-background">
        <summary
          className={cn(
            'flex cursor-pointer list-none items-start gap-3 rounded-xl p-3',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            '[&::-webkit-details-marker]:hidden',
          )}
        >
          <span className="min-w-0 flex-1">
            <span className="block font-medium break-words">{consultation.question}</span>
            <span className="block text-xs text-muted-foreground">
              {formatTimestamp(consultation.createdAt, timeZone)}
              {open > 0 ? ` · ${open} ${open === 1 ? 'proposal' : 'proposals'} to decide` : ''}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="mt-1 size-4 shrink-0 text-muted-foreground transition group-open:rotate-180"
          />
        </summary>
        <div className="border-t p-3 sm:p-4">
          <ConsultationView
            userId={userId}
            consultation={consultation}
            today={today}
            headingLevel="h4"
          />
        </div>
      </details>
    </li>
  );
}
