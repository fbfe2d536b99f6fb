import {
  ArrowLeft,
  ArrowRight,
  CheckCircle2,
  ListChecks,
  LoaderCircle,
  Sparkles,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type {
  ClarifyingAnswer,
  ClarifyingQuestion,
  CoachEngine,
  CrisisResult,
  GoalFlag,
  SmartGoal,
} from '#contracts/coach.ts';
import { goalPriorities, type Goal, type GoalPriority } from '#contracts/goals.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { paths, pathTo } from '#client/lib/paths.ts';
import { goalListQuery, useCreateGoal, useRefineGoal } from '../api.ts';
import { ClarifyingQuestions } from './clarifying-questions.tsx';
import { CoachNotes } from './coach-notes.tsx';
import { CrisisPanel } from '#client/components/crisis-panel.tsx';
import { EngineAttribution } from '#client/components/engine-attribution.tsx';
import { GoalBreakdown } from './goal-breakdown.tsx';
import { SmartGoalForm } from './smart-goal-form.tsx';

interface Attribution {
  engine: CoachEngine;
  model: string;
  notice?: string | undefined;
  /** The proposal's record: saving the goal with it counts toward the coach's acceptance. */
  suggestionId?: string | undefined;
}

type Step =
  | { kind: 'declare' }
  | {
      kind: 'questions';
      questions: ClarifyingQuestion[];
      notes: string[];
      flags: GoalFlag[];
      by: Attribution;
    }
  | { kind: 'review'; goal: SmartGoal; notes: string[]; flags: GoalFlag[]; by: Attribution }
  | { kind: 'crisis'; crisis: CrisisResult; by: Attribution }
  | { kind: 'saved'; goal: Goal }
  | { kind: 'plan'; goal: Goal };

/**
 * The flow as a step of onboarding: the surrounding flow shows the progress, so there is no step
 * bar here; the saved goal goes straight on to its breakdown, and the flow ends once the plan is
 * accepted or skipped.
 */
export interface GoalStepExits {
  onBack: () => void;
  onSkip: () => void;
  /** The goal is saved and its plan accepted (or the plan skipped). */
  onDone: () => void;
}

const EXAMPLES = [
  'Run a 10k by the end of June',
  'Read 12 books this year',
  'Get a new job in product design',
  'Call my parents every week',
];

const stepTitles = {
  declare: 'Declare',
  questions: 'Refine',
  review: 'Review',
  saved: 'Plan',
} as const;

const priorityLabels: Record<GoalPriority, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

function Steps({ current }: { current: keyof typeof stepTitles }) {
  const order = Object.keys(stepTitles) as (keyof typeof stepTitles)[];
  const at = order.indexOf(current);
  return (
    <ol className="flex items-center gap-2 text-xs font-medium" aria-label="Steps">
      {order.map((step, index) => (
        <li key={step} className="flex items-center gap-2">
          <span
            aria-current={index === at ? 'step' : undefined}
            className={
              index === at
                ? 'rounded-full bg-primary px-2.5 py-1 text-primary-foreground'
                : index < at
                  ? 'rounded-full bg-primary-soft px-2.5 py-1 text-accent-foreground'
                  : 'rounded-full bg-muted px-2.5 py-1 text-muted-foreground'
            }
          >
            {stepTitles[step]}
          </span>
          {index < order.length - 1 && (
            <span aria-hidden="true" className="h-px w-3 bg-border sm:w-6" />
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * Declare → refine → review → save → offer a breakdown. The coach only proposes: nothing is
 * written until the person saves the goal they reviewed. With `exits` (onboarding), the saved goal
 * goes on to its plan in place and then back to the caller.
 */
export function NewGoalFlow({ today, exits }: { today: string; exits?: GoalStepExits }) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<ClarifyingAnswer[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'declare' });
  const [priority, setPriority] = useState<GoalPriority>('medium');
  const [pinned, setPinned] = useState(false);
  const view = useRef<HTMLDivElement>(null);
  // Counts moves between steps: only a move takes the focus, the first render leaves it to the page.
  const [moves, setMoves] = useState(0);
  const refine = useRefineGoal();
  const create = useCreateGoal();
  // In onboarding: a goal saved on an earlier visit whose plan was never accepted is offered
  // first, so leaving between the two steps does not mean declaring it again.
  const active = useQuery({ ...goalListQuery({ status: 'active' }), enabled: Boolean(exits) });
  const unplanned = exits
    ? active.data?.goals.find((goal) => goal.nextMilestone === null && goal.progress === 0)
    : undefined;

  // Each step is a new view: once it is on screen, its heading takes the focus, as a page change
  // would (the button that led here is gone or disabled, and focus would fall to the page).
  useEffect(() => {
    const current = view.current;
    if (moves === 0 || !current) return;
    // A view that placed the focus itself (the crisis panel) keeps it.
    if (current.contains(document.activeElement)) return;
    current.querySelector<HTMLElement>('h1')?.focus();
  }, [moves]);

  const go = (next: Step) => {
    setStep(next);
    setMoves((count) => count + 1);
  };

  const ask = (allAnswers: ClarifyingAnswer[]) => {
    refine.mutate(
      { text: text.trim(), ...(allAnswers.length ? { answers: allAnswers } : {}) },
      {
        onSuccess: ({ engine, model, notice, result, suggestionId }) => {
          const by = { engine, model, notice, suggestionId };
          switch (result.kind) {
            case 'crisis':
              go({ kind: 'crisis', crisis: result, by });
              return;
            case 'questions':
              go({
                kind: 'questions',
                questions: result.questions,
                notes: result.notes,
                flags: result.flags ?? [],
                by,
              });
              return;
            case 'smart':
              go({
                kind: 'review',
                goal: result.goal,
                notes: result.notes,
                flags: result.flags ?? [],
                by,
              });
              return;
          }
        },
        onError: (error) =>
          toast.error('The coach could not answer', { description: error.message }),
      },
    );
  };

  const declare = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < 2) {
      setTextError('Write your goal in a few words.');
      return;
    }
    setAnswers([]);
    ask([]);
  };

  const answer = (given: ClarifyingAnswer[]) => {
    // Later answers to the same question replace earlier ones.
    const byId = new Map(answers.map((a) => [a.questionId, a]));
    for (const a of given) byId.set(a.questionId, a);
    const all = [...byId.values()].slice(-10);
    setAnswers(all);
    ask(all);
  };

  const save = (goal: SmartGoal, by: Attribution) => {
    create.mutate(
      {
        goal,
        priority,
        pinned,
        proposedBy: by.engine,
        ...(by.suggestionId ? { suggestionId: by.suggestionId } : {}),
      },
      {
        onSuccess: (saved) => {
          toast.success('Goal saved', { description: saved.title });
          go({ kind: exits ? 'plan' : 'saved', goal: saved });
        },
        onError: (error) => toast.error('The goal was not saved', { description: error.message }),
      },
    );
  };

  const restart = () => {
    setAnswers([]);
    go({ kind: 'declare' });
  };

  const headingClass = 'text-2xl font-semibold tracking-tight outline-none sm:text-3xl';

  if (step.kind === 'plan' && exits) {
    return (
      <div ref={view}>
        <GoalBreakdown
          goalId={step.goal.id}
          today={today}
          exit={{
            onAccepted: exits.onDone,
            skip: (
              <Button variant="ghost" onClick={exits.onDone}>
                Skip the plan
              </Button>
            ),
          }}
        />
      </div>
    );
  }

  if (step.kind === 'crisis') {
    return (
      <div ref={view} className="space-y-4">
        <h1 tabIndex={-1} className="sr-only">
          New goal
        </h1>
        <CrisisPanel
          crisis={step.crisis}
          actions={
            <>
              <Link to={paths.goals} className={buttonClasses('outline')}>
                Back to my goals
              </Link>
              <Button variant="ghost" onClick={restart}>
                Start over
              </Button>
            </>
          }
        />
        <EngineAttribution {...step.by} />
      </div>
    );
  }

  return (
    <div ref={view} className="space-y-6">
      {exits ? null : <Steps current={step.kind === 'plan' ? 'saved' : step.kind} />}

      {step.kind === 'declare' && (
        <form onSubmit={declare} noValidate className="space-y-5">
          <div>
            <h1 tabIndex={-1} className={headingClass}>
              What do you want to achieve?
            </h1>
            <p className="mt-2 text-muted-foreground">
              Say it in one sentence, in your own words. The coach will help you make it specific.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-text`} className="sr-only">
              Your goal in one sentence
            </Label>
            <Textarea
              id={`${id}-text`}
              value={text}
              rows={3}
              maxLength={1000}
              placeholder="I want to…"
              aria-invalid={textError ? true : undefined}
              aria-describedby={textError ? `${id}-text-error` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setTextError(null);
              }}
              className="text-lg sm:text-base"
            />
            {textError && (
              <p id={`${id}-text-error`} className="text-sm text-danger">
                {textError}
              </p>
            )}
          </div>
          {unplanned ? (
            <div className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm">
                You saved <span className="font-medium">{unplanned.title}</span>: plan it now, or
                declare another goal.
              </p>
              <Button
                variant="outline"
                className="shrink-0"
                onClick={() => go({ kind: 'plan', goal: unplanned })}
              >
                <ListChecks aria-hidden="true" className="size-4" />
                Plan “{unplanned.title}”
              </Button>
            </div>
          ) : null}
          <div>
            <p className="mb-2 text-sm text-muted-foreground">Or start from an example:</p>
            <div className="flex flex-wrap gap-2">
              {EXAMPLES.map((example) => (
                <button
                  key={example}
                  type="button"
                  onClick={() => {
                    setText(example);
                    setTextError(null);
                  }}
                  className="min-h-9 rounded-full border bg-card px-3.5 py-1.5 text-sm transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {example}
                </button>
              ))}
            </div>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
            {exits ? (
              <>
                <Button variant="ghost" onClick={exits.onBack} className="sm:mr-auto">
                  <ArrowLeft aria-hidden="true" className="size-4" />
                  Back
                </Button>
                <Button variant="outline" onClick={exits.onSkip}>
                  Skip this step
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Button>
              </>
            ) : null}
            <Button
              type="submit"
              size="lg"
              disabled={refine.isPending}
              className="w-full sm:w-auto"
            >
              {refine.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Sparkles aria-hidden="true" className="size-4" />
              )}
              {refine.isPending ? 'Asking the coach…' : 'Shape it with the coach'}
            </Button>
          </div>
        </form>
      )}

      {step.kind === 'questions' && (
        <div className="space-y-6">
          <div>
            <h1 tabIndex={-1} className={headingClass}>
              A few questions first
            </h1>
            <p className="mt-2 text-muted-foreground">
              “{text.trim()}”. Answer what you can; tap a suggestion to use it.
            </p>
          </div>
          <EngineAttribution {...step.by} />
          <CoachNotes notes={step.notes} flags={step.flags} />
          <ClarifyingQuestions
            key={step.questions.map((question) => question.id).join()}
            questions={step.questions}
            pending={refine.isPending}
            onSubmit={answer}
            onBack={restart}
          />
        </div>
      )}

      {step.kind === 'review' && (
        <div className="space-y-6">
          <div>
            <h1 tabIndex={-1} className={headingClass}>
              Review your SMART goal
            </h1>
            <p className="mt-2 text-muted-foreground">
              This is the coach’s proposal. Change anything; nothing is saved until you say so.
            </p>
          </div>
          <EngineAttribution {...step.by} />
          <CoachNotes notes={step.notes} flags={step.flags} />
          <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
            <SmartGoalForm
              initial={step.goal}
              today={today}
              submitLabel="Save goal"
              pendingLabel="Saving…"
              pending={create.isPending}
              onSubmit={(goal) => save(goal, step.by)}
              extra={
                <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
                  <div className="space-y-1.5">
                    <Label htmlFor={`${id}-priority`}>Priority</Label>
                    <Select
                      id={`${id}-priority`}
                      value={priority}
                      onChange={(event) => setPriority(event.target.value as GoalPriority)}
                    >
                      {goalPriorities.map((value) => (
                        <option key={value} value={value}>
                          {priorityLabels[value]}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
                    <Checkbox
                      checked={pinned}
                      onChange={(event) => setPinned(event.target.checked)}
                    />
                    Pin as one of my top three goals
                  </label>
                </div>
              }
              secondary={
                <Button variant="ghost" onClick={restart} disabled={create.isPending}>
                  Start over
                </Button>
              }
            />
          </div>
        </div>
      )}

      {step.kind === 'saved' && (
        <div className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8">
          <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-primary" />
          <h1 tabIndex={-1} className={`${headingClass} mt-3`}>
            Goal saved
          </h1>
          <p className="mt-2 font-medium">{step.goal.title}</p>
          <p className="mx-auto mt-3 max-w-md text-muted-foreground">
            Shall the coach break it down into milestones and tasks? You will see the plan and
            choose what to keep.
          </p>
          <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">
            <Button variant="outline" onClick={() => void navigate(pathTo.goal(step.goal.id))}>
              Not now
            </Button>
            <Button size="lg" onClick={() => void navigate(pathTo.goalBreakdown(step.goal.id))}>
              <ListChecks aria-hidden="true" className="size-4" />
              Break it down
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
