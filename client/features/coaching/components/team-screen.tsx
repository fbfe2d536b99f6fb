import { MessagesSquare, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useCatalogue, useUserCoaches } from '../coaches-api.ts';
import { benchOf, notYetOwned, teamOf } from '../team-order-state.ts';
import { AskTheTeam } from './ask-the-team.tsx';
import { AddCoaches, EmptyTeam, TeamList } from './team-list.tsx';

const ADD_ID = 'add-coaches';

/**
 * /coaching/team: the team in order (reorder, remove, add), "Ask the team" with past
 * consultations, and the insights feed the route hands in (insight notifications land here).
 */
export function TeamScreen({
  userId,
  today,
  timeZone,
  insights,
}: {
  userId: string;
  today: string;
  timeZone: string;
  insights?: ReactNode;
}) {
  const coaches = useUserCoaches(userId);
  const catalogue = useCatalogue();
  const all = coaches.data?.coaches ?? [];
  const team = teamOf(all);

  return (
    <PageShell
      width="wide"
      title="Your coach team"
      description="The coaches you work with, in the order they speak. Ask them together when your goals pull in different directions."
    >
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="space-y-6">
          <Panel title="Team" icon={<Users aria-hidden="true" />} id="team-heading">
            {coaches.isPending ? (
              <div role="status" aria-label="Loading your team" className="space-y-3">
                <Skeleton className="h-16 w-full rounded-xl" />
                <Skeleton className="h-16 w-full rounded-xl" />
              </div>
            ) : coaches.isError ? (
              <ErrorState title="Your team could not load" onRetry={() => void coaches.refetch()} />
            ) : team.length === 0 ? (
              <EmptyTeam addId={ADD_ID} />
            ) : (
              <TeamList userId={userId} team={team} />
            )}
          </Panel>

          <Panel
            title="Ask the team"
            icon={<MessagesSquare aria-hidden="true" />}
            description="One question to every coach on your team: each view, the trade-offs in your own figures, and one way through."
          >
            <AskTheTeam
              userId={userId}
              today={today}
              timeZone={timeZone}
              disabled={coaches.isSuccess && team.length === 0}
            />
          </Panel>
        </div>

        <div className="space-y-6">
          {coaches.isSuccess && (
            <div id={ADD_ID} className="scroll-mt-24">
              <Panel
                id={`${ADD_ID}-heading`}
                title="Add to your team"
                icon={<UserPlus aria-hidden="true" />}
              >
                {catalogue.isPending ? (
                  <div role="status" aria-label="Loading the coaches" className="space-y-3">
                    <Skeleton className="h-24 w-full rounded-xl" />
                  </div>
                ) : catalogue.isError ? (
                  <ErrorState
                    title="The coaches could not load"
                    onRetry={() => void catalogue.refetch()}
                  />
                ) : (
                  <AddCoaches
                    userId={userId}
                    bench={benchOf(all)}
                    catalogue={notYetOwned(catalogue.data?.coaches ?? [], all)}
                    headingId={`${ADD_ID}-heading`}
                  />
                )}
              </Panel>
            </div>
          )}
          {insights}
        </div>
      </div>
    </PageShell>
  );
}
