import { Check, ClipboardList, MessageCircle, Plus, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import type { Recommendation, Recommendations } from '#contracts/assessments.ts';
import { coachDomainLabels } from '#contracts/coach.ts';
import { coachToneLabels } from '#contracts/onboarding.ts';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { cn } from '#client/lib/cn.ts';
import { pathTo, paths } from '#client/lib/paths.ts';
import { aiCatalogueId } from '#contracts/coaching.ts';
import { useChangeTeam, useRecommendations, useTeam } from '../api.ts';
import { useOpenOwnCoach } from '../open-own-coach.ts';
import { assessmentTitles } from '../questions.ts';
import { isOnTeam } from '../team-state.ts';

function CoachCard({
  recommendation,
  onTeam,
  onToggle,
  onChat,
  onCustomize,
  opening,
}: {
  recommendation: Recommendation;
  onTeam: boolean;
  onToggle: () => void;
  /** Open the person's own copy of this coach (made first when there is none). */
  onChat: () => void;
  onCustomize: () => void;
  opening: boolean;
}) {
  const { domain, rank, reason, suggestedTone, toneReason } = recommendation;
  const name = `${coachDomainLabels[domain]} coach`;
  const headingId = `coach-${domain}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          'rounded-2xl border bg-card p-4 shadow-sm sm:p-5',
          rank === 1 && 'border-primary ring-1 ring-primary',
        )}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
            {rank === 1 ? 'Best match' : `#${rank}`}
          </span>
          <h2 id={headingId} className="text-lg font-semibold">
            {name}
          </h2>
        </div>
        <p className="mt-2">{reason}</p>
        <p className="mt-3 text-sm">
          <span className="font-medium">Suggested tone: {coachToneLabels[suggestedTone]}.</span>{' '}
          <span className="text-muted-foreground">{toneReason}</span>
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant={onTeam ? 'secondary' : 'primary'}
            onClick={onToggle}
            aria-describedby={onTeam ? `${headingId}-remove` : undefined}
          >
            {onTeam ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Plus aria-hidden="true" className="size-4" />
            )}
            {onTeam ? 'On your team' : 'Add to team'}
          </Button>
          {onTeam && (
            <span id={`${headingId}-remove`} className="sr-only">
              Select to take the {name} off your team.
            </span>
          )}
          <Button
            variant="outline"
            onClick={onChat}
            disabled={opening}
            aria-label={`Start chat with the ${name}`}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Start chat
          </Button>
          <Button
            variant="ghost"
            onClick={onCustomize}
            disabled={opening}
            aria-label={`Customize the ${name}`}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Customize
          </Button>
        </div>
      </article>
    </li>
  );
}

function takenOn(data: Recommendations, timeZone: string): string {
  if (!data.assessment) return '';
  const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone }).format(
    new Date(data.assessment.completedAt),
  );
  return `From your ${assessmentTitles[data.assessment.kind].title.toLowerCase()} of ${date}.`;
}

const retake = (
  <>
    <Link to={paths.coachingAssessment} className={buttonClasses('outline', 'sm')}>
      Quick assessment
    </Link>
    <Link to={paths.coachingAssessmentEnhanced} className={buttonClasses('outline', 'sm')}>
      In-depth assessment
    </Link>
  </>
);

/**
 * /coaching/recommendations: the four domain coaches ranked from the latest completed assessment,
 * each with why, the tone to start in, and the way to add it to the team, chat or customise it.
 */
export function RecommendationsScreen({ userId, timeZone }: { userId: string; timeZone: string }) {
  const recommendations = useRecommendations(userId);
  const team = useTeam(userId);
  const change = useChangeTeam(userId);
  const own = useOpenOwnCoach(userId);
  const data = recommendations.data;
  const hasAny = Boolean(data?.assessment);

  return (
    <PageShell
      title="Recommended coaches"
      description={data && hasAny ? takenOn(data, timeZone) : 'The coaches that fit your answers.'}
      actions={hasAny ? retake : undefined}
    >
      {recommendations.isPending ? (
        <div role="status" aria-label="Loading your recommendations" className="space-y-3">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : recommendations.isError ? (
        <ErrorState
          title="Your recommendations could not load"
          onRetry={() => void recommendations.refetch()}
        />
      ) : !data?.assessment ? (
        <EmptyState
          icon={<ClipboardList aria-hidden="true" />}
          title="No recommendations yet"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to={paths.coachingAssessment} className={buttonClasses('primary')}>
                Take the quick assessment
              </Link>
              <Link to={paths.coachingAssessmentEnhanced} className={buttonClasses('outline')}>
                Take the in-depth assessment
              </Link>
            </div>
          }
        >
          Answer a few questions about what you want to work on (about 2 minutes), or go deeper
          (about 10), and the coaches that fit you appear here.
        </EmptyState>
      ) : (
        <>
          {team.isError && (
            <p role="alert" className="mb-4 text-sm text-danger">
              Your team could not load, so who is on it is not shown.{' '}
              <button type="button" className="underline" onClick={() => void team.refetch()}>
                Try again
              </button>
            </p>
          )}
          <ol aria-label="Recommended coaches, best match first" className="space-y-4">
            {data.recommendations.map((recommendation) => {
              const onTeam = isOnTeam(team.data, recommendation.domain);
              return (
                <CoachCard
                  key={recommendation.domain}
                  recommendation={recommendation}
                  onTeam={onTeam}
                  onChat={() => own.open(aiCatalogueId(recommendation.domain), pathTo.coachingChat)}
                  onCustomize={() =>
                    own.open(aiCatalogueId(recommendation.domain), pathTo.coachingCustomize)
                  }
                  opening={own.opening === aiCatalogueId(recommendation.domain)}
                  onToggle={() =>
                    change.mutate(
                      onTeam
                        ? { type: 'remove', domain: recommendation.domain }
                        : {
                            type: 'add',
                            domain: recommendation.domain,
                            tone: recommendation.suggestedTone,
                            at: new Date().toISOString(),
                          },
                    )
                  }
                />
              );
            })}
          </ol>
          <p className="mt-6 text-sm text-muted-foreground">
            Your team is in{' '}
            <Link to={paths.coachingTeam} className="text-primary underline">
              Coaching team
            </Link>
            . Retake an assessment whenever you like: the latest one counts.
          </p>
        </>
      )}
    </PageShell>
  );
}
