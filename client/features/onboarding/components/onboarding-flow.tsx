import { ArrowLeft, ArrowRight, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { CoachDomain } from '#contracts/coach.ts';
import {
  onboardingSteps,
  type CoachTone,
  type Onboarding,
  type OnboardingStep,
  type OnboardingUpdate,
} from '#contracts/onboarding.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { StepIndicator } from '#client/components/ui/step-indicator.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useOnboarding, useSaveOnboarding } from '../api.ts';
import { stepDescriptions, stepTitles } from '../choices.ts';
import { AllSet, FocusStep, ToneStep, WelcomeStep } from './steps.tsx';

/** What a step that another feature provides (zone, channels) gets from the flow. */
export interface StepSlotProps {
  /** Its <form>'s id: Continue submits that form, so Enter in a field does the same. */
  formId: string;
  /** The step's choices are saved: the flow moves on. */
  onSaved: () => void;
  /** Loading or saving: Continue waits meanwhile. */
  onBusyChange: (busy: boolean) => void;
}

/** What the first-goal step gets from the flow. */
export interface FirstGoalSlotProps {
  onBack: () => void;
  onSkip: () => void;
  /** The goal is saved and its plan accepted (or skipped): the flow moves on. */
  onDone: () => void;
}

interface OnboardingFlowProps {
  timeZoneStep: (step: StepSlotProps) => ReactNode;
  channelsStep: (step: StepSlotProps) => ReactNode;
  /**
   * The goals flow, from the first sentence to an accepted plan. It brings its own buttons (back,
   * skip, and the plan's accept), so the flow shows neither its footer nor its skip there.
   */
  firstGoalStep: (step: FirstGoalSlotProps) => ReactNode;
}

const TOTAL = onboardingSteps.length;

/**
 * /onboarding: welcome → time zone → channels → focus → first goal → tone → /dashboard. Every
 * Continue saves the step reached, so a person who leaves comes back where they were.
 */
export function OnboardingFlow({ timeZoneStep, channelsStep, firstGoalStep }: OnboardingFlowProps) {
  const onboarding = useOnboarding();

  if (onboarding.isPending) {
    return (
      <div role="status" aria-label="Loading" className="space-y-4">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  }
  if (onboarding.isError) {
    return (
      <>
        <h1 className="sr-only">Welcome</h1>
        <ErrorState
          title="Your setup could not load"
          message={onboarding.error.message}
          onRetry={() => void onboarding.refetch()}
        />
      </>
    );
  }
  if (onboarding.data.completedAt) return <AllSet />;
  return (
    <Steps
      initial={onboarding.data}
      timeZoneStep={timeZoneStep}
      channelsStep={channelsStep}
      firstGoalStep={firstGoalStep}
    />
  );
}

function Steps({
  initial,
  timeZoneStep,
  channelsStep,
  firstGoalStep,
}: OnboardingFlowProps & { initial: Onboarding }) {
  const formId = useId();
  const navigate = useNavigate();
  const save = useSaveOnboarding();
  const region = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<OnboardingStep>(initial.step);
  const [domains, setDomains] = useState<CoachDomain[]>(initial.focusDomains);
  const [tone, setTone] = useState<CoachTone>(initial.coachTone ?? 'supportive');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  // Counts moves between steps: only a move takes the focus, the first render leaves it to the page.
  const [moves, setMoves] = useState(0);
  const index = onboardingSteps.indexOf(step);
  const next = onboardingSteps[index + 1];
  const previous = onboardingSteps[index - 1];

  useEffect(() => {
    if (moves === 0) return;
    region.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [moves]);

  const go = useCallback((to: OnboardingStep) => {
    setMoves((count) => count + 1);
    setBusy(false);
    setProblem(null);
    setStep(to);
  }, []);

  const onBusyChange = useCallback((value: boolean) => setBusy(value), []);

  /** Saves the step reached (with this step's choices), then shows it. */
  const advance = (extra: Omit<OnboardingUpdate, 'step' | 'finish'> = {}) => {
    if (!next) return;
    setProblem(null);
    save.mutate(
      { step: next, ...extra },
      {
        onSuccess: () => go(next),
        onError: (error) => setProblem(`Your progress was not saved. ${error.message}`),
      },
    );
  };

  const finish = (update: OnboardingUpdate) => {
    setProblem(null);
    setFinishing(true);
    save.mutate(update, {
      onSuccess: () => void navigate(paths.dashboard),
      onError: (error) => {
        setFinishing(false);
        setProblem(error.message);
      },
    });
  };

  const slot: StepSlotProps = { formId, onSaved: () => advance(), onBusyChange };
  const pending = save.isPending || busy;

  let body: ReactNode;
  switch (step) {
    case 'welcome':
      body = <WelcomeStep formId={formId} onSubmit={() => advance()} />;
      break;
    case 'time_zone':
      body = timeZoneStep(slot);
      break;
    case 'channels':
      body = channelsStep(slot);
      break;
    case 'focus':
      body = (
        <FocusStep
          formId={formId}
          value={domains}
          onChange={setDomains}
          onSubmit={() => advance({ focusDomains: domains })}
        />
      );
      break;
    case 'first_goal':
      body = firstGoalStep({
        onBack: () => previous && go(previous),
        onSkip: () => advance(),
        onDone: () => advance(),
      });
      break;
    case 'tone':
      body = (
        <ToneStep
          formId={formId}
          value={tone}
          onChange={setTone}
          onSubmit={() => finish({ coachTone: tone, finish: 'complete' })}
        />
      );
      break;
  }

  // The goal step carries its own back, skip and accept buttons: one of each on screen.
  const ownButtons = step === 'first_goal';
  const continueLabel =
    step === 'welcome' ? 'Get started' : step === 'tone' ? 'Finish' : 'Continue';

  return (
    <div className={ownButtons ? undefined : 'pb-24 sm:pb-0'}>
      <div className="flex items-end gap-4">
        <StepIndicator total={TOTAL} index={index} />
        {ownButtons ? null : (
          <Button
            variant="ghost"
            size="sm"
            disabled={save.isPending}
            onClick={() => finish({ finish: 'skip' })}
            className="text-muted-foreground"
          >
            Skip for now
          </Button>
        )}
      </div>

      <div ref={region} className="mt-8">
        {step !== 'first_goal' && (
          <div className="mb-6">
            <h1
              tabIndex={-1}
              className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl"
            >
              {stepTitles[step]}
            </h1>
            <p className="mt-2 text-muted-foreground">{stepDescriptions[step]}</p>
          </div>
        )}
        {body}
      </div>

      {problem && (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-danger"
        >
          {problem}
        </p>
      )}

      {ownButtons ? null : (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mt-8 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
          <div className="mx-auto flex max-w-xl items-center gap-3">
            {previous && (
              <Button variant="ghost" disabled={save.isPending} onClick={() => go(previous)}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                Back
              </Button>
            )}
            <div className="ml-auto">
              <Button type="submit" form={formId} size="lg" disabled={pending || finishing}>
                {save.isPending || finishing ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : null}
                {continueLabel}
                {step !== 'tone' && !save.isPending && (
                  <ArrowRight aria-hidden="true" className="size-4" />
                )}
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
