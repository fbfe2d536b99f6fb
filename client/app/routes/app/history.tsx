import { ReflectionPanel } from '#client/features/coaching/components/reflection-panel.tsx';
import { HistoryScreen } from '#client/features/coaching/components/history-screen.tsx';
import { useGoals } from '#client/features/goals/api.ts';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /history: the timeline, with reflection beside it. */
export function HistoryPage() {
  const { user } = useAuth();
  const { today, timeZone } = useUserDay();
  // The goal filter lists every goal, finished and archived ones included.
  const goals = useGoals({}).data?.goals ?? [];
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return (
    <HistoryScreen
      userId={user.id}
      timeZone={timeZone}
      today={today}
      goals={goals}
      reflection={<ReflectionPanel userId={user.id} />}
    />
  );
}
