import { RecommendationsScreen } from '#client/features/coaching/components/recommendations-screen.tsx';
import { useUserDay } from '#client/features/profile/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** /coaching/recommendations: coaches ranked from the latest completed assessment. */
export function CoachingRecommendationsPage() {
  const { user } = useAuth();
  const { timeZone } = useUserDay();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;
  return <RecommendationsScreen userId={user.id} timeZone={timeZone} />;
}
