import type { ReactNode } from 'react';
import type { UserCoach } from '#contracts/coaching.ts';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ErrorState } from '#client/components/ui/states.tsx';
import { useOwnCoach } from '../customize-api.ts';

/**
 * The frame of a page about one own coach (customize, personality): loading, a failed read, the
 * not-found page for an id that is not one of the person's coaches, then the page itself.
 */
export function OwnCoachPage({
  userId,
  coachId,
  loadingTitle,
  notFound,
  children,
}: {
  userId: string;
  coachId: string;
  loadingTitle: string;
  notFound: ReactNode;
  children: (coach: UserCoach) => ReactNode;
}) {
  const coach = useOwnCoach(userId, coachId);
  if (coach.isPending) {
    return (
      <PageShell title={loadingTitle} width="narrow">
        <div role="status" aria-label="Loading your coach" className="space-y-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-28 w-full rounded-2xl" />
          <Skeleton className="h-28 w-full rounded-2xl" />
        </div>
      </PageShell>
    );
  }
  if (coach.isError) {
    return (
      <PageShell title={loadingTitle} width="narrow">
        <ErrorState title="Your coach could not load" onRetry={() => void coach.refetch()} />
      </PageShell>
    );
  }
  if (!coach.data) return <>{notFound}</>;
  return <>{children(coach.data)}</>;
}
