import { ArrowLeft, Check, LoaderCircle, RefreshCw } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { CoachEngine } from '#contracts/coach.ts';
import type { Goal } from '#contracts/goals.ts';
import type { PlanProposal } from '#contracts/plan.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { formatDate } from '#contracts/local-date.ts';

import { pathTo } from '#client/lib/paths.ts';
import { useAcceptPlan, useBreakdownProposal, useGoal } from '../api.ts';
import {
  acceptRequest,
  draftFromProposal,
  draftProblems,
  selectAll,
  selectionCount,
  type PlanDraft,
} from '../plan-draft.ts';
import { CoachNotes } from './coach-notes.tsx';
import { CrisisPanel } from '#client/components/crisis-panel.tsx';
import { EngineAttribution } from '#client/components/engine-attribution.tsx';
import { PlanEditor } from './plan-editor.tsx';

function ProposalSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
        The coach is drafting milestones and tasks…
      </p>
      {[0, 1, 2].map((key) => (
        <div key={key} className="space-y-3 rounded-2xl border bg-card p-5">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * Where the breakdown leads: by default the goal's page; inside another flow (onboarding), back to
 * that flow once the plan is accepted, with the flow's own way to skip it.
 */
export interface BreakdownExit {
  onAccepted: () => void;
  /** Replaces "Skip for now" (a link to the goal). */
  skip: ReactNode;
}

function ProposalEditor({
  goal,
  plan,
  engine,
  suggestionId,
  today,
  regenerating,
  onRegenerate,
  exit,
}: {
  goal: Goal;
  plan: PlanProposal;
  engine: CoachEngine;
  /** The proposal's record: accepting it counts toward the coach's acceptance. */
  suggestionId: string | undefined;
  today: string;
  regenerating: boolean;
  onRegenerate: () => void;
  exit: BreakdownExit | undefined;
}) {
  const navigate = useNavigate();
  const accept = useAcceptPlan(goal.id);
  const initial = useMemo(() => draftFromProposal(plan), [plan]);
  const [draft, setDraft] = useState<PlanDraft>(initial);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const problems = useMemo(
    () => draftProblems(draft, today, goal.deadline),
    [draft, today, goal.deadline],
  );
  const { selected, total } = selectionCount(draft);
  const edited = draft !== initial;

  const submit = () => {
    if (selected === 0) {
      toast.info('Pick at least one milestone or task to keep');
      return;
    }
    if (problems.size > 0) {
      toast.error('Some picked items need a fix first', {
        description: [...problems.values()][0],
      });
      return;
    }
    accept.mutate(acceptRequest(draft, engine, suggestionId), {
      onSuccess: (result) => {
        const added = result.milestones.length + result.tasks.length;
        if (added === 0) toast.info('Your plan already had all of these');
        else
          toast.success('Plan added', {
            description: `${result.milestones.length} milestones and ${result.tasks.length} tasks`,
          });
        if (exit) exit.onAccepted();
        else void navigate(pathTo.goal(goal.id));
      },
      onError: (error) => toast.error('The plan was not saved', { description: error.message }),
    });
  };

  const regenerate = () => {
    if (edited) setConfirmRegenerate(true);
    else onRegenerate();
  };

  if (plan.milestones.length + plan.tasks.length === 0) {
    return (
      <>
        <CoachNotes notes={plan.notes} />
        <div className="flex flex-wrap gap-2">
          <Link to={pathTo.goal(goal.id)} className={buttonClasses('primary')}>
            Back to the goal
          </Link>
          <Button variant="outline" onClick={onRegenerate} disabled={regenerating}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Ask again
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      {/* The main action comes first in the tab order, and stays in view while the list scrolls. */}
      <div className="sticky top-16 z-10 -mx-4 border-b bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:bg-card/95 sm:px-5 sm:shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {selected} of {total} picked
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {exit ? (
              exit.skip
            ) : (
              <Link to={pathTo.goal(goal.id)} className={buttonClasses('ghost')}>
                Skip for now
              </Link>
            )}
            <Button onClick={submit} disabled={accept.isPending}>
              {accept.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Check aria-hidden="true" className="size-4" />
              )}
              {selected === total ? 'Accept all' : `Accept ${selected} selected`}
            </Button>
          </div>
        </div>
      </div>
      <CoachNotes notes={plan.notes} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setDraft(selectAll(draft, selected < total))}
        >
          {selected < total ? 'Select all' : 'Select none'}
        </Button>
        <Button variant="outline" size="sm" onClick={regenerate} disabled={regenerating}>
          <RefreshCw
            aria-hidden="true"
            className={regenerating ? 'size-4 animate-spin' : 'size-4'}
          />
          Regenerate
        </Button>
      </div>
      <PlanEditor
        draft={draft}
        onChange={setDraft}
        today={today}
        deadline={goal.deadline}
        problems={problems}
      />
      <ConfirmDialog
        open={confirmRegenerate}
        onOpenChange={setConfirmRegenerate}
        title="Ask for a new plan?"
        description="Your edits to this plan will be replaced by the coach’s new proposal."
        confirmLabel="Regenerate"
        tone="primary"
        onConfirm={() => {
          setConfirmRegenerate(false);
          onRegenerate();
        }}
      />
    </>
  );
}

/**
 * The coach's proposed milestones and tasks for a goal, to edit, pick and accept. On its own page
 * it leads back to the goal; with `exit` it is a step of another flow.
 */
export function GoalBreakdown({
  goalId,
  today,
  exit,
}: {
  goalId: string;
  today: string;
  exit?: BreakdownExit;
}) {
  const [round, setRound] = useState(0);
  const goal = useGoal(goalId);
  const proposal = useBreakdownProposal(goalId, round);

  const header = (
    <div>
      {exit ? (
        <p className="text-sm font-medium text-muted-foreground">
          {goal.data ? goal.data.goal.title : 'Your goal'}
        </p>
      ) : (
        <Link
          to={pathTo.goal(goalId)}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {goal.data ? goal.data.goal.title : 'Back to the goal'}
        </Link>
      )}
      <h1
        tabIndex={-1}
        className="mt-2 text-2xl font-semibold tracking-tight outline-none sm:text-3xl"
      >
        {exit ? 'Plan your first steps' : 'Break it down'}
      </h1>
      <p className="mt-2 text-muted-foreground">
        The coach proposes milestones and tasks
        {goal.data ? ` up to ${formatDate(goal.data.goal.deadline, today)}` : ''}. Edit, reorder and
        untick what you do not want; only what you accept is added
        {exit ? ', and today’s tasks become your first top three' : ''}.
      </p>
    </div>
  );

  if (goal.isError) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorState title="This goal could not load" onRetry={() => void goal.refetch()} />
      </div>
    );
  }

  const data = proposal.data;
  return (
    <div className="space-y-6">
      {header}
      {data && !proposal.isFetching && (
        <EngineAttribution engine={data.engine} model={data.model} notice={data.notice} />
      )}
      {proposal.isError ? (
        <>
          <ErrorState
            title="The coach could not propose a plan"
            message={proposal.error.message}
            onRetry={() => void proposal.refetch()}
          />
          {exit ? <div className="flex justify-end">{exit.skip}</div> : null}
        </>
      ) : !data || !goal.data || proposal.isFetching ? (
        <ProposalSkeleton />
      ) : data.result.kind === 'crisis' ? (
        <CrisisPanel crisis={data.result} actions={exit?.skip} />
      ) : (
        <ProposalEditor
          key={round}
          goal={goal.data.goal}
          plan={data.result}
          engine={data.engine}
          suggestionId={data.suggestionId}
          today={today}
          regenerating={proposal.isFetching}
          onRegenerate={() => setRound((value) => value + 1)}
          exit={exit}
        />
      )}
    </div>
  );
}
