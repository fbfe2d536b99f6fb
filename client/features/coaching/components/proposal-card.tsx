import { ArrowRight, CalendarClock, Check, FlaskConical, ListPlus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Proposal } from '#contracts/coaching.ts';
import { formatDate } from '#contracts/local-date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';

function describe(
  proposal: Proposal,
  today: string,
): {
  icon: ReactNode;
  kind: string;
  title: string;
  facts: string[];
} {
  const { draft } = proposal;
  switch (draft.kind) {
    case 'add_task':
      return {
        icon: <ListPlus aria-hidden="true" />,
        kind: 'New task',
        title: draft.title,
        facts: [formatDate(draft.date, today), `${draft.minutes} min`],
      };
    case 'move_task':
      return {
        icon: <CalendarClock aria-hidden="true" />,
        kind: 'Move a task',
        title: draft.title,
        facts: [
          draft.from
            ? `From ${formatDate(draft.from, today)} to ${formatDate(draft.to, today)}`
            : `To ${formatDate(draft.to, today)}`,
        ],
      };
    case 'experiment':
      return {
        icon: <FlaskConical aria-hidden="true" />,
        kind: 'Experiment',
        title: draft.title,
        facts: [`${draft.days} days`, `Change: ${draft.change}`, `Expect: ${draft.hypothesis}`],
      };
  }
}

/** Where what an accepted proposal wrote can be seen. */
function resultLink(proposal: Proposal): { to: string; label: string } {
  return proposal.draft.kind === 'experiment'
    ? { to: paths.experiments, label: 'See it in Experiments' }
    : { to: paths.tasks, label: 'See it in Tasks' };
}

/**
 * A change a coach proposes: what it is, why, and Accept or Decline. Nothing is written until the
 * person accepts; then the task or experiment exists and the card says where.
 */
export function ProposalCard({
  proposal,
  coachName,
  today,
  pending,
  onDecide,
}: {
  proposal: Proposal;
  coachName: string | null;
  today: string;
  pending: boolean;
  onDecide: (decision: 'accept' | 'decline') => void;
}) {
  const { icon, kind, title, facts } = describe(proposal, today);
  const label = `${kind}: ${title}`;
  return (
    <article
      aria-label={label}
      className={cn(
        'rounded-xl border bg-background p-4',
        proposal.state === 'open' && 'border-primary/40',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground [&_svg]:size-4">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-muted-foreground">
            {kind}
            {coachName ? ` · proposed by ${coachName}` : ''}
          </p>
          <p className="font-medium break-words">{title}</p>
          <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
            {facts.map((fact) => (
              <li key={fact} className="break-words">
                {fact}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">{proposal.reason}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 sm:pl-12">
        {proposal.state === 'open' ? (
          <>
            <Button
              size="sm"
              disabled={pending}
              onClick={() => onDecide('accept')}
              aria-label={`Accept: ${label}`}
            >
              <Check aria-hidden="true" className="size-4" />
              Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => onDecide('decline')}
              aria-label={`Decline: ${label}`}
            >
              <X aria-hidden="true" className="size-4" />
              Decline
            </Button>
          </>
        ) : proposal.state === 'accepted' ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-1 font-medium text-primary">
              <Check aria-hidden="true" className="size-4" />
              Accepted
            </span>
            <Link
              to={resultLink(proposal).to}
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            >
              {resultLink(proposal).label}
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Declined</p>
        )}
      </div>
    </article>
  );
}
