import { Plus, Sprout } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { coachDomains, coachDomainLabels, type CoachDomain } from '#contracts/coach.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { DomainCoach } from '#client/features/coaching/components/domain-coach.tsx';
import { useGoals } from '#client/features/goals/api.ts';
import { GoalProgressList } from '#client/features/goals/components/goal-progress-list.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { paths } from '#client/lib/paths.ts';
import { NotFoundPage } from '../not-found.tsx';

function domainOf(param: string | undefined): CoachDomain | null {
  return coachDomains.find((domain) => domain === param) ?? null;
}

/** The person's active goals in the domain, with their progress. */
function DomainGoals({ domain }: { domain: CoachDomain }) {
  const { today } = useUserDay();
  const goals = useGoals({ domain, status: 'active' });
  if (goals.isPending) {
    return (
      <div role="status" aria-label="Loading your goals" className="space-y-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (goals.isError) {
    return <ErrorState title="Your goals could not load" onRetry={() => void goals.refetch()} />;
  }
  if (goals.data.goals.length === 0) {
    return (
      <EmptyState
        icon={<Sprout aria-hidden="true" />}
        title={`No ${coachDomainLabels[domain].toLowerCase()} goals yet`}
        action={
          <Link to={paths.newGoal} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Declare a goal
          </Link>
        }
      >
        One sentence is enough to start; the coach helps with the rest.
      </EmptyState>
    );
  }
  return <GoalProgressList goals={goals.data.goals} today={today} />;
}

/** /coaching/domains/{domainId}: a domain's coach; any other {domainId} is the not-found page. */
export function CoachingDomainPage() {
  const { domainId } = useParams();
  const { user } = useAuth();
  const domain = domainOf(domainId);
  if (!domain) return <NotFoundPage />;
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <DomainCoach
      key={domain}
      userId={user.id}
      domain={domain}
      goals={<DomainGoals domain={domain} />}
      notFound={<NotFoundPage />}
    />
  );
}
