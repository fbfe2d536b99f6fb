import { ArrowLeft, Check, HeartPulse, MessageCircle, Plus, Target, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { HEALTH_NOTE, type CatalogueCoach, type UserCoach } from '#contracts/coaching.ts';
import { coachDomainLabels, type CoachDomain } from '#contracts/coach.ts';
import { coachToneLabels } from '#contracts/onboarding.ts';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { pathTo, paths } from '#client/lib/paths.ts';
import { useCreateUserCoach } from '../coaches-api.ts';
import { useOpenOwnCoach } from '../open-own-coach.ts';
import { useCatalogueInPlace, useUserCoachesInPlace } from '../coach-queries.ts';
import { DomainIcon } from './domain-icon.tsx';

/**
 * The two actions: put the coach on the team, and talk to it. Either makes the person's own copy
 * of the coach first when there is none; "Start chat" then opens its thread.
 */
function CoachActions({
  userId,
  coach,
  own,
}: {
  userId: string;
  coach: CatalogueCoach;
  own: UserCoach | undefined;
}) {
  const navigate = useNavigate();
  const create = useCreateUserCoach(userId);
  const ownCoach = useOpenOwnCoach(userId);
  const onTeam = own?.teamPosition != null;
  const busy = create.isPending || ownCoach.opening !== null;

  // For a coach the person already has, this puts the same copy on the team.
  const addToTeam = () =>
    create.mutate(
      { catalogueId: coach.id, addToTeam: true },
      { onSuccess: (made) => toast.success(`${made.name} is on your team.`) },
    );

  const startChat = () =>
    own ? void navigate(pathTo.coachingChat(own.id)) : ownCoach.open(coach.id, pathTo.coachingChat);

  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={startChat} disabled={busy}>
        <MessageCircle aria-hidden="true" className="size-4" />
        {own?.lastMessageAt ? 'Continue chat' : 'Start chat'}
      </Button>
      {onTeam ? (
        <Link to={paths.coachingTeam} className={buttonClasses('secondary')}>
          <Check aria-hidden="true" className="size-4" />
          On your team
        </Link>
      ) : (
        <Button variant="outline" onClick={addToTeam} disabled={busy}>
          <Plus aria-hidden="true" className="size-4" />
          Add to team
        </Button>
      )}
    </div>
  );
}

/**
 * /coaching/domains/{domain}: the domain's coach, what it helps with, the way to add it to the
 * team or talk to it, and the person's goals in the domain. Health carries the not-medical-advice
 * note. The page around `goals` (rendered by the route from the goals feature) stays the same.
 */
export function DomainCoach({
  userId,
  domain,
  goals,
  notFound,
}: {
  userId: string;
  domain: CoachDomain;
  goals: ReactNode;
  notFound: ReactNode;
}) {
  const catalogue = useCatalogueInPlace();
  const coaches = useUserCoachesInPlace(userId);
  const label = coachDomainLabels[domain];

  if (catalogue.isPending) {
    return (
      <PageShell title={`${label} coach`}>
        <div role="status" aria-label="Loading the coach" className="space-y-4">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
      </PageShell>
    );
  }
  if (catalogue.isError) {
    return (
      <PageShell title={`${label} coach`}>
        <ErrorState title="This coach could not load" onRetry={() => void catalogue.refetch()} />
      </PageShell>
    );
  }
  const coach = catalogue.data.coaches.find((c) => c.kind === 'ai' && c.domain === domain);
  if (!coach) return <>{notFound}</>;
  const own = coaches.data?.coaches.find((c) => c.catalogueId === coach.id);

  return (
    <PageShell
      title={`${coach.name}, your ${label.toLowerCase()} coach`}
      description={coach.tagline}
      actions={
        <Link to={paths.coaching} className={buttonClasses('ghost')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All coaches
        </Link>
      }
    >
      <div className="space-y-6">
        <section
          aria-labelledby="domain-helps"
          className="rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <div className="flex items-center gap-3">
            <DomainIcon domain={domain} className="size-12" />
            <h2 id="domain-helps" className="text-lg font-semibold">
              What {coach.name} helps with
            </h2>
          </div>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {coach.helpsWith.map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                {item}
              </li>
            ))}
          </ul>
          {domain === 'health' && (
            <p
              role="note"
              className="mt-4 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
            >
              <HeartPulse aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
              <span>{HEALTH_NOTE}</span>
            </p>
          )}
          <div className="mt-5">
            {coaches.isPending ? (
              <Skeleton className="h-10 w-56" />
            ) : (
              <CoachActions userId={userId} coach={coach} own={own} />
            )}
          </div>
          {own && (
            <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>
                Yours as <span className="font-medium text-foreground">{own.name}</span>,{' '}
                {coachToneLabels[own.tone].toLowerCase()} tone.
              </span>
              <Link
                to={pathTo.coachingCustomize(own.id)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Customize
              </Link>
              <Link
                to={pathTo.coachingPersonality(own.id)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Personality
              </Link>
            </p>
          )}
        </section>

        <Panel
          id="domain-goals"
          title={`Your ${label.toLowerCase()} goals`}
          icon={<Target aria-hidden="true" />}
        >
          {goals}
        </Panel>

        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Users aria-hidden="true" className="size-4 text-primary" />
          <span>
            Working on several parts of your life?{' '}
            <Link to={paths.coachingTeam} className="text-primary underline underline-offset-4">
              Your coach team
            </Link>{' '}
            weighs them together.
          </span>
        </p>
      </div>
    </PageShell>
  );
}
