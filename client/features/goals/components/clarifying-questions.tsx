import { ArrowRight, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ClarifyingAnswer, ClarifyingQuestion } from '#contracts/coach.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';

interface ClarifyingQuestionsProps {
  questions: readonly ClarifyingQuestion[];
  pending: boolean;
  onSubmit: (answers: ClarifyingAnswer[]) => void;
  onBack: () => void;
}

/** The coach's questions, each with one-tap suggestions; answered ones go back to the coach. */
export function ClarifyingQuestions({
  questions,
  pending,
  onSubmit,
  onBack,
}: ClarifyingQuestionsProps) {
  const formId = useId();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const setAnswer = (id: string, value: string) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = questions
      .map((question) => ({
        questionId: question.id,
        answer: (answers[question.id] ?? '').trim().slice(0, 500),
      }))
      .filter((answer) => answer.answer.length > 0);
    if (given.length === 0) {
      setError('Answer at least one question, or tap a suggestion.');
      return;
    }
    onSubmit(given);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-6"
      aria-describedby={error ? `${formId}-error` : undefined}
    >
      <ol className="space-y-6">
        {questions.map((question, index) => {
          const inputId = `${formId}-${question.id}`;
          const value = answers[question.id] ?? '';
          return (
            <li key={question.id} className="space-y-2.5">
              <Label htmlFor={inputId} className="text-base leading-snug">
                <span className="mr-1.5 text-muted-foreground">{index + 1}.</span>
                {question.question}
              </Label>
              {question.suggestions.length > 0 && (
                <div
                  role="group"
                  aria-label={`Suggestions for question ${index + 1}`}
                  className="flex flex-wrap gap-2"
                >
                  {question.suggestions.map((suggestion) => {
                    const chosen = value === suggestion;
                    return (
                      <button
                        key={suggestion}
                        type="button"
                        aria-pressed={chosen}
                        onClick={() => setAnswer(question.id, chosen ? '' : suggestion)}
                        className={cn(
                          'min-h-9 rounded-full border px-3.5 py-1.5 text-sm transition',
                          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                          chosen
                            ? 'border-primary bg-primary-soft font-medium text-accent-foreground'
                            : 'bg-card hover:bg-muted',
                        )}
                      >
                        {suggestion}
                      </button>
                    );
                  })}
                </div>
              )}
              <Input
                id={inputId}
                value={value}
                maxLength={500}
                placeholder={
                  question.suggestions.length > 0 ? 'Or in your own words' : 'Your answer'
                }
                onChange={(event) => setAnswer(question.id, event.target.value)}
              />
            </li>
          );
        })}
      </ol>
      {error && (
        <p id={`${formId}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={pending}>
          Change my goal
        </Button>
        <Button type="submit" size="lg" disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {pending ? 'Asking the coach…' : 'Continue'}
          {!pending && <ArrowRight aria-hidden="true" className="size-4" />}
        </Button>
      </div>
    </form>
  );
}
