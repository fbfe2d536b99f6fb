import { ArrowLeft, ArrowRight, Check, CloudOff, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Assessment, AssessmentKind } from '#contracts/assessments.ts';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { StepIndicator } from '#client/components/ui/step-indicator.tsx';
import { paths } from '#client/lib/paths.ts';
import { useAssessmentDraft, useCompleteAssessment, useSaveAssessment } from '../api.ts';
import { assessmentTitles } from '../questions.ts';
import {
  answersAt,
  isLastStep,
  questionsAt,
  resumeWizard,
  stepCount,
  wizardReducer,
  type WizardState,
} from '../wizard-state.ts';
import { StepQuestions } from './step-questions.tsx';

/** Beside the buttons: whether the answers so far are saved (the in-depth assessment shows it). */
function SaveStatus({
  state,
  message,
}: {
  state: 'idle' | 'saving' | 'saved' | 'failed';
  message?: string;
}) {
  return (
    <p role="status" className="min-h-5 text-sm text-muted-foreground">
      {state === 'saving' && (
        <span className="inline-flex items-center gap-1.5">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Saving…
        </span>
      )}
      {state === 'saved' && (
        <span className="inline-flex items-center gap-1.5">
          <Check aria-hidden="true" className="size-4 text-primary" />
          Saved. You can stop here and come back later.
        </span>
      )}
      {state === 'failed' && (
        <span className="inline-flex items-center gap-1.5 text-danger">
          <CloudOff aria-hidden="true" className="size-4" />
          {message}
        </span>
      )}
    </p>
  );
}

function Wizard({
  userId,
  saved,
  showSaving,
}: {
  userId: string;
  saved: Assessment;
  showSaving: boolean;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<WizardState>(() => resumeWizard(saved));
  const save = useSaveAssessment(userId, saved.kind);
  const complete = useCompleteAssessment(userId, saved.kind);
  const heading = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const total = stepCount(state.kind);
  const last = isLastStep(state);

  // A new step is announced by moving focus to its questions (not on the first render).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [state.step]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const moved = wizardReducer(state, { type: 'next' });
    setState(moved);
    if (Object.keys(moved.errors).length > 0) {
      // Keyboard users land on the first question to fix (its problem is announced too).
      requestAnimationFrame(() =>
        heading.current
          ?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"]')
          ?.focus(),
      );
      return;
    }
    const answers = answersAt(state.kind, state.step, state.answers);
    if (last) {
      complete.mutate(
        { id: saved.id, answers },
        { onSuccess: () => void navigate(paths.coachingRecommendations) },
      );
    } else {
      save.mutate({ id: saved.id, step: moved.step, answers });
    }
  };

  const busy = complete.isPending;
  const saveState = save.isPending
    ? 'saving'
    : save.isError
      ? 'failed'
      : save.isSuccess && showSaving
        ? 'saved'
        : 'idle';
  const problem = complete.error
    ? `Your answers were not sent. ${complete.error.message}`
    : save.error
      ? `Not saved: ${save.error.message} Your answers stay here; Next saves them again.`
      : undefined;

  return (
    <form onSubmit={next} noValidate className="pb-36 sm:pb-0">
      <StepIndicator index={state.step} total={total} />
      <div ref={heading} tabIndex={-1} className="mt-8 space-y-8 outline-none">
        {questionsAt(state.kind, state.step).map((question) => (
          <StepQuestions
            key={question}
            question={question}
            answers={state.answers}
            errors={state.errors}
            answer={(action) => setState((current) => wizardReducer(current, action))}
          />
        ))}
      </div>
      {complete.error && (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-danger"
        >
          {problem}
        </p>
      )}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mt-8 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        <div className="mx-auto flex max-w-2xl flex-wrap items-center gap-3">
          <Button
            variant="ghost"
            disabled={state.step === 0 || busy}
            onClick={() => setState(wizardReducer(state, { type: 'back' }))}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
          <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
            <SaveStatus state={saveState} {...(problem ? { message: problem } : {})} />
          </div>
          <Button type="submit" size="lg" className="ml-auto" disabled={busy}>
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {last ? 'See my coaches' : 'Next'}
            {!last && <ArrowRight aria-hidden="true" className="size-4" />}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * /coaching/assessment and /coaching/assessment-enhanced: the unfinished assessment of this kind
 * (or a new one), one step at a time; each Next saves the step's answers, so leaving and coming
 * back resumes where the person was. The last step completes it and opens the recommendations.
 */
export function AssessmentWizard({ userId, kind }: { userId: string; kind: AssessmentKind }) {
  const draft = useAssessmentDraft(userId, kind);
  const { title, description } = assessmentTitles[kind];
  return (
    <PageShell title={title} description={description} width="narrow">
      {draft.isPending ? (
        <div role="status" aria-label="Loading your assessment" className="space-y-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : draft.isError ? (
        <ErrorState title="Your assessment could not load" onRetry={() => void draft.refetch()} />
      ) : (
        <Wizard
          key={draft.data.id}
          userId={userId}
          saved={draft.data}
          showSaving={kind === 'enhanced'}
        />
      )}
    </PageShell>
  );
}
