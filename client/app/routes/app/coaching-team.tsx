import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { Panel } from '#client/components/ui/panel.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { TeamScreen } from '#client/features/coaching/components/team-screen.tsx';
import { useInsights } from '#client/features/insights/api.ts';
import { InsightSummaryCard } from '#client/features/insights/components/insight-card.tsx';
import {
  useNotificationChange,
  useNotificationHistory,
} from '#client/features/notifications/api.ts';
import {
  NotificationRow,
  useNow,
} from '#client/features/notifications/components/notification-item.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { paths } from '#client/lib/paths.ts';

/** How many of the latest insight notifications the team page lists. */
const FEED_SIZE = 5;
const insightFilter = { type: 'insight', unreadOnly: false } as const;

/**
 * Where `insight` notifications land (they open this page): the latest ones, marked read when
 * opened, beside this week's insight from /progress.
 */
function InsightsFeed({ userId }: { userId: string }) {
  const insight = useInsights().data?.current;
  const feed = useNotificationHistory(userId, insightFilter);
  const change = useNotificationChange(userId);
  const now = useNow();
  const notifications = (feed.data?.pages.flatMap((page) => page.notifications) ?? []).slice(
    0,
    FEED_SIZE,
  );
  return (
    <>
      {insight && <InsightSummaryCard insight={insight} />}
      <Panel
        title="Team insights"
        icon={<Lightbulb aria-hidden="true" />}
        description="What your coaches notice across your goals."
      >
        {feed.isPending ? (
          <div role="status" aria-label="Loading insights" className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : notifications.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing yet. When your coaches notice something across your goals, it lands here and
            under the bell.
          </p>
        ) : (
          <ul className="-mx-4 divide-y border-y sm:-mx-5">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                now={now}
                onSelect={(selected) => {
                  if (!selected.read) change.mutate({ kind: 'read', id: selected.id });
                }}
              />
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm">
          <Link to={paths.progress} className="text-primary underline-offset-4 hover:underline">
            Weekly insights in Progress
          </Link>
          {' · '}
          <Link
            to={paths.notifications}
            className="text-primary underline-offset-4 hover:underline"
          >
            All notifications
          </Link>
        </p>
      </Panel>
    </>
  );
}

/** /coaching/team: the team, "Ask the team", past consultations and the insights feed. */
export function CoachingTeamPage() {
  const { user } = useAuth();
  const { today, timeZone } = useUserDay();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <TeamScreen
      userId={user.id}
      today={today}
      timeZone={timeZone}
      insights={<InsightsFeed userId={user.id} />}
    />
  );
}
