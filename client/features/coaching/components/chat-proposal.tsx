import { CalendarClock, Check, FlaskConical, ListPlus, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Proposal } from '#contracts/coaching.ts';
import { formatRelativeDate } from '#contracts/local-date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

/** What a proposal would do, in a heading and one line of detail. */
export function describeProposal(
  proposal: Proposal,
  today: string,
): { icon: ReactNode; kind: string; title: string; detail: string } {
  const { draft } = proposal;
  switch (draft.kind) {
    case 'add_task':
      return {
        icon: <ListPlus aria-hidden="true" />,
        kind: 'New task',
        title: draft.title,
        detail: `${formatRelativeDate(draft.date, today)} · ${draft.minutes} min`,
      };
    case 'move_task':
      return {
        icon: <CalendarClock aria-hidden="true" />,
        kind: 'Move a task',
        title: draft.title,
        detail: draft.from
          ? `From ${formatRelativeDate(draft.from, today)} to ${formatRelativeDate(draft.to, today)}`
          : `To ${formatRelativeDate(draft.to, today)}`,
      };
    case 'experiment':
      return {
        icon: <FlaskConical aria-hidden="true" />,
        kind: 'Experiment',
        title: draft.title,
        detail: `${draft.days} days: ${draft.change}`,
      };
  }
}

/** The toast after a decision: what was written, in the person's terms. */
export function decisionToast(proposal: Proposal, today: string): string {
  if (proposal.state === 'declined') return 'Proposal declined. Nothing was changed.';
  const { draft } = proposal;
  switch (draft.kind) {
    case 'add_task':
      return `Added “${draft.title}” to your tasks for ${formatRelativeDate(draft.date, today).toLowerCase()}.`;
    case 'move_task':
      return `Moved “${draft.title}” to ${formatRelativeDate(draft.to, today).toLowerCase()}.`;
    case 'experiment':
      return `Experiment “${draft.title}” started.`;
  }
}

function Outcome({ proposal }: { proposal: Proposal }) {
  if (proposal.state === 'declined') {
    return <p className="text-sm text-muted-foreground">Declined: nothing was changed.</p>;
  }
  const link =
    proposal.draft.kind === 'experiment'
      ? { to: paths.experiments, label: 'See your experiments' }
      : { to: paths.tasks, label: 'See your tasks' };
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <span className="inline-flex items-center gap-1 font-medium text-accent-foreground">
        <Check aria-hidden="true" className="size-4" />
        Accepted
      </span>
      <Link to={link.to} className="font-medium text-primary underline-offset-4 hover:underline">
        {link.label}
      </Link>
    </p>
  );
}

/**
 * A change the coach proposes: nothing is written until the person accepts. Accept and Decline
 * name the proposal for screen readers, since a reply can carry several.
 */
export function ProposalCard({
  proposal,
  today,
  deciding,
  onDecide,
}: {
  proposal: Proposal;
  today: string;
  /** The decision on its way to the server, if any. */
  deciding: 'accept' | 'decline' | null;
  onDecide: (decision: 'accept' | 'decline') => void;
}) {
  const headingId = useId();
  const { icon, kind, title, detail } = describeProposal(proposal, today);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-primary/25 bg-background p-3 sm:p-4"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-accent-foreground uppercase [&_svg]:size-3.5">
        {icon}
        {kind}
      </p>
      <h3 id={headingId} className="mt-1 font-semibold">
        {title}
      </h3>
      <p className="mt-0.5 text-sm text-muted-foreground">{detail}</p>
      {proposal.draft.kind === 'experiment' && (
        <p className="mt-1 text-sm">
          <span className="font-medium">The idea:</span> {proposal.draft.hypothesis}
        </p>
      )}
      <p className="mt-2 text-sm">{proposal.reason}</p>
      <div className="mt-3">
        {proposal.state === 'open' ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={deciding !== null}
              aria-label={`Accept: ${title}`}
              onClick={() => onDecide('accept')}
            >
              <Check aria-hidden="true" className="size-4" />
              {deciding === 'accept' ? 'Accepting…' : 'Accept'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={deciding !== null}
              aria-label={`Decline: ${title}`}
              onClick={() => onDecide('decline')}
            >
              <X aria-hidden="true" className="size-4" />
              {deciding === 'decline' ? 'Declining…' : 'Decline'}
            </Button>
          </div>
        ) : (
          <Outcome proposal={proposal} />
        )}
      </div>
    </article>
  );
}
