import { Lightbulb, Scale } from 'lucide-react';
import { toast } from 'sonner';
import { coachDomainLabels } from '#contracts/coach.ts';
import type { Consultation } from '#contracts/coaching.ts';
import { CoachMarkdown } from '#client/components/coach-markdown.tsx';
import { CrisisFrame } from '#client/components/crisis-panel.tsx';
import { EngineAttribution } from '#client/components/engine-attribution.tsx';
import { problemOf } from '../problems.ts';
import { useDecideProposal } from '../team-api.ts';
import { ProposalCard } from './proposal-card.tsx';

/**
 * One answer of the team: each relevant coach's view, the trade-offs named from the person's own
 * figures, one suggested way through, and the proposals to accept or decline.
 */
export function ConsultationView({
  userId,
  consultation,
  today,
  headingLevel = 'h3',
}: {
  userId: string;
  consultation: Consultation;
  today: string;
  headingLevel?: 'h3' | 'h4';
}) {
  const decide = useDecideProposal(userId);
  const Heading = headingLevel;
  const names = new Map(consultation.views.map((view) => [view.coachId, view.coachName]));

  if (consultation.crisis) {
    return (
      <CrisisFrame headingLevel={headingLevel}>
        <CoachMarkdown text={consultation.suggestion} className="mt-4" />
      </CrisisFrame>
    );
  }

  return (
    <div className="space-y-5">
      {consultation.views.length > 0 && (
        <div>
          <Heading className="text-sm font-semibold text-muted-foreground">
            What each coach sees
          </Heading>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {consultation.views.map((view) => (
              <li key={view.coachId} className="rounded-xl border bg-background p-4">
                <p className="font-medium">
                  {view.coachName}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    · {coachDomainLabels[view.domain]}
                  </span>
                </p>
                <CoachMarkdown text={view.view} className="mt-1 text-sm" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {consultation.tradeOffs.length > 0 && (
        <div className="rounded-xl border border-warning/40 bg-warning/5 p-4">
          <Heading className="flex items-center gap-2 text-sm font-semibold">
            <Scale aria-hidden="true" className="size-4 text-warning" />
            The trade-offs
          </Heading>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {consultation.tradeOffs.map((tradeOff) => (
              <li key={tradeOff}>
                {/* Written from the person's figures, with the key numbers in bold. */}
                <CoachMarkdown text={tradeOff} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="rounded-xl border border-primary/30 bg-primary-soft/40 p-4">
        <Heading className="flex items-center gap-2 text-sm font-semibold">
          <Lightbulb aria-hidden="true" className="size-4 text-primary" />A way through
        </Heading>
        <CoachMarkdown text={consultation.suggestion} className="mt-2 text-sm" />
      </div>
      {consultation.proposals.length > 0 && (
        <div>
          <Heading className="text-sm font-semibold text-muted-foreground">
            Proposed changes
          </Heading>
          <ul className="mt-2 space-y-3">
            {consultation.proposals.map((proposal) => (
              <li key={proposal.id}>
                <ProposalCard
                  proposal={proposal}
                  coachName={names.get(proposal.coachId) ?? null}
                  today={today}
                  pending={decide.isPending && decide.variables.id === proposal.id}
                  onDecide={(decision) =>
                    decide.mutate(
                      { id: proposal.id, decision },
                      {
                        onSuccess: ({ proposal: decided }) =>
                          toast.success(decided.state === 'accepted' ? 'Accepted' : 'Declined', {
                            description:
                              decided.state === 'accepted'
                                ? `Added to your plan: ${decided.draft.title}`
                                : decided.draft.title,
                          }),
                        onError: (error) =>
                          toast.error('That did not go through', {
                            description: problemOf(error, 'Something went wrong. Try again.'),
                          }),
                      },
                    )
                  }
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <EngineAttribution
        engine={consultation.engine}
        model={consultation.model}
        notice={consultation.notice}
      />
    </div>
  );
}
