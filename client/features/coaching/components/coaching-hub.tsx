import { ArrowRight, Check, ClipboardList, Cpu, Plus, Sparkles, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CatalogueCoach, UserCoach } from '#contracts/coaching.ts';
import { coachDomainLabels, type CoachDomain, type CoachEngine } from '#contracts/coach.ts';
import { engineName } from '#client/components/engine-attribution.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { pathTo, paths } from '#client/lib/paths.ts';
import { useLatestEngine, useLiveCoachMessages } from '../chat-api.ts';
import { useEngineInUse } from '../engine-api.ts';
import { useCreateUserCoach } from '../coaches-api.ts';
import { useCatalogueInPlace, useUserCoachesInPlace } from '../coach-queries.ts';
import { DomainIcon } from './domain-icon.tsx';
import { ReflectionPanel } from './reflection-panel.tsx';
import { YourCoachesList } from './your-coaches.tsx';

function periodFromSearch(value: string | null): 'daily' | 'weekly' | null {
  return value === 'daily' || value === 'weekly' ? value : null;
}

/** A catalogue coach, one per domain: who, what it helps with, and the way to its page. */
function DomainCard({ coach }: { coach: CatalogueCoach }) {
  const headingId = `domain-${coach.id}`;
  return (
    <li className="flex">
      <article
        aria-labelledby={headingId}
        className="flex w-full flex-col rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
      >
        <div className="flex items-center gap-3">
          <DomainIcon domain={coach.domain} />
          <div>
            <h3 id={headingId} className="font-semibold">
              {coachDomainLabels[coach.domain]}
            </h3>
            <p className="text-sm text-muted-foreground">with {coach.name}</p>
          </div>
        </div>
        <p className="mt-3 text-sm">{coach.tagline}</p>
        <p className="mt-3 text-xs font-semibold text-muted-foreground">Helps with</p>
        <ul className="mt-1 flex-1 space-y-1 text-sm">
          {coach.helpsWith.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {item}
            </li>
          ))}
        </ul>
        <Link
          to={pathTo.coachingDomain(coach.domain)}
          className={buttonClasses('outline', 'sm', 'mt-4 self-start')}
          aria-label={`Meet ${coach.name}, the ${coachDomainLabels[coach.domain].toLowerCase()} coach`}
        >
          Meet {coach.name}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </article>
    </li>
  );
}

/**
 * A first visit: no own coaches yet. The coaches of the focus areas chosen in onboarding are
 * offered with one click each; without focus areas, the domains below are the way in.
 */
function FirstCoaches({
  userId,
  catalogue,
  focusDomains,
}: {
  userId: string;
  catalogue: readonly CatalogueCoach[];
  focusDomains: readonly CoachDomain[];
}) {
  const create = useCreateUserCoach(userId);
  const suggested = catalogue.filter(
    (coach) => coach.kind === 'ai' && focusDomains.includes(coach.domain),
  );
  if (suggested.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        You have no coaches yet. Meet one in the domains below, or take an assessment to see which
        coaches fit you.
      </p>
    );
  }
  return (
    <div>
      <p className="text-sm text-muted-foreground">
        You chose these focus areas when you started. Add their coaches and start talking.
      </p>
      <ul className="mt-3 space-y-3">
        {suggested.map((coach) => {
          const adding = create.isPending && create.variables.catalogueId === coach.id;
          return (
            <li
              key={coach.id}
              className="flex items-center gap-3 rounded-xl border bg-background p-3 sm:p-4"
            >
              <DomainIcon domain={coach.domain} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{coach.name}</p>
                <p className="text-sm text-muted-foreground">
                  {coachDomainLabels[coach.domain]} coach
                </p>
              </div>
              <Button
                size="sm"
                disabled={create.isPending}
                aria-label={`Add ${coach.name}, the ${coachDomainLabels[coach.domain].toLowerCase()} coach, to my coaches`}
                onClick={() =>
                  create.mutate(
                    // The server starts it in the tone chosen in onboarding.
                    { catalogueId: coach.id },
                    {
                      onSuccess: (own) => toast.success(`${own.name} is now one of your coaches.`),
                    },
                  )
                }
              >
                <Plus aria-hidden="true" className="size-4" />
                {adding ? 'Adding…' : 'Add to my coaches'}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const engineWords = (engine: CoachEngine, model: string) =>
  engine === 'offline' ? 'the built-in offline coach' : engineName(engine, model);

/**
 * Which engine answers: the one in use now (the server says, before any reply), and the one of the
 * last reply when there was one.
 */
function EngineLine({ userId, coaches }: { userId: string; coaches: UserCoach[] | undefined }) {
  const latest = useLatestEngine(userId, coaches);
  const inUse = useEngineInUse();
  const now = inUse.data ? engineWords(inUse.data.engine, inUse.data.model) : null;
  const last = latest.data ? engineWords(latest.data.engine, latest.data.model) : null;
  const text = last
    ? `Your last reply came from ${last}.${now && now !== last ? ` New replies come from ${now}.` : ''}`
    : `Replies come from ${now ?? 'the built-in offline coach'}.`;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Cpu aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        {latest.isLoading || inUse.isLoading ? 'Checking which coach engine answers…' : text}
      </span>
    </p>
  );
}

/**
 * /coaching: the person's own coaches first (chat, customize, personality), the domains to find
 * more, then the team, assessments, reflection and which engine answers.
 */
export function CoachingHub({
  userId,
  timeZone,
  focusDomains,
}: {
  userId: string;
  timeZone: string;
  /** The focus areas chosen in onboarding; undefined while they load. */
  focusDomains: readonly CoachDomain[] | undefined;
}) {
  const [search] = useSearchParams();
  const reflectPeriod = periodFromSearch(search.get('reflect'));
  const reflection = useRef<HTMLDivElement>(null);
  // "Reflect on your day" elsewhere (the chat) leads here: the form comes into view.
  useEffect(() => {
    if (reflectPeriod) reflection.current?.scrollIntoView?.({ block: 'start' });
  }, [reflectPeriod]);
  const catalogue = useCatalogueInPlace();
  const coaches = useUserCoachesInPlace(userId);
  const own = coaches.data?.coaches;
  // A check-in arriving moves its coach's unread count and last message.
  useLiveCoachMessages(userId);

  return (
    <PageShell
      title="AI Coaching"
      description="A coach for each part of your life, in the tone you like."
      width="wide"
    >
      {/* A phone shows the person's coaches, the team and reflection, then the domains and the
          rest; a wide screen puts the team, reflection and assessments in a second column. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:block lg:space-y-6">
          <Panel
            className="order-1"
            id="your-coaches"
            title="Your coaches"
            icon={<Sparkles aria-hidden="true" />}
          >
            {coaches.isPending ? (
              <div role="status" aria-label="Loading your coaches" className="space-y-3">
                <Skeleton className="h-20 w-full rounded-xl" />
                <Skeleton className="h-20 w-full rounded-xl" />
              </div>
            ) : coaches.isError ? (
              <ErrorState
                title="Your coaches could not load"
                onRetry={() => void coaches.refetch()}
              />
            ) : coaches.data.coaches.length > 0 ? (
              <YourCoachesList coaches={coaches.data.coaches} timeZone={timeZone} />
            ) : catalogue.data && focusDomains ? (
              <FirstCoaches
                userId={userId}
                catalogue={catalogue.data.coaches}
                focusDomains={focusDomains}
              />
            ) : catalogue.isError ? (
              <p className="text-sm text-muted-foreground">You have no coaches yet.</p>
            ) : (
              <div role="status" aria-label="Loading suggestions">
                <Skeleton className="h-16 w-full rounded-xl" />
              </div>
            )}
          </Panel>

          <section aria-labelledby="coaching-domains" className="order-4">
            <h2 id="coaching-domains" className="text-lg font-semibold">
              Coaches by domain
            </h2>
            {catalogue.isPending ? (
              <div
                role="status"
                aria-label="Loading the coaches"
                className="mt-3 grid gap-4 sm:grid-cols-2"
              >
                <Skeleton className="h-56 rounded-2xl" />
                <Skeleton className="h-56 rounded-2xl" />
              </div>
            ) : catalogue.isError ? (
              <ErrorState
                className="mt-3"
                title="The coaches could not load"
                onRetry={() => void catalogue.refetch()}
              />
            ) : (
              <ul className="mt-3 grid gap-4 sm:grid-cols-2">
                {catalogue.data.coaches
                  .filter((coach) => coach.kind === 'ai')
                  .map((coach) => (
                    <DomainCard key={coach.id} coach={coach} />
                  ))}
              </ul>
            )}
          </section>
        </div>

        <div className="contents lg:block lg:space-y-6">
          <Panel
            className="order-2"
            id="coaching-team"
            title="Your coach team"
            icon={<Users aria-hidden="true" />}
            description="Ask several coaches at once: each gives its view, and the trade-offs between your goals are named."
          >
            <Link to={paths.coachingTeam} className={buttonClasses('outline', 'sm')}>
              Open your team
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Panel>

          <div ref={reflection} id="reflect" className="order-3 scroll-mt-24">
            <ReflectionPanel userId={userId} defaultPeriod={reflectPeriod ?? 'daily'} />
          </div>

          <Panel
            className="order-5"
            id="coaching-assessment"
            title="Find your coaches"
            icon={<ClipboardList aria-hidden="true" />}
            description="Answer a few questions and see which coaches fit you, and in which tone."
          >
            <div className="flex flex-wrap gap-2">
              <Link to={paths.coachingAssessment} className={buttonClasses('outline', 'sm')}>
                Quick assessment
              </Link>
              <Link
                to={paths.coachingAssessmentEnhanced}
                className={buttonClasses('outline', 'sm')}
              >
                In-depth assessment
              </Link>
              <Link to={paths.coachingRecommendations} className={buttonClasses('ghost', 'sm')}>
                Your recommendations
              </Link>
            </div>
          </Panel>

          <div className="order-6">
            <EngineLine userId={userId} coaches={own} />
          </div>
        </div>
      </div>
    </PageShell>
  );
}
