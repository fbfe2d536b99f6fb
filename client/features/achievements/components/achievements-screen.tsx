import { Award, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { ProgressBar } from '#client/components/ui/progress.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { progressText, viewOf } from '../achievement-state.ts';
import { useAchievements } from '../api.ts';
import { BadgeList } from './badge-list.tsx';

/** The badges of `userId`, earned and locked; dates shown in `timeZone` (the person's own). */
export function AchievementsScreen({ userId, timeZone }: { userId: string; timeZone: string }) {
  const query = useAchievements(userId);
  const view = query.data ? viewOf(query.data) : null;

  return (
    <PageShell
      title="Achievements"
      description="Badges for the steps you take: goals set, plans made, days finished, streaks kept."
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading achievements" className="space-y-3">
          <Skeleton className="h-20 w-full rounded-2xl" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-24 w-full rounded-2xl" />
          </div>
        </div>
      ) : query.isError || !view ? (
        <ErrorState title="Your achievements could not load" onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-8">
          <section aria-label="Summary" className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
            <p className="text-2xl font-semibold tabular-nums">
              {view.earnedCount} of {view.total}{' '}
              <span className="text-base font-normal text-muted-foreground">badges earned</span>
            </p>
            <ProgressBar
              value={(view.earnedCount / view.total) * 100}
              label={`${view.earnedCount} of ${view.total} badges earned`}
              className="mt-3"
            />
            {view.next?.progress && (
              <p className="mt-3 text-sm text-muted-foreground">
                Closest next: <span className="font-medium text-foreground">{view.next.title}</span>{' '}
                ({progressText(view.next.progress)})
              </p>
            )}
          </section>

          {view.earned.length === 0 ? (
            <EmptyState
              icon={<Award aria-hidden="true" />}
              title="No badges yet"
              action={
                <Link to={paths.newGoal} className={buttonClasses('primary')}>
                  <Plus aria-hidden="true" className="size-4" />
                  Set your first goal
                </Link>
              }
            >
              Your first one is a goal away. Every badge below says how to earn it.
            </EmptyState>
          ) : (
            <BadgeList
              id="earned-heading"
              title="Earned"
              badges={view.earned}
              timeZone={timeZone}
            />
          )}

          {view.locked.length > 0 && (
            <BadgeList
              id="locked-heading"
              title="Still to earn"
              badges={view.locked}
              timeZone={timeZone}
            />
          )}
        </div>
      )}
    </PageShell>
  );
}
