import { ArrowRight, Flag, Plus, Sprout, Sun, Target } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { ReflectionPanel } from '#client/features/coaching/components/reflection-panel.tsx';
import { useDashboard } from '#client/features/dashboard/api.ts';
import { NextMilestones } from '#client/features/dashboard/components/next-milestones.tsx';
import { StreakCard } from '#client/features/dashboard/components/streak-card.tsx';
import { NextDelivery } from '#client/features/schedule/components/next-delivery.tsx';
import { GoalProgressList } from '#client/features/goals/components/goal-progress-list.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { useToday } from '#client/features/tasks/api.ts';
import { TopThree } from '#client/features/tasks/components/top-three.tsx';
import { formatDate } from '#contracts/local-date.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { paths } from '#client/lib/paths.ts';

/** The "All tasks →" link at the right of a panel's heading. */
function PanelLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {label}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </Link>
  );
}

/** A greeting for the hour in the user's own zone. */
function greeting(timeZone: string): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(
      new Date(),
    ),
  );
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const declareLink = (
  <Link to={paths.newGoal} className={buttonClasses('primary')}>
    <Plus aria-hidden="true" className="size-4" />
    Declare your first goal
  </Link>
);

export function DashboardPage() {
  const { user } = useAuth();
  const { today: localToday, timeZone } = useUserDay();
  const today = useToday();
  const dashboard = useDashboard();
  const localDate = dashboard.data?.localDate ?? today.data?.localDate ?? localToday;
  const noGoals = dashboard.data?.goals.length === 0;

  return (
    <PageShell
      title={greeting(timeZone)}
      description={formatDate(localDate, localDate)}
      width="wide"
    >
      {/* A phone shows the top three, reflection, the streak, goals, then milestones; a wide
          screen puts the streak and milestones in a second column. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-6">
        <div className="contents lg:block lg:space-y-6">
          <Panel
            className="order-1"
            id="dashboard-top-three"
            title="Today’s top three"
            icon={<Sun aria-hidden="true" />}
            action={<PanelLink to={paths.tasks} label="All tasks" />}
          >
            {today.isPending ? (
              <div role="status" aria-label="Loading today’s top three" className="space-y-3">
                <Skeleton className="h-20 w-full rounded-2xl" />
                <Skeleton className="h-20 w-full rounded-2xl" />
                <Skeleton className="h-20 w-full rounded-2xl" />
              </div>
            ) : today.isError ? (
              <ErrorState
                title="Today’s top three could not load"
                onRetry={() => void today.refetch()}
              />
            ) : (
              <TopThree
                today={today.data}
                compact
                emptyAction={
                  noGoals ? (
                    declareLink
                  ) : (
                    <Link to={paths.tasks} className={buttonClasses('outline')}>
                      Add a task
                    </Link>
                  )
                }
              />
            )}
            <NextDelivery today={localDate} />
          </Panel>
          {/* Looking back on the day comes right after the day's three. */}
          {user && <ReflectionPanel className="order-2" userId={user.id} />}
          <Panel
            className="order-4"
            id="dashboard-goals"
            title="Goals"
            icon={<Target aria-hidden="true" />}
            action={<PanelLink to={paths.goals} label="All goals" />}
          >
            {dashboard.isPending ? (
              <div role="status" aria-label="Loading goals" className="space-y-4">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : dashboard.isError ? (
              <ErrorState
                title="Your goals could not load"
                onRetry={() => void dashboard.refetch()}
              />
            ) : noGoals ? (
              <EmptyState
                icon={<Sprout aria-hidden="true" />}
                title="No goals yet"
                action={declareLink}
              >
                One sentence is enough to start; the coach helps with the rest.
              </EmptyState>
            ) : (
              <GoalProgressList goals={dashboard.data.goals} today={localDate} />
            )}
          </Panel>
        </div>
        <div className="contents lg:block lg:space-y-6">
          <div className="order-3">
            {dashboard.isPending ? (
              <Skeleton className="h-24 w-full rounded-2xl" />
            ) : dashboard.data ? (
              <StreakCard
                current={dashboard.data.streak.current}
                best={dashboard.data.streak.best}
              />
            ) : null}
          </div>
          <Panel
            className="order-5"
            id="dashboard-milestones"
            title="Next milestones"
            icon={<Flag aria-hidden="true" />}
          >
            {dashboard.isPending ? (
              <div role="status" aria-label="Loading milestones" className="space-y-3">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </div>
            ) : dashboard.data ? (
              <NextMilestones milestones={dashboard.data.nextMilestones} localDate={localDate} />
            ) : (
              <p className="text-sm text-muted-foreground">Not available right now.</p>
            )}
          </Panel>
        </div>
      </div>
    </PageShell>
  );
}
