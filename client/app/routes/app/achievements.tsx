import { AchievementsScreen } from '#client/features/achievements/components/achievements-screen.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /achievements: the badges earned (with the date) and those still locked (with progress). */
export function AchievementsPage() {
  const { user } = useAuth();
  const { timeZone } = useUserDay();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return <AchievementsScreen userId={user.id} timeZone={timeZone} />;
}
